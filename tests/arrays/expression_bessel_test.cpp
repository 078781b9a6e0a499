// jn and yn (clmath's bessel_jn and bessel_yn) against libstdc++'s long double std::cyl_bessel_j
// and std::cyl_neumann: a dense grid of n in 0 .. 50 and x in [0, 100] within the accuracy that
// operators.hpp documents, large x, C's special values, negative orders and arguments, integer
// arrays of orders, views, fused expressions, the result types and the CUDA spelling.
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

namespace {

// The envelope of both functions where x > n, sqrt(2 / (pi x)); none below, where they are
// monotonic and the error is relative.
double envelope(int n, double x) { return x > n ? std::sqrt(2.0 / (std::numbers::pi * x)) : 0.0; }

// The documented bound: relative, plus absolute in envelopes near the zeros; for float results the
// rounding to float on top, and underflow to float's subnormals.
template <class T>
double bound(double expected, int n, double x, double relative, double absolute) {
    double b = relative * std::abs(expected) + absolute * envelope(n, x);
    if (std::is_same_v<T, float>) b += 0x1p-24 * std::abs(expected) + 0x1p-149;
    return b;
}

// `got` against `expected` (long double) as T rounds it: infinite where T overflows.
template <class T>
bool within(T got, long double expected, int n, double x, double relative, double absolute) {
    const T rounded = static_cast<T>(expected);
    if (std::isinf(rounded)) return got == rounded;
    return std::abs(static_cast<double>(got) - static_cast<double>(expected)) <=
           bound<T>(static_cast<double>(expected), n, x, relative, absolute);
}

bool is_nan(double v) { return std::isnan(v); }

template <class N, class X>
concept has_jn = requires(const N& n, const X& x) { rtcg::jn(n, x); };
template <class N, class X>
concept has_yn = requires(const N& n, const X& x) { rtcg::yn(n, x); };

} // namespace

// `function` (jn or yn) of every order in `n` (down a column) and every x (along a row): one
// broadcast kernel, the same for every size.
template <class T, class Function>
std::vector<T> of_grid(Function function, const std::vector<std::int32_t>& n, const std::vector<T>& x) {
    const auto n_column = Array<std::int32_t>::to_device(context(), n, {n.size(), 1});
    const auto x_row = Array<T>::to_device(context(), x);
    return Array<T>(function(n_column, x_row)).get();
}

// The grid of orders n in 0 .. 50 and x = 0, 0.05, ..., 100.
constexpr int orders = 51, points = 2001;

template <class T>
std::vector<T> grid_x() {
    std::vector<T> x(points);
    for (int i = 0; i < points; ++i) x[i] = static_cast<T>(i * 0.05);
    return x;
}

template <class T, class Function>
std::vector<T> on_grid(Function function) {
    std::vector<std::int32_t> n(orders);
    for (int k = 0; k < orders; ++k) n[k] = k;
    return of_grid(function, n, grid_x<T>());
}

// Every value of the grid but x = 0 against `reference`, reporting the first few misses.
template <class T, class Reference>
int grid_misses(const std::vector<T>& got, Reference reference, const char* name) {
    const std::vector<T> x = grid_x<T>();
    int misses = 0;
    for (int k = 0; k < orders; ++k)
        for (int i = 1; i < points; ++i) {
            const long double expected = reference(k, static_cast<long double>(x[i]));
            const T value = got[k * points + i];
            if (!within(value, expected, k, x[i], 5e-14, 5e-15) && ++misses <= 5)
                FAIL_CHECK(name << "(" << k << ", " << x[i] << ") = " << value << ", not " << double(expected));
        }
    return misses;
}

TEST_CASE_TEMPLATE("jn over n in 0 .. 50 and x in [0, 100] is within the documented accuracy", T, float, double) {
    if (!context().device().supports_fp64) return; // float results are computed in double too
    const std::vector<T> j = on_grid<T>([](const auto& n, const auto& x) { return rtcg::jn(n, x); });
    REQUIRE(j.size() == std::size_t{orders} * points);
    for (int k = 0; k < orders; ++k) CHECK(j[k * points] == T(k == 0 ? 1 : 0)); // x = 0
    CHECK(grid_misses(j, [](int n, long double x) { return std::cyl_bessel_jl(n, x); }, "jn") == 0);
}

TEST_CASE_TEMPLATE("yn over n in 0 .. 50 and x in [0, 100] is within the documented accuracy", T, float, double) {
    if (!context().device().supports_fp64) return;
    const std::vector<T> y = on_grid<T>([](const auto& n, const auto& x) { return rtcg::yn(n, x); });
    REQUIRE(y.size() == std::size_t{orders} * points);
    for (int k = 0; k < orders; ++k) CHECK(y[k * points] == -std::numeric_limits<T>::infinity());
    CHECK(grid_misses(y, [](int n, long double x) { return std::cyl_neumannl(n, x); }, "yn") == 0);
}

TEST_CASE("jn and yn of large x are within 1e-14 of the envelope") {
    if (!context().device().supports_fp64) return;
    const std::vector<double> xs{1e3, 1000.3, 12345.678, 1e5, 100000.7};
    const std::vector<std::int32_t> ns{0, 1, 2, 7, 20, 50};
    // The grid tests' kernels, compiled once.
    const std::vector<double> j = of_grid([](const auto& n, const auto& x) { return rtcg::jn(n, x); }, ns, xs);
    const std::vector<double> y = of_grid([](const auto& n, const auto& x) { return rtcg::yn(n, x); }, ns, xs);
    for (std::size_t k = 0; k < ns.size(); ++k)
        for (std::size_t i = 0; i < xs.size(); ++i) {
            const int n = ns[k];
            const auto v = static_cast<long double>(xs[i]);
            CAPTURE(n);
            CAPTURE(xs[i]);
            const double e = envelope(n, xs[i]);
            CHECK(std::abs(j[k * xs.size() + i] - double(std::cyl_bessel_jl(n, v))) <= 1e-14 * e);
            CHECK(std::abs(y[k * xs.size() + i] - double(std::cyl_neumannl(n, v))) <= 1e-14 * e);
        }
}

TEST_CASE("jn and yn give C's values at 0, infinity, NaN, negative x and negative orders") {
    if (!context().device().supports_fp64) return;
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<double> xs{0.0, inf, -inf, nan, -2.0, 2.0, 1.0};
    const std::vector<std::int32_t> ns{3, -3, 0, -2, 1000};
    // The grid tests' kernels: row k holds the order ns[k].
    const std::vector<double> j = of_grid([](const auto& n, const auto& x) { return rtcg::jn(n, x); }, ns, xs);
    const std::vector<double> y = of_grid([](const auto& n, const auto& x) { return rtcg::yn(n, x); }, ns, xs);
    const auto at = [&](const std::vector<double>& values, std::int32_t n, std::size_t i) {
        return values[static_cast<std::size_t>(std::find(ns.begin(), ns.end(), n) - ns.begin()) * xs.size() + i];
    };
    const double j32 = double(std::cyl_bessel_jl(3, 2.0L)), y32 = double(std::cyl_neumannl(3, 2.0L));
    CHECK(at(j, 3, 0) == 0.0);
    CHECK(at(j, 0, 0) == 1.0);
    CHECK(at(j, 3, 1) == 0.0);
    CHECK(at(j, 3, 2) == 0.0);
    CHECK(is_nan(at(j, 3, 3)));
    CHECK(at(j, 3, 4) == doctest::Approx(-j32).epsilon(1e-14)); // J_3(-x) = -J_3(x)
    CHECK(at(j, 3, 5) == doctest::Approx(j32).epsilon(1e-14));
    CHECK(at(y, 3, 0) == -inf);
    CHECK(at(y, 3, 1) == 0.0);
    CHECK(is_nan(at(y, 3, 2)));
    CHECK(is_nan(at(y, 3, 3)));
    CHECK(is_nan(at(y, 3, 4))); // x < 0
    CHECK(at(y, 3, 5) == doctest::Approx(y32).epsilon(1e-14));

    // Negative orders: C_-n = (-1)^n C_n; at 0 that turns Y's -inf to +inf for odd n.
    CHECK(at(j, -3, 5) == doctest::Approx(-j32).epsilon(1e-14));
    CHECK(at(j, -3, 4) == doctest::Approx(j32).epsilon(1e-14)); // both signs: (-1)^3 twice
    CHECK(at(y, -3, 5) == doctest::Approx(-y32).epsilon(1e-14));
    CHECK(at(y, -3, 0) == inf);
    CHECK(at(y, -2, 0) == -inf);

    // Far orders: J_1000(1) underflows to 0 (at once), Y_1000(1) overflows to -inf.
    CHECK(at(j, 1000, 6) == 0.0);
    CHECK(at(y, 1000, 6) == -inf);
}

TEST_CASE("jn and yn take orders from integer arrays, fuse into expressions and read views") {
    if (!context().device().supports_fp64) return;

    // Orders of an int16 array, one per element, with x of a strided, reversed view.
    const auto order_array = Array<std::int16_t>::to_device(context(), {0, 1, 5, 12});
    const auto whole = Array<double>::to_device(context(), {0.5, 9.0, 3.0, 9.0, 30.0, 9.0, 7.25, 9.0});
    const auto x = whole(rtcg::slice(6, rtcg::none, -2)); // 7.25, 30, 3, 0.5
    const std::vector<double> xs{7.25, 30.0, 3.0, 0.5};
    const std::vector<int> ns{0, 1, 5, 12};
    // One kernel: 2 J_n(x) - Y_n(x) + 1.
    const std::vector<double> fused = Array<double>(2.0 * rtcg::jn(order_array, x) - rtcg::yn(order_array, x) + 1.0).get();
    for (std::size_t i = 0; i < xs.size(); ++i) {
        CAPTURE(xs[i]);
        const double expected = 2.0 * double(std::cyl_bessel_jl(ns[i], (long double)xs[i])) -
                                double(std::cyl_neumannl(ns[i], (long double)xs[i])) + 1.0;
        CHECK(fused[i] == doctest::Approx(expected).epsilon(1e-13));
    }
}

TEST_CASE("jn of sizes 0 and 1, of orders beyond int, and of integer x") {
    if (!context().device().supports_fp64) return;
    CHECK(Array<float>(rtcg::jn(1, Array<float>::empty(context(), 0))).size() == 0);
    const auto one = Array<float>::to_device(context(), {2.5f});
    CHECK(Array<float>(rtcg::jn(1, one)).get()[0] == static_cast<float>(std::cyl_bessel_jl(1, 2.5L)));
    // Orders beyond C's int are NaN.
    CHECK(std::isnan(Array<float>(rtcg::jn(std::int64_t{3'000'000'000}, one)).get()[0]));
    CHECK(std::isnan(Array<float>(rtcg::jn(std::int64_t{-3'000'000'000}, one)).get()[0]));
    // An integer x computes in float64, as numpy's floating functions of int32 do.
    const auto ints = Array<std::int32_t>::to_device(context(), {1, 4});
    static_assert(std::is_same_v<decltype(rtcg::jn(2, ints))::value_type, double>);
    CHECK(Array<double>(rtcg::jn(2, ints)).get()[1] == doctest::Approx(double(std::cyl_bessel_jl(2, 4.0L))).epsilon(1e-14));
}

TEST_CASE("jn and yn take integer orders and real arguments only") {
    using F = Array<float>;
    using I = Array<std::int32_t>;
    static_assert(std::is_same_v<decltype(rtcg::jn(3, std::declval<F>()))::value_type, float>);
    static_assert(std::is_same_v<decltype(rtcg::yn(std::declval<I>(), 2.5))::value_type, double>);
    static_assert(std::is_same_v<decltype(rtcg::yn(std::declval<Array<std::uint8_t>>(), std::declval<F>()))::value_type,
                                 float>);
    static_assert(has_jn<int, F> && has_yn<I, double>);
    static_assert(!has_jn<F, F>);    // a float order
    static_assert(!has_jn<bool, F>); // a bool order
    static_assert(!has_yn<int, Array<std::complex<float>>>);
    CHECK(true);
}
