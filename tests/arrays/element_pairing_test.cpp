// User code that touches its float32, int32, uint32 and float64 arrays only at x[i] runs two
// indices per step (arrays/src/element_pairing.hpp): the same results as one index per step at every size,
// alignment and range, including operations that skip indices, write conditionally, work in
// place or mix in other types; and no paired kernel for code that could reach other elements,
// move `i` or leave the kernel. Reductions' map expressions pair the same way. Values are small
// integers, exact in float32, so that results compare exactly.
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/elementwise_source.hpp>
#include <rtcg/arrays/reduction.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

using rtcg::Array;
using rtcg::ElementwiseKernel;
using rtcg::Range;
using rtcg::codegen::Dialect;
using rtcg::test::context;

namespace {

constexpr std::size_t sizes[] = {1, 2, 3, 4, 7, 8, 255, 256, 257, 4097, 100001};

std::vector<float> ramp(std::size_t n, int scale) {
    std::vector<float> values(n);
    for (std::size_t k = 0; k < n; ++k) values[k] = static_cast<float>(static_cast<int>(k % 101) * scale - 50);
    return values;
}

bool has_pairs(std::string_view declarations, std::string_view operation, std::string_view preamble = {}) {
    const auto arguments = rtcg::codegen::parse_arguments(declarations);
    return rtcg::elementwise_source(Dialect::opencl, arguments, operation, "probe", preamble).find("rtcg_ew_probe_pairs") !=
           std::string::npos;
}

} // namespace

TEST_CASE("lin_comb runs in pairs from even starts and one index per step elsewhere, with the same results") {
    const ElementwiseKernel lin_comb(context(), "float a, float *x, float b, float *y, float *z",
                                     "z[i] = a*x[i] + b*y[i]", {.name = "lin_comb"});
    CHECK(lin_comb.source(Dialect::opencl).find("rtcg_ew_lin_comb_pairs") != std::string::npos);
    // z is only written: its pairs stream out (prelude.hpp, RTCG_STORE_STREAMING), for every
    // paired element type.
    CHECK(lin_comb.source(Dialect::cuda).find("RTCG_STORE_STREAMING(&rtcg_pairs_z[rtcg_k]") != std::string::npos);
    rtcg::test::compile_for_cuda(lin_comb.source(Dialect::cuda));
    for (const char* type : {"int", "unsigned int", "double"}) {
        CAPTURE(type);
        const std::string declarations = std::string(type) + " *x, " + type + " *z";
        rtcg::test::compile_for_cuda(rtcg::elementwise_source(
            Dialect::cuda, rtcg::codegen::parse_arguments(declarations), "z[i] = x[i] + 1", "streamed"));
    }
    for (std::size_t n : sizes) {
        CAPTURE(n);
        const std::vector<float> x = ramp(n + 3, 1), y = ramp(n + 3, 3);
        const auto x_gpu = Array<float>::to_device(context(), x);
        const auto y_gpu = Array<float>::to_device(context(), y);
        for (std::size_t first : {0, 1, 2, 3}) {
            CAPTURE(first);
            auto z = Array<float>::full(context(), n, -1.0f);
            lin_comb(2.0f, x_gpu(rtcg::slice(first, first + n)), 3.0f, y_gpu(rtcg::slice(first, first + n)), z);
            std::vector<float> expected(n);
            for (std::size_t k = 0; k < n; ++k) expected[k] = 2 * x[first + k] + 3 * y[first + k];
            CHECK(z.get() == expected);
        }
        // Ranges: an even and an odd start, every second index, and backwards.
        for (const Range range : {Range{2, static_cast<std::int64_t>(n), 1}, Range{1, static_cast<std::int64_t>(n), 1},
                                  Range{0, static_cast<std::int64_t>(n), 2},
                                  Range{static_cast<std::int64_t>(n) - 1, -1, -1}}) {
            CAPTURE(range.start);
            CAPTURE(range.step);
            auto z = Array<float>::full(context(), n + 3, -1.0f);
            lin_comb(range, 2.0f, x_gpu, 3.0f, y_gpu, z);
            std::vector<float> expected(n + 3, -1.0f);
            for (std::size_t k = 0; k < range.size(); ++k) {
                const auto i = static_cast<std::size_t>(range.at(k));
                expected[i] = 2 * x[i] + 3 * y[i];
            }
            CHECK(z.get() == expected);
        }
    }
}

TEST_CASE("paired lanes skip, write conditionally, work in place and mix types as one index per step does") {
    // x is read and written, k only where x[i] > 0 (so its old values must survive elsewhere), d is
    // float64 (not paired) and its index is the lane's own; a line comment ends the operation.
    const ElementwiseKernel kernel(
        context(), "float *x, int *k, double *d",
        "if (x[i] == 0) continue; if (x[i] > 0) k[i] += (int)(d[i] + i); x[i] = -x[i] // flip", {.name = "mixed"});
    CHECK(kernel.source(Dialect::opencl).find("rtcg_ew_mixed_pairs") != std::string::npos);
    // Arrays that are loaded are stored plainly: they are in the cache already.
    CHECK(kernel.source(Dialect::cuda).find("RTCG_STORE_STREAMING(&") == std::string::npos);
    rtcg::test::compile_for_cuda(kernel.source(Dialect::cuda));
    for (std::size_t n : sizes) {
        CAPTURE(n);
        for (std::size_t first : {0, 1}) {
            CAPTURE(first);
            const std::vector<float> x = ramp(n + 1, 1);
            std::vector<std::int32_t> k(n + 1);
            std::vector<double> d(n + 1);
            for (std::size_t e = 0; e <= n; ++e) {
                k[e] = static_cast<std::int32_t>(e % 7) - 3;
                d[e] = static_cast<double>(e % 5) * 10;
            }
            auto x_gpu = Array<float>::to_device(context(), x);
            auto k_gpu = Array<std::int32_t>::to_device(context(), k);
            const auto d_gpu = Array<double>::to_device(context(), d);
            kernel(x_gpu(rtcg::slice(first, first + n)), k_gpu(rtcg::slice(first, first + n)), d_gpu(rtcg::slice(first, first + n)));
            std::vector<float> x_expected = x;
            std::vector<std::int32_t> k_expected = k;
            for (std::size_t i = 0; i < n; ++i) {
                float& xe = x_expected[first + i];
                if (xe == 0) continue;
                if (xe > 0) k_expected[first + i] += static_cast<std::int32_t>(d[first + i] + static_cast<double>(i));
                xe = -xe;
            }
            CHECK(x_gpu.get() == x_expected);
            CHECK(k_gpu.get() == k_expected);
        }
    }
    // The same array as input and output: each pair is loaded before it is stored.
    const ElementwiseKernel lin_comb(context(), "float a, float *x, float b, float *y, float *z",
                                     "z[i] = a*x[i] + b*y[i]", {.name = "lin_comb"});
    auto x = Array<float>::to_device(context(), ramp(1001, 1));
    lin_comb(2.0f, x, 1.0f, x, x);
    std::vector<float> tripled = ramp(1001, 1);
    for (float& v : tripled) v *= 3;
    CHECK(x.get() == tripled);
}

TEST_CASE("code that could reach other elements, move i or leave the kernel gets no paired kernel") {
    const std::string_view floats = "float *x, float *z";
    CHECK(has_pairs(floats, "z[i] = x[i]"));
    CHECK(has_pairs("int *x, unsigned int *z", "z[ i ] = x[i] /* spaced */"));
    CHECK(has_pairs(floats, "z[i] = x[i + 1]")); // z still pairs; x is read in memory
    CHECK(has_pairs(floats, "z[i] = s.x + x[i]", "struct S { float x; }; __constant struct S s = {1};"));
    CHECK_FALSE(has_pairs("short *x, short *z", "z[i] = x[i]")); // 2-byte elements: not paired
    CHECK_FALSE(has_pairs(floats, "z[i + 1] = x[i + 1]"));
    CHECK_FALSE(has_pairs(floats, "z[n - 1 - i] = x[n - 1 - i]"));
    CHECK_FALSE(has_pairs(floats, "*(z + i) = *(x + i)"));
    CHECK_FALSE(has_pairs(floats, "z[i] = x[i]; return"));
    CHECK_FALSE(has_pairs(floats, "z[i] = x[i]; i += 1"));
    CHECK_FALSE(has_pairs(floats, "z[i++] = x[i]"));
    CHECK_FALSE(has_pairs(floats, "z[i] = COPY(x)", "#define COPY(a) a[i]"));
    CHECK_FALSE(has_pairs(floats, "#pragma unroll\nz[i] = x[i]"));
    CHECK_FALSE(has_pairs("float *x", "float* p = &x[i]; *p = 1"));
    CHECK(has_pairs(floats, "const float* p = &x[i]; z[i] = *p")); // z pairs; x stays in memory
    CHECK_FALSE(has_pairs("__constant float *x, float *z", "z[n - 1] = x[i]"));
}

TEST_CASE("a reduction's map expression reads its 4-byte arrays in pairs, with the same results") {
    const rtcg::ReductionKernel<float> dot(context(), "float *x, float *y",
                                           {.map_expr = "x[i]*y[i]", .reduce_expr = "a+b", .neutral = "0"},
                                           {.name = "dot"});
    CHECK(dot.source(Dialect::opencl).find("rtcg_reduce_dot_pairs") != std::string::npos);
    rtcg::test::compile_for_cuda(dot.source(Dialect::cuda));
    for (std::size_t n : sizes) {
        CAPTURE(n);
        const std::vector<float> x = ramp(n + 1, 1), y = ramp(n + 1, 2);
        const auto x_gpu = Array<float>::to_device(context(), x);
        const auto y_gpu = Array<float>::to_device(context(), y);
        for (std::size_t first : {0, 1}) {
            CAPTURE(first);
            double expected = 0;
            for (std::size_t k = first; k < first + n; ++k) expected += double(x[k]) * double(y[k]);
            // Sums of up to 100001 products below 2^14 stay exact in float32 only in small
            // prefixes, so compare with the float64 sum at float32's precision.
            const float got = dot(x_gpu(rtcg::slice(first, first + n)), y_gpu(rtcg::slice(first, first + n))).get();
            CHECK(got == doctest::Approx(expected).epsilon(1e-6));
        }
        const Range odd{1, static_cast<std::int64_t>(n), 1};
        double expected = 0;
        for (std::size_t k = 1; k < n; ++k) expected += double(x[k]) * double(y[k]);
        CHECK(dot(odd, x_gpu, y_gpu).get() == doctest::Approx(expected).epsilon(1e-6));
    }
    // A map expression that writes is not paired where it writes.
    const rtcg::ReductionKernel<std::int32_t> count(
        context(), "float *x, float *z", {.map_expr = "(z[i] = x[i] * 2) > 0", .reduce_expr = "a+b", .neutral = "0"},
        {.name = "count_positive"});
    const auto x = Array<float>::to_device(context(), ramp(9, 1));
    auto z = Array<float>::zeros(context(), 9);
    CHECK(count(x, z).get() == 0); // ramp(9) is -50 .. -42
    CHECK(z.get() == std::vector<float>{-100, -98, -96, -94, -92, -90, -88, -86, -84});
}
