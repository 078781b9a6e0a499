// Expressions as single kernels: fusion (one kernel reading each array once), the cache keyed by
// the expression's form rather than its values, shapes and broadcasting of 0-dimensional arrays,
// in-place assignment including overlapping views, and every test size.
#include "../support/test_context.hpp"
#include "../support/cuda_compile.hpp"
#include "array_test_support.hpp"

#include <rtcg/arrays/operators.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

using rtcg::Array;
using rtcg::codegen::Dialect;
using rtcg::test::array_sizes;
using rtcg::test::context;

namespace {

std::size_t occurrences(const std::string& text, const std::string& word) {
    std::size_t count = 0;
    for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++count;
    return count;
}

// The generated statement: the line assigning out[i].
std::string statement(const std::string& source) {
    const std::size_t start = source.find("out[i] = ");
    return source.substr(start, source.find('\n', start) - start);
}

} // namespace

TEST_CASE("z = a*x + b*sin(y) is one kernel reading x and y once, at every size") {
    for (std::size_t n : array_sizes) {
        CAPTURE(n);
        const std::vector<float> x = rtcg::test::values<float>(n);
        std::vector<float> y(n);
        for (std::size_t k = 0; k < n; ++k) y[k] = static_cast<float>(k % 17) * 0.25f;
        const auto x_gpu = Array<float>::to_device(context(), x);
        const auto y_gpu = Array<float>::to_device(context(), y);
        const float a = 2, b = -3;
        const auto expression = a * x_gpu + b * rtcg::sin(y_gpu);
        Array<float> z = expression;
        const std::vector<float> got = z.get();
        for (std::size_t k = 0; k < n; ++k)
            REQUIRE(got[k] == doctest::Approx(a * x[k] + b * std::sin(y[k])).epsilon(1e-5).scale(1));
        if (n == 1) {
            // Float32 arrays go in pairs: one 8-byte load of x and of y, one store of z, per pair.
            const std::string source = expression.source(Dialect::opencl);
            CHECK(occurrences(source, "RTCG_KERNEL void") == 2); // one index per step, and pairs
            CHECK(occurrences(source, "RTCG_GLOBAL const rtcg_float2*)(x") == 2);
            CHECK(occurrences(source, "RTCG_GLOBAL rtcg_float2*)(out + rtcg_start)") == 1);
            // Stored, never loaded: a streaming store (prelude.hpp, RTCG_STORE_STREAMING).
            CHECK(occurrences(source, "RTCG_STORE_STREAMING(&rtcg_pairs_out[rtcg_k], ") == 1);
            CHECK(occurrences(source, "rtcg_pairs_out") == 2);
            CHECK(occurrences(source, "[0]") == 0);
            rtcg::test::compile_for_cuda(expression.source(Dialect::cuda));
        }
    }
}

TEST_CASE("an array used twice is one argument, read once") {
    const auto x = Array<double>::to_device(context(), {1, 2, 3});
    const auto square_plus = x * x + x;
    CHECK(statement(square_plus.source(Dialect::opencl)) == "out[i] = ((x0[i] * x0[i]) + x0[i]);");
    CHECK(square_plus.get() == std::vector<double>{2, 6, 12});
}

TEST_CASE("the kernel depends on the expression's form and types, not on its values") {
    const auto x = Array<float>::to_device(context(), {1, 2});
    const auto y = Array<float>::to_device(context(), {5, 7});
    CHECK((x * 2 + y).source(Dialect::opencl) == (y * 3.5 + x).source(Dialect::opencl));
    CHECK((x * 2 + y).source(Dialect::opencl) != (x * 2 - y).source(Dialect::opencl));
    CHECK((x * 2 + y).get() == std::vector<float>{7, 11});
    CHECK((y * 3.5 + x).get() == std::vector<float>{18.5f, 26.5f});
}

TEST_CASE("shapes must match; 0-dimensional arrays apply to every element") {
    const auto m = Array<float>::to_device(context(), {1, 2, 3, 4, 5, 6}).reshape({2, 3});
    const auto v = Array<float>::to_device(context(), {1, 2, 3, 4, 5, 6});
    CHECK_THROWS_AS(m + v, rtcg::InvalidArgument);
    CHECK_THROWS_AS(v(rtcg::slice(0, 2)) * v, rtcg::InvalidArgument);
    const auto total = Array<float>::full(context(), std::vector<std::size_t>{}, 21.0f);
    const auto normalised = m / total;
    CHECK(normalised.shape() == std::vector<std::size_t>{2, 3});
    const auto got = normalised.get();
    for (std::size_t k = 0; k < 6; ++k) CHECK(got[k] == static_cast<float>(k + 1) / 21.0f);
    CHECK((total * 2).shape().empty());
    CHECK((total * 2).get() == std::vector<float>{42});
}

TEST_CASE("assign writes in place, converts, broadcasts, and handles overlapping views") {
    auto x = Array<std::int32_t>::to_device(context(), {1, 2, 3, 4, 5});
    const auto view = x; // shares storage, like a numpy view
    x.assign(x * 10);
    CHECK(view.get() == std::vector<std::int32_t>{10, 20, 30, 40, 50});
    x += 1;
    CHECK(view.get() == std::vector<std::int32_t>{11, 21, 31, 41, 51});
    x.assign(Array<double>::to_device(context(), {1.9, -1.9, 2, 3, 4}).astype<std::int32_t>() * 2);
    CHECK(x.get() == std::vector<std::int32_t>{2, -2, 4, 6, 8});
    x(rtcg::slice(1, 5)).assign(x(rtcg::slice(0, 4))); // numpy: x[1:] = x[:-1]
    CHECK(x.get() == std::vector<std::int32_t>{2, 2, -2, 4, 6});
    x(rtcg::slice(0, 4)).assign(x(rtcg::slice(1, 5)) + 0);
    CHECK(x.get() == std::vector<std::int32_t>{2, -2, 4, 6, 6});
    x.assign(Array<std::int32_t>::full(context(), std::vector<std::size_t>{}, 7));
    CHECK(x.get() == std::vector<std::int32_t>{7, 7, 7, 7, 7});
    CHECK_THROWS_AS(x.assign(Array<std::int32_t>::zeros(context(), 4) + 1), rtcg::InvalidArgument);
    auto f = Array<float>::to_device(context(), {1, 2});
    f /= 4;
    f *= f;
    CHECK(f.get() == std::vector<float>{0.0625f, 0.25f});
}

TEST_CASE("expressions over views read the viewed elements") {
    const auto x = Array<double>::arange(context(), 0.0, 10.0);
    const auto middle = x(rtcg::slice(3, 7)) * 2 + x(rtcg::slice(2, 6));
    CHECK(middle.get() == std::vector<double>{8, 11, 14, 17});
}

TEST_CASE("arrays of 4-byte elements go in pairs where aligned, one by one elsewhere, with the same results") {
    // x[k] = k - 20: exact in every type used here.
    const std::size_t n = 41;
    const auto x32 = Array<float>::arange(context(), -20.0f, 21.0f);
    const auto i32 = Array<std::int32_t>::arange(context(), -20, 21);
    const auto f64 = Array<double>::arange(context(), -20.0, 21.0);
    const auto u8 = Array<std::uint8_t>::arange(context(), 0, 41);
    const auto expected = [&](std::size_t first, std::size_t count, auto f) {
        std::vector<decltype(f(0.0, 0.0))> values;
        for (std::size_t k = first; k < first + count; ++k) values.push_back(f(double(k) - 20, double(k)));
        return values;
    };
    for (std::size_t first : {0, 1, 2}) {
        CAPTURE(first);
        const std::size_t count = n - first - 1; // odd or even, from an even or an odd element
        const auto xs = x32(rtcg::slice(first, first + count));
        const auto is = i32(rtcg::slice(first, first + count));
        const auto ds = f64(rtcg::slice(first, first + count));
        const auto us = u8(rtcg::slice(first, first + count));
        CHECK((xs * 3.0f + 1.0f).get() == expected(first, count, [](double v, double) { return float(v * 3 + 1); }));
        // int32 with float64: pairs of int32 loads, float64 stores one by one.
        CHECK((is * ds).get() == expected(first, count, [](double v, double) { return v * v; }));
        // uint8 with int32: only the int32 array pairs.
        CHECK((us + is).get() == expected(first, count, [](double v, double k) { return std::int32_t(k + v); }));
        // A 0-dimensional operand is read at [0] in every lane.
        CHECK((xs - Array<float>::full(context(), std::vector<std::size_t>{}, 0.5f)).get() ==
              expected(first, count, [](double v, double) { return float(v - 0.5); }));
    }
    // One program for either alignment: odd starts launch its one-index kernel, even ones its pairs.
    const std::string even = (x32(rtcg::slice(2, 10)) * 2.0f).source(Dialect::opencl);
    const std::string odd = (x32(rtcg::slice(1, 9)) * 2.0f).source(Dialect::opencl);
    CHECK(occurrences(even, "rtcg_ew_expr_pairs") == 1);
    CHECK(even == odd);
    rtcg::test::compile_for_cuda((i32 * f64).source(Dialect::cuda));
    rtcg::test::compile_for_cuda((u8 + i32).source(Dialect::cuda));
    // In place over pairs: every load of a pair comes before its stores.
    auto y = Array<float>::arange(context(), 0.0f, 7.0f);
    y.assign(y * 2.0f + y);
    CHECK(y.get() == std::vector<float>{0, 3, 6, 9, 12, 15, 18});
}

TEST_CASE("an empty expression launches nothing and gives an empty array") {
    const auto x = Array<float>::empty(context(), 0);
    const Array<float> y = rtcg::exp(x) * 2;
    CHECK(y.size() == 0);
    CHECK(y.get().empty());
}
