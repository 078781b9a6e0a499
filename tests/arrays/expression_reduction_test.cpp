// Reductions of arrays and fused expressions against host references: sum, min, max with NaN,
// all, any, dot, vdot and the three norms, at every test size and for every element type, with
// numpy's result types.
#include "../support/test_context.hpp"
#include "../support/cuda_compile.hpp"
#include "array_test_support.hpp"

#include <rtcg/arrays/reductions.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <algorithm>
#include <numeric>
#include <type_traits>
#include <vector>

using rtcg::Array;
using rtcg::test::array_sizes;
using rtcg::test::context;

namespace {

template <class T>
using sum_t = decltype(rtcg::sum(std::declval<Array<T>>()).get());

template <class T>
void check_type(std::size_t n) {
    CAPTURE(n);
    const std::vector<T> host = rtcg::test::values<T>(n);
    const auto x = Array<T>::to_device(context(), host);
    using S = sum_t<T>;
    // Floating sums are referenced in double precision: a sequential float32 sum on the host is
    // less accurate than the device's tree.
    using Reference = std::conditional_t<std::is_integral_v<S>, S,
                                         std::conditional_t<std::is_floating_point_v<S>, double, std::complex<double>>>;
    Reference expected_sum{};
    for (const T& v : host) {
        if constexpr (std::is_integral_v<S>)
            expected_sum = static_cast<S>(static_cast<std::uint64_t>(expected_sum) + static_cast<std::uint64_t>(v));
        else
            expected_sum += static_cast<Reference>(v);
    }
    const S got = rtcg::sum(x).get();
    const double tolerance = std::is_same_v<S, float> || std::is_same_v<S, std::complex<float>> ? 1e-5 : 1e-12;
    if constexpr (std::is_integral_v<S>)
        CHECK(got == expected_sum);
    else
        CHECK(std::abs(static_cast<Reference>(got) - expected_sum) <= tolerance * std::max(1.0, std::abs(expected_sum)));
    if constexpr (!std::is_same_v<T, std::complex<float>> && !std::is_same_v<T, std::complex<double>>) {
        if (n > 0) {
            CHECK(x.min().get() == *std::min_element(host.begin(), host.end()));
            CHECK(x.max().get() == *std::max_element(host.begin(), host.end()));
        }
    }
    CHECK(rtcg::all(x).get() == std::all_of(host.begin(), host.end(), [](const T& v) { return v != T{}; }));
    CHECK(rtcg::any(x).get() == std::any_of(host.begin(), host.end(), [](const T& v) { return v != T{}; }));
}

template <class... T>
void check_types(std::size_t n) {
    (check_type<T>(n), ...);
}

} // namespace

TEST_CASE("sum, min, max, all and any of every element type at every size") {
    for (std::size_t n : array_sizes) check_types<RTCG_ARRAY_ELEMENT_TYPES>(n);
}

TEST_CASE("reduction results have numpy's types") {
    static_assert(std::is_same_v<sum_t<bool>, std::int64_t>);
    static_assert(std::is_same_v<sum_t<std::int8_t>, std::int64_t>);
    static_assert(std::is_same_v<sum_t<std::uint16_t>, std::uint64_t>);
    static_assert(std::is_same_v<sum_t<float>, float>);
    static_assert(std::is_same_v<decltype(rtcg::dot(std::declval<Array<std::int32_t>>(), std::declval<Array<float>>()).get()),
                                 double>);
    static_assert(std::is_same_v<decltype(rtcg::norm(std::declval<Array<std::complex<float>>>()).get()), float>);
    static_assert(std::is_same_v<decltype(rtcg::norm(std::declval<Array<std::int16_t>>()).get()), double>);
    CHECK(true);
}

TEST_CASE("(x * y).sum() and dot are one reduction of the product") {
    for (std::size_t n : array_sizes) {
        CAPTURE(n);
        const std::vector<double> x = rtcg::test::values<double>(n);
        std::vector<double> y(n);
        for (std::size_t k = 0; k < n; ++k) y[k] = static_cast<double>(k % 5) - 2;
        const auto xd = Array<double>::to_device(context(), x);
        const auto yd = Array<double>::to_device(context(), y);
        const double expected = std::inner_product(x.begin(), x.end(), y.begin(), 0.0);
        CHECK((xd * yd).sum().get() == doctest::Approx(expected).epsilon(1e-12));
        CHECK(rtcg::dot(xd, yd).get() == doctest::Approx(expected).epsilon(1e-12));
        if (n == 0) continue;
        double largest_difference = x[0] - y[0];
        for (std::size_t k = 0; k < n; ++k) largest_difference = std::max(largest_difference, x[k] - y[k]);
        CHECK((xd - yd).max().get() == largest_difference);
    }
}

TEST_CASE("reductions of 4-byte arrays read pairs where aligned and give the same results where not") {
    // Integers: every order of summation gives the exact result.
    const auto x = Array<float>::arange(context(), -30.0f, 31.0f);
    const auto k = Array<std::int32_t>::arange(context(), -30, 31);
    const auto u = Array<std::uint8_t>::arange(context(), 0, 61);
    for (std::size_t first : {0, 1, 2, 3}) {
        for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{7}, std::size_t{8}, 60 - first}) {
            CAPTURE(first);
            CAPTURE(count);
            double sum = 0, dot = 0, mixed = 0, largest = -1e9;
            for (std::size_t e = first; e < first + count; ++e) {
                const double v = double(e) - 30;
                sum += v;
                dot += v * v;
                mixed += v * double(e);
                largest = std::max(largest, v * 2);
            }
            const auto xs = x(rtcg::slice(first, first + count));
            const auto ks = k(rtcg::slice(first, first + count));
            const auto us = u(rtcg::slice(first, first + count));
            CHECK(rtcg::sum(xs).get() == float(sum));
            CHECK(rtcg::dot(xs, xs).get() == float(dot));
            CHECK(rtcg::sum(ks * us).get() == std::int64_t(mixed)); // int32 pairs, uint8 one by one
            if (count > 0) CHECK((xs * 2.0f).max().get() == float(largest));
        }
    }
    using rtcg::detail::Reduction;
    const auto paired = rtcg::detail::expression_reduction_source(Reduction::sum, (x * x).node(), rtcg::codegen::DType::float32(),
                                                       rtcg::codegen::Dialect::cuda);
    CHECK(paired.find("rtcg_float2*)(x0 + rtcg_start)") != std::string::npos);
    CHECK(paired.find("rtcg_pairs_x0[rtcg_pair]") != std::string::npos);
    rtcg::test::compile_for_cuda(paired);
    rtcg::test::compile_for_cuda(rtcg::detail::expression_reduction_source(Reduction::max, (k * u).node(),
                                                                rtcg::codegen::DType::int32(), rtcg::codegen::Dialect::cuda));
    const auto unaligned = rtcg::detail::expression_reduction_source(Reduction::sum, rtcg::detail::node_of(x(rtcg::slice(1, 9))),
                                                          rtcg::codegen::DType::float32(), rtcg::codegen::Dialect::opencl);
    // One program for either alignment: unaligned calls launch its unpaired first pass.
    CHECK(unaligned.find("rtcg_reduce_expr_pairs") != std::string::npos);
}

TEST_CASE("min and max propagate NaN; an empty min is an error") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const auto x = Array<float>::to_device(context(), {3, nan, -1, 7});
    CHECK(std::isnan(x.min().get()));
    CHECK(std::isnan(x.max().get()));
    CHECK(std::isnan(rtcg::sum(x).get()));
    const auto inf = Array<float>::to_device(context(), {std::numeric_limits<float>::infinity(), 1});
    CHECK(inf.max().get() == std::numeric_limits<float>::infinity());
    CHECK(rtcg::min(-inf).get() == -std::numeric_limits<float>::infinity());
    const auto empty = Array<float>::empty(context(), 0);
    CHECK_THROWS_AS(empty.min(), rtcg::InvalidArgument);
    CHECK(rtcg::sum(empty).get() == 0);
    CHECK(rtcg::norm(empty, rtcg::Norm::max).get() == 0);
    CHECK(rtcg::all(empty).get());
    CHECK(!rtcg::any(empty).get());
}

TEST_CASE("vdot conjugates its first operand; norms of real and complex arrays") {
    using C = std::complex<double>;
    const std::vector<C> a{{1, 2}, {0, -1}, {3, 0.5}};
    const std::vector<C> b{{2, -1}, {1, 1}, {-1, 4}};
    const auto ad = Array<C>::to_device(context(), a), bd = Array<C>::to_device(context(), b);
    C expected_vdot{}, expected_dot{};
    double l1 = 0, l2 = 0, largest = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
        expected_vdot += std::conj(a[k]) * b[k];
        expected_dot += a[k] * b[k];
        l1 += std::abs(a[k]);
        l2 += std::norm(a[k]);
        largest = std::max(largest, std::abs(a[k]));
    }
    CHECK(std::abs(rtcg::vdot(ad, bd).get() - expected_vdot) < 1e-12);
    CHECK(std::abs(rtcg::dot(ad, bd).get() - expected_dot) < 1e-12);
    CHECK(rtcg::norm(ad, rtcg::Norm::l1).get() == doctest::Approx(l1).epsilon(1e-14));
    CHECK(rtcg::norm(ad).get() == doctest::Approx(std::sqrt(l2)).epsilon(1e-14));
    CHECK(rtcg::norm(ad, rtcg::Norm::max).get() == doctest::Approx(largest).epsilon(1e-14));
    const auto i = Array<std::int32_t>::to_device(context(), {3, -4});
    CHECK(rtcg::norm(i).get() == 5.0);
    CHECK(rtcg::norm(i, rtcg::Norm::l1).get() == 7.0);
    CHECK(rtcg::norm(i, rtcg::Norm::max).get() == 4.0);
}

TEST_CASE("integer sums wrap; reductions of 0-dimensional arrays and of expressions with them") {
    const auto big = Array<std::uint64_t>::to_device(context(), {~std::uint64_t{0}, 2});
    CHECK(rtcg::sum(big).get() == 1);
    const auto scale = Array<float>::full(context(), std::vector<std::size_t>{}, 2.0f);
    CHECK(rtcg::sum(scale).get() == 2.0f);
    const auto x = Array<float>::to_device(context(), {1, 2, 3});
    CHECK((x * scale).sum().get() == 12.0f);
    CHECK(rtcg::all(x > 0).get());
    CHECK(!rtcg::any(x > 3).get());
}

TEST_CASE("a reduction's result divides an array without leaving the device") {
    const auto x = Array<double>::to_device(context(), {1, 3, 4});
    const Array<double> shares = x / rtcg::sum(x);
    CHECK(shares.get() == std::vector<double>{0.125, 0.375, 0.5});
    const auto centred = x - rtcg::sum(x) / 3.0;
    CHECK(rtcg::norm(centred, rtcg::Norm::max).get() == doctest::Approx(5.0 / 3));
}

TEST_CASE("an expression and its reductions over more than 2^31 elements (GPUs with the memory only)") {
    const std::size_t n = (std::size_t{1} << 31) + 5;
    if (!rtcg::test::can_test_beyond_2_31(2 * n)) {
        MESSAGE("skipped: needs a GPU with room for " << 2 * n << " bytes and more");
        return;
    }
    const auto ones = Array<std::int8_t>::full(context(), n, 1);
    Array<std::int8_t> twos = ones + ones;
    CHECK(rtcg::sum(twos).get() == 2 * static_cast<std::int64_t>(n));
    CHECK(rtcg::dot(ones, twos).get() == static_cast<std::int8_t>(2 * n)); // numpy's dot wraps in int8
    CHECK((twos - ones).sum().get() == static_cast<std::int64_t>(n));
    CHECK(twos(rtcg::slice(n - 1, n)).get() == std::vector<std::int8_t>{2});
    CHECK(rtcg::all(twos == 2).get());
}
