// PyOpenCL's clmath forms (sinpi ... atan2pi, fma), numpy's real, imag, angle, frexp, modf and ldexp,
// in float32 and float64, against the C++ library on the host.
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"

#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/operators.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <numbers>
#include <type_traits>
#include <vector>

using rtcg::Array;
using rtcg::test::context;

TEST_CASE_TEMPLATE("sinpi, cospi, tanpi, asinpi, acospi, atanpi and atan2pi", T, float, double) {
    if (std::is_same_v<T, double> && !context().device().supports_fp64) return;
    const std::vector<T> x{-2.5, -1, -0.75, -0.25, 0, 0.125, 0.3, 0.5, 1, 3.5, 1000.25};
    const auto a = Array<T>::to_device(context(), x);
    const T pi = std::numbers::pi_v<T>;
    const double tolerance = std::is_same_v<T, float> ? 2e-6 : 1e-13;
    const auto close = [&](const std::vector<T>& got, auto expected) {
        for (std::size_t k = 0; k < x.size(); ++k) {
            CAPTURE(x[k]);
            const double want = static_cast<double>(expected(x[k]));
            if (std::isinf(want) || std::abs(want) > 1e6) continue; // tan's poles: both sides are right
            CHECK(static_cast<double>(got[k]) == doctest::Approx(want).epsilon(tolerance).scale(1));
        }
    };
    close(Array<T>(rtcg::sinpi(a)).get(), [&](T v) { return std::sin(static_cast<long double>(v) * std::numbers::pi_v<long double>); });
    close(Array<T>(rtcg::cospi(a)).get(), [&](T v) { return std::cos(static_cast<long double>(v) * std::numbers::pi_v<long double>); });
    close(Array<T>(rtcg::tanpi(a)).get(), [&](T v) { return std::tan(static_cast<long double>(v) * std::numbers::pi_v<long double>); });
    // Exact where the argument makes pi's rounding matter: sin(pi) is 0, not 1.2e-16.
    CHECK(Array<T>(rtcg::sinpi(a)).get()[8] == T(0));
    const auto unit = Array<T>::to_device(context(), {-1, -0.5, 0, 0.25, 1});
    const std::vector<T> u = unit.get();
    const auto each = [&](const std::vector<T>& got, auto f) {
        for (std::size_t k = 0; k < u.size(); ++k)
            CHECK(static_cast<double>(got[k]) == doctest::Approx(static_cast<double>(f(u[k]) / pi)).epsilon(tolerance).scale(1));
    };
    each(Array<T>(rtcg::asinpi(unit)).get(), [](T v) { return std::asin(v); });
    each(Array<T>(rtcg::acospi(unit)).get(), [](T v) { return std::acos(v); });
    each(Array<T>(rtcg::atanpi(unit)).get(), [](T v) { return std::atan(v); });
    const std::vector<T> got = Array<T>(rtcg::atan2pi(unit, T(-1))).get();
    for (std::size_t k = 0; k < u.size(); ++k)
        CHECK(static_cast<double>(got[k]) == doctest::Approx(static_cast<double>(std::atan2(u[k], T(-1)) / pi)).epsilon(tolerance));
}

TEST_CASE_TEMPLATE("frexp, modf and ldexp are exact, and give numpy's results for 0, inf and NaN", T, float, double) {
    if (std::is_same_v<T, double> && !context().device().supports_fp64) return;
    const T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
    const std::vector<T> x{0, -0.0, 1, -3.75, 1e-30f, 12345.678f, inf, -inf, nan, T(0.1)};
    const auto a = Array<T>::to_device(context(), x);
    const auto [mantissa, exponent] = rtcg::frexp(a);
    static_assert(std::is_same_v<typename decltype(exponent)::value_type, std::int32_t>);
    const std::vector<T> m = Array<T>(mantissa).get();
    const std::vector<std::int32_t> e = Array<std::int32_t>(exponent).get();
    const auto [fraction, whole] = rtcg::modf(a);
    const std::vector<T> f = Array<T>(fraction).get(), w = Array<T>(whole).get();
    for (std::size_t k = 0; k < x.size(); ++k) {
        CAPTURE(x[k]);
        int host_exponent = 0;
        const T host_mantissa = std::frexp(x[k], &host_exponent);
        if (std::isnan(x[k])) {
            CHECK(std::isnan(m[k]));
            CHECK(std::isnan(f[k]));
            CHECK(std::isnan(w[k]));
            CHECK(e[k] == 0);
            continue;
        }
        CHECK(m[k] == host_mantissa);
        CHECK(e[k] == (std::isinf(x[k]) ? 0 : host_exponent));
        T host_whole;
        const T host_fraction = std::modf(x[k], &host_whole);
        CHECK(f[k] == host_fraction);
        CHECK(w[k] == host_whole);
    }
    const auto exponents = Array<std::int64_t>::to_device(context(), {0, 3, -2, 1000000, -1000000, 0, 0, 0, 0, 1});
    const std::vector<T> scaled = Array<T>(rtcg::ldexp(a, exponents)).get();
    const std::vector<std::int64_t> n = exponents.get();
    for (std::size_t k = 0; k < x.size(); ++k) {
        CAPTURE(x[k]);
        const T expected = std::ldexp(x[k], static_cast<int>(std::clamp<std::int64_t>(n[k], -100000, 100000)));
        if (std::isnan(expected)) CHECK(std::isnan(scaled[k]));
        else CHECK(scaled[k] == expected);
    }
}

TEST_CASE("real, imag and angle of complex and real arrays") {
    const auto z = Array<std::complex<float>>::to_device(context(), {{1, 2}, {-3, 0}, {0, -4}, {-0.5f, -0.5f}});
    static_assert(std::is_same_v<decltype(rtcg::real(z))::value_type, float>);
    CHECK(Array<float>(rtcg::real(z)).get() == std::vector<float>{1, -3, 0, -0.5f});
    CHECK(Array<float>(rtcg::imag(z * 2.0f)).get() == std::vector<float>{4, 0, -8, -1});
    const std::vector<float> angles = Array<float>(rtcg::angle(z)).get();
    const std::vector<std::complex<float>> host = z.get();
    for (std::size_t k = 0; k < host.size(); ++k) CHECK(angles[k] == doctest::Approx(std::arg(host[k])));
    const auto r = Array<std::int32_t>::to_device(context(), {-2, 0, 5});
    CHECK(Array<std::int32_t>(rtcg::real(r)).get() == std::vector<std::int32_t>{-2, 0, 5});
    CHECK(Array<std::int32_t>(rtcg::imag(r)).get() == std::vector<std::int32_t>{0, 0, 0});
    if (context().device().supports_fp64) {
        const std::vector<double> real_angles = Array<double>(rtcg::angle(r)).get();
        CHECK(real_angles == std::vector<double>{std::numbers::pi, 0, 0});
    }
}

TEST_CASE("fma rounds once for floating types, and multiplies and adds complex and integer operands") {
    // 1 + 2^-23 squared, minus its rounded square, is what only a single rounding keeps.
    const float e = std::ldexp(1.0f, -23);
    const auto x = Array<float>::to_device(context(), {1 + e, 3, -2});
    const auto c = Array<float>::to_device(context(), {-(1 + 2 * e), 1, 0.5f});
    const std::vector<float> got = Array<float>(rtcg::fma(x, x, c)).get();
    const std::vector<float> xs = x.get(), cs = c.get();
    for (std::size_t k = 0; k < xs.size(); ++k) CHECK(got[k] == std::fma(xs[k], xs[k], cs[k]));
    CHECK(got[0] == e * e);

    const auto z = Array<std::complex<float>>::to_device(context(), {{1, 2}, {0, -1}});
    CHECK(Array<std::complex<float>>(rtcg::fma(z, z, std::complex<float>(1, 1))).get() ==
          std::vector<std::complex<float>>{{-2, 5}, {0, 1}});
    const auto i = Array<std::int32_t>::to_device(context(), {65536, 7});
    static_assert(std::is_same_v<decltype(rtcg::fma(i, i, 1))::value_type, std::int32_t>);
    CHECK(Array<std::int32_t>(rtcg::fma(i, i, 1)).get() == std::vector<std::int32_t>{1, 50}); // 2^32 + 1 wraps to 1
}

TEST_CASE("the math functions' kernels compile for CUDA too") {
    // The test context may be OpenCL: NVRTC checks the CUDA spelling of every function here.
    using rtcg::codegen::Dialect;
    const auto x = Array<float>::zeros(context(), 4);
    const auto d = Array<double>::zeros(context(), 4);
    const auto z = Array<std::complex<double>>::zeros(context(), 4);
    const auto n = Array<std::int64_t>::zeros(context(), 4);
    rtcg::test::compile_for_cuda(
        (rtcg::sinpi(x) + rtcg::cospi(x) + rtcg::tanpi(x) + rtcg::asinpi(x) + rtcg::acospi(x) + rtcg::atanpi(x) +
         rtcg::atan2pi(x, x) + rtcg::ldexp(x, n) + rtcg::frexp(x).first + rtcg::modf(x).second + rtcg::fma(x, x, x))
            .source(Dialect::cuda));
    rtcg::test::compile_for_cuda((rtcg::tanpi(d) + rtcg::frexp(d).second + rtcg::modf(d).first + rtcg::angle(z) +
                                  rtcg::real(z) + rtcg::imag(z) + rtcg::real(rtcg::fma(z, z, z)))
                                     .source(Dialect::cuda));
    rtcg::test::compile_for_cuda((rtcg::jn(n, x) + rtcg::yn(3, x)).source(Dialect::cuda));
    rtcg::test::compile_for_cuda((rtcg::jn(2, d) + rtcg::yn(n, d)).source(Dialect::cuda));
}
