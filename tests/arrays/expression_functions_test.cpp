// The math functions, complex arithmetic and astype on the device against the host's <cmath> and
// <complex>, within a few units in the last place (device libraries round differently).
#include "../support/test_context.hpp"
#include "../support/cuda_compile.hpp"

#include <rtcg/arrays/operators.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

using rtcg::Array;
using rtcg::test::context;

namespace {

template <class T>
Array<T> device(const std::vector<T>& values) {
    return Array<T>::to_device(context(), values);
}

// Relative error within `ulps` units of T's epsilon (absolute near zero), NaN matching NaN. Device
// libraries may be several ulps off (OpenCL allows up to 5 for tan and atan in float32).
template <class T>
bool close(T got, T expected, double ulps) {
    if (std::isnan(expected)) return std::isnan(got);
    if (std::isinf(expected)) return got == expected;
    const double scale = std::max(1.0, std::fabs(static_cast<double>(expected)));
    return std::fabs(static_cast<double>(got) - static_cast<double>(expected)) <=
           ulps * std::numeric_limits<T>::epsilon() * scale;
}

template <class T, class Function, class Reference>
void check_function(const std::string& name, const std::vector<T>& inputs, Function function, Reference reference) {
    const auto x = device(inputs);
    const auto got = function(x).get();
    REQUIRE(got.size() == inputs.size());
    for (std::size_t k = 0; k < inputs.size(); ++k) {
        const T expected = static_cast<T>(reference(inputs[k]));
        CAPTURE(name);
        CAPTURE(inputs[k]);
        CHECK_MESSAGE(close(got[k], expected, 8), got[k], " vs ", expected);
    }
}

template <class T>
void check_all_functions() {
    const std::vector<T> any{T(-3.5), T(-1), T(-0.25), T(0), T(0.5), T(1), T(2.75), T(10)};
    const std::vector<T> unit{T(-1), T(-0.75), T(-0.1), T(0), T(0.3), T(0.9), T(1)};
    const std::vector<T> positive{T(1e-3), T(0.5), T(1), T(2), T(7.25), T(1e6)};
#define CHECK_FUNCTION(name, inputs) \
    check_function<T>(#name, inputs, [](const auto& x) { return rtcg::name(x); }, [](T v) { return std::name(v); })
    CHECK_FUNCTION(sin, any);
    CHECK_FUNCTION(cos, any);
    CHECK_FUNCTION(tan, any);
    CHECK_FUNCTION(asin, unit);
    CHECK_FUNCTION(acos, unit);
    CHECK_FUNCTION(atan, any);
    CHECK_FUNCTION(sinh, any);
    CHECK_FUNCTION(cosh, any);
    CHECK_FUNCTION(tanh, any);
    CHECK_FUNCTION(exp, any);
    CHECK_FUNCTION(exp2, any);
    CHECK_FUNCTION(expm1, any);
    CHECK_FUNCTION(log, positive);
    CHECK_FUNCTION(log2, positive);
    CHECK_FUNCTION(log10, positive);
    CHECK_FUNCTION(log1p, positive);
    CHECK_FUNCTION(sqrt, positive);
    CHECK_FUNCTION(cbrt, any);
    CHECK_FUNCTION(fabs, any);
    CHECK_FUNCTION(floor, any);
    CHECK_FUNCTION(ceil, any);
    CHECK_FUNCTION(trunc, any);
#undef CHECK_FUNCTION
    // numpy's round goes to the even neighbour at halves, as rint does.
    check_function<T>("round", {T(0.5), T(1.5), T(2.5), T(-0.5), T(-2.7), T(3.2)},
                      [](const auto& x) { return rtcg::round(x); }, [](T v) { return std::nearbyint(v); });
    const std::vector<T> reversed(any.rbegin(), any.rend());
    const auto x = device(any);
    const auto y = device(reversed);
    const auto hyp = rtcg::hypot(x, y).get();
    const auto angle = rtcg::atan2(x, y).get();
    const auto rest = rtcg::fmod(x, y).get();
    for (std::size_t k = 0; k < any.size(); ++k) {
        const T a = any[k], b = reversed[k];
        CHECK(close(hyp[k], std::hypot(a, b), 8));
        CHECK(close(angle[k], std::atan2(a, b), 8));
        CHECK(close(rest[k], std::fmod(a, b), 0));
    }
}

} // namespace

TEST_CASE("every math function on float32") { check_all_functions<float>(); }

TEST_CASE("every math function on float64") { check_all_functions<double>(); }

TEST_CASE("math functions of integers compute in numpy's floating type") {
    const auto i = device<std::int32_t>({1, 4, 9});
    const auto roots = rtcg::sqrt(i);
    static_assert(std::is_same_v<decltype(roots)::value_type, double>);
    CHECK(roots.get() == std::vector<double>{1, 2, 3});
    const auto s = device<std::int16_t>({-4, 16});
    static_assert(std::is_same_v<decltype(rtcg::fabs(s))::value_type, float>);
    CHECK(rtcg::fabs(s).get() == std::vector<float>{4, 16});
    CHECK(rtcg::floor(s).get() == std::vector<std::int16_t>{-4, 16}); // integers stay integers
}

TEST_CASE("complex arithmetic and functions follow std::complex") {
    using C = std::complex<double>;
    const std::vector<C> a{{1, 2}, {-0.5, 3}, {0, -1}, {2, 0}};
    const std::vector<C> b{{3, -1}, {0.25, 0.5}, {-2, 0}, {1, 1}};
    const auto x = device(a), y = device(b);
    const auto sum = (x + y).get(), product = (x * y).get(), quotient = (x / y).get();
    const auto power = rtcg::pow(x, y).get(), exponential = rtcg::exp(x).get(), logarithm = rtcg::log(x).get();
    const auto root = rtcg::sqrt(x).get(), sine = rtcg::sin(x).get(), scaled = (x * 2.0 - 1).get();
    const auto magnitude = rtcg::abs(x).get();
    const auto equal = (x == y).get();
    const auto close_to = [](C got, C expected) {
        return std::abs(got - expected) <= 1e-13 * std::max(1.0, std::abs(expected));
    };
    for (std::size_t k = 0; k < a.size(); ++k) {
        CAPTURE(k);
        CHECK(close_to(sum[k], a[k] + b[k]));
        CHECK(close_to(product[k], a[k] * b[k]));
        CHECK(close_to(quotient[k], a[k] / b[k]));
        CHECK(close_to(power[k], std::pow(a[k], b[k])));
        CHECK(close_to(exponential[k], std::exp(a[k])));
        CHECK(close_to(logarithm[k], std::log(a[k])));
        CHECK(close_to(root[k], std::sqrt(a[k])));
        CHECK(close_to(sine[k], std::sin(a[k])));
        CHECK(close_to(scaled[k], a[k] * 2.0 - 1.0));
        CHECK(magnitude[k] == doctest::Approx(std::abs(a[k])).epsilon(1e-14));
        CHECK(equal[k] == (a[k] == b[k]));
    }
    const auto f = device<std::complex<float>>({{1, 1}});
    const auto halves = f * 0.5; // complex64 with a weak float: complex64
    static_assert(std::is_same_v<decltype(halves)::value_type, std::complex<float>>);
    CHECK(halves.get() == std::vector<std::complex<float>>{{0.5f, 0.5f}});
    const auto promoted = f + device<double>({2});
    static_assert(std::is_same_v<decltype(promoted)::value_type, std::complex<double>>);
    CHECK(promoted.get() == std::vector<std::complex<double>>{{3, 1}});
}

TEST_CASE("astype: wrapping integers, saturating floats, NaN to 0, complex to its real part") {
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    const auto d = device<double>({1.9, -1.9, 3e9, -3e9, nan, inf, -inf, -0.5});
    CHECK(d.astype<std::int32_t>().get() ==
          std::vector<std::int32_t>{1, -1, 2147483647, -2147483647 - 1, 0, 2147483647, -2147483647 - 1, 0});
    CHECK(d.astype<std::uint8_t>().get() == std::vector<std::uint8_t>{1, 0, 255, 0, 0, 255, 0, 0});
    CHECK(d.astype<std::int64_t>().get()[2] == 3000000000);
    CHECK(d.astype<bool>().get() == std::vector<bool>{true, true, true, true, true, true, true, true});
    const auto i = device<std::int32_t>({300, -1, 0});
    CHECK(i.astype<std::uint8_t>().get() == std::vector<std::uint8_t>{44, 255, 0});
    CHECK(i.astype<bool>().get() == std::vector<bool>{true, true, false});
    CHECK(i.astype<float>().get() == std::vector<float>{300, -1, 0});
    const auto c = device<std::complex<float>>({{2.5f, 1}, {0, 0}, {0, -1}});
    CHECK(c.astype<float>().get() == std::vector<float>{2.5f, 0, 0});
    CHECK(c.astype<bool>().get() == std::vector<bool>{true, false, true});
    CHECK(c.astype<std::complex<double>>().get() == std::vector<std::complex<double>>{{2.5, 1}, {0, 0}, {0, -1}});
    CHECK((i + 0.5f).astype<std::int16_t>().get() == std::vector<std::int16_t>{300, 0, 0});
}

TEST_CASE("every device function compiles for CUDA") {
    const auto i = device<std::int32_t>({1});
    const auto u = device<std::uint64_t>({1});
    const auto f = device<float>({1});
    const auto d = device<double>({1});
    const auto c = device<std::complex<float>>({{1, 1}});
    const auto everything =
        rtcg::floor_divide(i, i) + (i % i) + rtcg::fmod(i, i) + rtcg::pow(i, i) + rtcg::minimum(i, i) +
        rtcg::maximum(u, u) + (i << i) + (u >> u) + rtcg::abs(i) + d.astype<std::int8_t>() + rtcg::floor_divide(f, f) +
        (d % d) + rtcg::minimum(f, f) + rtcg::maximum(d, d) + rtcg::round(f) + rtcg::cbrt(d) +
        rtcg::abs(rtcg::round(c) + rtcg::log2(c) + rtcg::log10(c) + rtcg::exp2(c)) + rtcg::where(c, 1, 2);
    rtcg::test::compile_for_cuda(everything.source(rtcg::codegen::Dialect::cuda));
    CHECK(std::isfinite(everything.get()[0]));
}
