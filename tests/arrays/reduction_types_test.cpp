// Reductions whose output is not a plain number: a struct argmin that breaks ties by index, a
// complex sum, and the untyped kernel that generators call with DTypes, into new arrays and into
// one element of existing ones.
#include "../support/test_context.hpp"
#include "array_test_support.hpp"
#include "reduction_test_support.hpp"

#include <rtcg/arrays/reduction.hpp>
#include <rtcg/codegen/device_struct.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <cstdint>
#include <limits>
#include <vector>

using rtcg::Array;
using rtcg::ReductionKernel;
using rtcg::codegen::DType;
using rtcg::test::array_sizes;
using rtcg::test::close_to;
using rtcg::test::compiles_for_cuda;
using rtcg::test::context;

namespace {

struct MinLocation {
    float value;
    std::int32_t index;
};

const DType min_location = rtcg::codegen::declare_struct<MinLocation>("min_location", {"value", "index"});

// The smaller value, and of equal values the smaller index: commutative, as reductions need.
constexpr const char* argmin_preamble = R"(
RTCG_DEVICE min_location located(float value, int index) {
    min_location m;
    m.value = value;
    m.index = index;
    return m;
}
RTCG_DEVICE min_location earlier_minimum(min_location a, min_location b) {
    return (b.value < a.value || (b.value == a.value && b.index < a.index)) ? b : a;
}
)";

ReductionKernel<MinLocation> argmin_kernel() {
    return ReductionKernel<MinLocation>(
        context(), "float *x",
        {.map_expr = "located(x[i], (int)i)",
         .reduce_expr = "earlier_minimum(a, b)",
         .neutral = "located(INFINITY, 2147483647)"},
        {.name = "argmin", .preamble = std::string(rtcg::test::infinity_preamble) + argmin_preamble});
}

} // namespace

TEST_CASE("a struct argmin finds the first of equal minima") {
    const ReductionKernel<MinLocation> argmin = argmin_kernel();
    compiles_for_cuda(argmin);
    for (std::size_t n : array_sizes) {
        CAPTURE(n);
        // Few distinct values, so the minimum occurs many times; its first occurrence moves with n.
        std::vector<float> x(n);
        for (std::size_t k = 0; k < n; ++k) x[k] = static_cast<float>((k * 7919 + n) % 13) - 6;
        const MinLocation found = argmin(Array<float>::to_device(context(), x)).get();
        if (n == 0) {
            CHECK(found.value == std::numeric_limits<float>::infinity());
            CHECK(found.index == std::numeric_limits<std::int32_t>::max());
            continue;
        }
        std::size_t first = 0;
        for (std::size_t k = 1; k < n; ++k)
            if (x[k] < x[first]) first = k;
        CHECK(found.value == x[first]);
        CHECK(found.index == static_cast<std::int32_t>(first));
    }
}

TEST_CASE("complex sums") {
    const ReductionKernel<std::complex<float>> sum(
        context(), "cfloat_t *z",
        {.map_expr = "z[i]", .reduce_expr = "cfloat_add(a, b)", .neutral = "cfloat_new(0, 0)"},
        {.name = "complex_sum"});
    const ReductionKernel<std::complex<double>> weighted(context(), "double *x",
                                                         {.map_expr = "cdouble_mulr(cdouble_new(0, 1), x[i])",
                                                          .reduce_expr = "cdouble_add(a, b)",
                                                          .neutral = "cdouble_fromreal(0)"},
                                                         {.name = "imaginary_sum"});
    compiles_for_cuda(sum);
    compiles_for_cuda(weighted);
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{33}, std::size_t{1025}, std::size_t{15391}}) {
        CAPTURE(n);
        const auto z = rtcg::test::values<std::complex<float>>(n);
        const auto x = rtcg::test::values<double>(n);
        std::complex<double> expected = 0;
        double magnitudes = 0, real_sum = 0, real_magnitudes = 0;
        for (const auto& v : z) expected += std::complex<double>(v), magnitudes += std::abs(std::complex<double>(v));
        for (double v : x) real_sum += v, real_magnitudes += std::abs(v);
        const std::complex<float> got = sum(Array<std::complex<float>>::to_device(context(), z)).get();
        CHECK(close_to(got.real(), expected.real(), magnitudes));
        CHECK(close_to(got.imag(), expected.imag(), magnitudes));
        const std::complex<double> imaginary = weighted(Array<double>::to_device(context(), x)).get();
        CHECK(imaginary.real() == 0);
        CHECK(close_to(imaginary.imag(), real_sum, real_magnitudes));
    }
}

TEST_CASE("the untyped kernel reduces into new arrays and into one element of existing ones") {
    const rtcg::detail::UntypedReductionKernel count(
        context(), DType::int64(), "float *x, float limit",
        {.map_expr = "x[i] > limit ? 1 : 0", .reduce_expr = "a+b", .neutral = "0"}, {.name = "count_above"});
    CHECK(count.dtype_out() == DType::int64());
    CHECK(count.name() == "count_above");
    CHECK(count.arguments().size() == 2);
    const float limit = 0.5f;
    for (std::size_t n : {std::size_t{3}, std::size_t{100000}}) {
        CAPTURE(n);
        std::vector<float> host(n);
        for (std::size_t k = 0; k < n; ++k) host[k] = static_cast<float>(k % 4) * 0.25f;
        const auto x = Array<float>::to_device(context(), host);
        const auto expected = static_cast<std::int64_t>(n / 4); // the elements k % 4 == 3
        const rtcg::detail::CallArgument args[] = {rtcg::detail::call_argument(x), rtcg::detail::call_argument(limit)};

        const rtcg::detail::ArrayData result = count.launch(context().queue(), args);
        CHECK(result.shape().empty());
        std::int64_t value = -1;
        result.read(&value, sizeof value);
        CHECK(value == expected);

        // Into element 2 of five, the others untouched; over a range, into element 4.
        const auto out = Array<std::int64_t>::full(context(), 5, -1);
        count.launch_into(context().queue(), args, out(rtcg::slice(2, 3)).data());
        const rtcg::Range every_other{3, static_cast<std::int64_t>(n), 8};
        count.launch_into(context().queue(), args, out(rtcg::slice(4, 5)).data(), &every_other);
        const auto covered = static_cast<std::int64_t>(every_other.size());
        CHECK(out.get() == std::vector<std::int64_t>{-1, -1, expected, -1, covered});
    }
}
