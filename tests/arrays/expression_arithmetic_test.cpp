// Arithmetic on arrays against host references of numpy's semantics: wrapping integers, division
// and remainder by zero and of INT_MIN by -1, floor division and remainder signs, integer powers,
// shifts past the width, comparisons, logical operations, where, NaN-propagating minimum and
// maximum, weak scalars that do not fit, and complex division on every special value.
#include "../support/cuda_compile.hpp"
#include "../support/numpy_complex.hpp"
#include "../support/test_context.hpp"

#include <rtcg/arrays/operators.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>
#include <vector>

using rtcg::Array;
using rtcg::test::compiles_for_cuda;
using rtcg::test::context;

namespace {

template <class T>
Array<T> device(const std::vector<T>& values) {
    return Array<T>::to_device(context(), values);
}

constexpr double not_a_number = std::numeric_limits<double>::quiet_NaN();
constexpr double inf = std::numeric_limits<double>::infinity();

// Equal, with NaN equal to NaN and zeros told apart by sign.
bool same(double a, double b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return a == b && std::signbit(a) == std::signbit(b);
}

void check_same(const std::vector<double>& got, const std::vector<double>& expected) {
    REQUIRE(got.size() == expected.size());
    for (std::size_t k = 0; k < got.size(); ++k) {
        CAPTURE(k);
        CHECK_MESSAGE(same(got[k], expected[k]), got[k], " != ", expected[k]);
    }
}

// Each quotient against numpy's for the same dividend and divisor; at most 20 failures shown.
template <class T>
void check_quotients(std::string_view form, const std::vector<std::complex<T>>& got,
                     const std::vector<std::complex<T>>& dividends, const std::vector<std::complex<T>>& divisors) {
    REQUIRE(got.size() == dividends.size());
    std::size_t mismatches = 0;
    for (std::size_t k = 0; k < got.size(); ++k) {
        const std::complex<T> want = rtcg::test::numpy_divide(dividends[k], divisors[k]);
        if (rtcg::test::numpy_close(got[k], want, 4)) continue;
        if (++mismatches <= 20)
            FAIL_CHECK(form, ": ", dividends[k], " / ", divisors[k], " gave ", got[k], ", numpy gives ", want);
    }
    CHECK(mismatches == 0);
}

} // namespace

TEST_CASE("(2 * a).get(), the papers' Figure 3b") {
    const auto a = device<float>({1.5f, -2, 0, 4});
    CHECK((2 * a).get() == std::vector<float>{3, -4, 0, 8});
    compiles_for_cuda(2 * a);
}

TEST_CASE("integers wrap around as numpy's do") {
    const std::int32_t max = std::numeric_limits<std::int32_t>::max(), min = std::numeric_limits<std::int32_t>::min();
    const auto a = device<std::int32_t>({max, min, min, 7, -7, 123456789});
    const auto b = device<std::int32_t>({1, -1, -1, 0, 0, 1000});
    CHECK((a + b).get() == std::vector<std::int32_t>{min, max, max, 7, -7, 123457789});
    CHECK((a - b).get() == std::vector<std::int32_t>{max - 1, min + 1, min + 1, 7, -7, 123455789});
    CHECK((a * b).get() == std::vector<std::int32_t>{max, min, min, 0, 0, static_cast<std::int32_t>(123456789000ll & 0xffffffffll)});
    CHECK((-a).get() == std::vector<std::int32_t>{-max, min, min, -7, 7, -123456789});
    CHECK(rtcg::abs(a).get() == std::vector<std::int32_t>{max, min, min, 7, 7, 123456789});
    const auto u = device<std::uint16_t>({65535, 300, 0});
    CHECK((u * u).get() == std::vector<std::uint16_t>{1, static_cast<std::uint16_t>(90000 % 65536), 0});
    CHECK((-u).get() == std::vector<std::uint16_t>{1, 65236, 0});
    const auto bytes = device<std::uint8_t>({250, 5});
    CHECK((bytes + 10).get() == std::vector<std::uint8_t>{4, 15});
}

TEST_CASE("integer division, floor division, remainder and fmod, by zero and of INT_MIN by -1") {
    const std::int32_t min = std::numeric_limits<std::int32_t>::min();
    const auto a = device<std::int32_t>({7, -7, 7, -7, 5, min, 6, 0});
    const auto b = device<std::int32_t>({2, 2, -2, -2, 0, -1, 3, 5});
    CHECK(rtcg::floor_divide(a, b).get() == std::vector<std::int32_t>{3, -4, -4, 3, 0, min, 2, 0});
    CHECK((a % b).get() == std::vector<std::int32_t>{1, 1, -1, -1, 0, 0, 0, 0});
    CHECK(rtcg::fmod(a, b).get() == std::vector<std::int32_t>{1, -1, 1, -1, 0, 0, 0, 0});
    check_same((a / b).get(), {3.5, -3.5, -3.5, 3.5, inf, 2147483648.0, 2, 0});
    const auto u = device<std::uint32_t>({7, 9});
    const auto v = device<std::uint32_t>({0, 4});
    CHECK(rtcg::floor_divide(u, v).get() == std::vector<std::uint32_t>{0, 2});
    CHECK((u % v).get() == std::vector<std::uint32_t>{0, 1});
}

TEST_CASE("floating floor division and remainder take numpy's signs") {
    const auto a = device<double>({7, -7, 7, -7, 1, -1, 0, 6, 5.5});
    const auto b = device<double>({2, 2, -2, -2, 0, 0, 0, -3, inf});
    check_same(rtcg::floor_divide(a, b).get(), {3, -4, -4, 3, inf, -inf, not_a_number, -2, 0});
    check_same((a % b).get(), {1, 1, -1, -1, not_a_number, not_a_number, not_a_number, -0.0, 5.5});
    check_same(rtcg::fmod(a, b).get(), {1, -1, 1, -1, not_a_number, not_a_number, not_a_number, 0, 5.5});
}

TEST_CASE("integer powers wrap, and negative exponents give 0 but for bases 1 and -1") {
    const auto base = device<std::int64_t>({2, 3, -2, 1, -1, -1, 5, 0, 2});
    const auto exponent = device<std::int64_t>({10, 40, 3, -5, -3, -4, -1, 0, 64});
    std::int64_t three_to_40 = 1;
    for (int k = 0; k < 40; ++k) three_to_40 = static_cast<std::int64_t>(static_cast<std::uint64_t>(three_to_40) * 3u);
    CHECK(rtcg::pow(base, exponent).get() == std::vector<std::int64_t>{1024, three_to_40, -8, 1, -1, 1, 0, 1, 0});
    const auto x = device<float>({2, 4, -8});
    const auto powers = rtcg::pow(x, 0.5f).get();
    CHECK(powers[0] == doctest::Approx(std::sqrt(2.0)).epsilon(1e-6));
    CHECK(powers[1] == 2.0f);
    CHECK(std::isnan(powers[2]));
}

TEST_CASE("shifts by the width or more, or by negative amounts") {
    const auto a = device<std::int32_t>({1, 1, -8, -8, 8, 1});
    const auto s = device<std::int32_t>({3, 40, 1, 40, 40, -1});
    CHECK((a << s).get() == std::vector<std::int32_t>{8, 0, -16, 0, 0, 0});
    CHECK((a >> s).get() == std::vector<std::int32_t>{0, 0, -4, -1, 0, 0});
    const auto bytes = device<std::uint8_t>({0x81, 0x81});
    CHECK((bytes << 1).get() == std::vector<std::uint8_t>{0x02, 0x02});
    CHECK((bytes >> 7).get() == std::vector<std::uint8_t>{1, 1});
    CHECK((~bytes).get() == std::vector<std::uint8_t>{0x7e, 0x7e});
    CHECK(((bytes & 0x0f) | 0x10).get() == std::vector<std::uint8_t>{0x11, 0x11});
    CHECK((bytes ^ bytes).get() == std::vector<std::uint8_t>{0, 0});
}

TEST_CASE("comparisons, logical operations and where") {
    const auto x = device<double>({1, 2, not_a_number, -1, 0});
    const auto y = device<std::int32_t>({1, 3, 0, -2, 0});
    CHECK((x == y).get() == std::vector<bool>{true, false, false, false, true});
    CHECK((x != y).get() == std::vector<bool>{false, true, true, true, false});
    CHECK((x < y).get() == std::vector<bool>{false, true, false, false, false});
    CHECK((x <= y).get() == std::vector<bool>{true, true, false, false, true});
    CHECK((x > 0).get() == std::vector<bool>{true, true, false, false, false});
    CHECK((x >= -1).get() == std::vector<bool>{true, true, false, true, true});
    CHECK(rtcg::logical_and(x, y).get() == std::vector<bool>{true, true, false, true, false});
    CHECK(rtcg::logical_or(x, y).get() == std::vector<bool>{true, true, true, true, false});
    CHECK(rtcg::logical_xor(x, y).get() == std::vector<bool>{false, false, true, false, false});
    CHECK((!y).get() == std::vector<bool>{false, false, true, false, true});
    const auto flags = device<bool>({true, false, true, false, true});
    CHECK((flags + flags).get() == std::vector<bool>{true, false, true, false, true});
    CHECK((flags * !flags).get() == std::vector<bool>{false, false, false, false, false});
    CHECK((~flags).get() == std::vector<bool>{false, true, false, true, false});
    check_same(rtcg::where(x > 0, x, -10).get(), {1, 2, -10, -10, -10});
    const auto chosen = rtcg::where(flags, y, 0.5f); // int32 with a weak float: float64
    static_assert(std::is_same_v<decltype(chosen)::value_type, double>);
    check_same(chosen.get(), {1, 0.5, 0, 0.5, 0});
    compiles_for_cuda(rtcg::where(x > 0, x, -10));
}

TEST_CASE("minimum and maximum propagate NaN") {
    const auto a = device<float>({1, std::nanf(""), 3, -0.5f});
    const auto b = device<float>({2, 0, std::nanf(""), -1});
    const auto low = rtcg::minimum(a, b).get();
    const auto high = rtcg::maximum(a, b).get();
    CHECK(low[0] == 1);
    CHECK(std::isnan(low[1]));
    CHECK(std::isnan(low[2]));
    CHECK(low[3] == -1);
    CHECK(high[0] == 2);
    CHECK(std::isnan(high[1]));
    CHECK(std::isnan(high[2]));
    CHECK(high[3] == -0.5f);
    const auto i = device<std::int16_t>({-3, 7});
    CHECK(rtcg::maximum(i, 0).get() == std::vector<std::int16_t>{0, 7});
}

TEST_CASE("weak scalars keep the array's type and must fit it") {
    const auto small = device<std::uint8_t>({1, 2});
    CHECK((small + 3).get() == std::vector<std::uint8_t>{4, 5});
    CHECK_THROWS_AS((small + 300).eval(), rtcg::InvalidArgument);
    CHECK_THROWS_AS(small + (-1), rtcg::InvalidArgument);
    const auto f = device<float>({0.5f, 1});
    CHECK((f * 0.1).get() == std::vector<float>{0.5f * 0.1f, 0.1f}); // computed in float32
    const auto i = device<std::int32_t>({1, 3});
    check_same((i * 2.5).get(), {2.5, 7.5});
}

TEST_CASE("mixed-type arithmetic promotes as numpy does") {
    const auto i = device<std::int32_t>({1, -2, 16777217});
    const auto f = device<float>({0.5f, 0.25f, 0});
    const auto sum = i + f;
    static_assert(std::is_same_v<decltype(sum)::value_type, double>);
    check_same(sum.get(), {1.5, -1.75, 16777217}); // exact in float64, not in float32
    const auto u = device<std::uint64_t>({1ull << 63});
    const auto s = device<std::int64_t>({-1});
    check_same((u + s).get(), {9223372036854775808.0 - 1});
}

TEST_CASE_TEMPLATE("complex division gives numpy's quotient for every special value, by arrays and scalars", T, float,
                   double) {
    if (std::is_same_v<T, double> && !context().device().supports_fp64) return;
    using Z = std::complex<T>;
    const std::vector<Z> values = rtcg::test::special_complex_values<T>();
    const auto [dividends, divisors] = rtcg::test::special_complex_pairs<T>();
    const auto a = device(dividends), b = device(divisors);
    check_quotients<T>("array / array", (a / b).get(), dividends, divisors);
    compiles_for_cuda(a / b);

    // Scalars convert to the array's complex type, as numpy's weak scalars do, and divide as
    // complex numbers: 1 / z is (1 + 0i) / z, z / -0.0 is z / (-0 + 0i).
    const auto z = device(values);
    const std::vector<Z> ones(values.size(), Z(1)), zeros(values.size(), Z(0));
    static_assert(std::is_same_v<typename decltype(1 / z)::value_type, Z>);
    check_quotients<T>("1 / array", (1 / z).get(), ones, values);
    check_quotients<T>("array / 0", (z / 0).get(), values, zeros);
    compiles_for_cuda(1 / z);
    for (const T x : rtcg::test::special_values<T>()) {
        CAPTURE(x);
        const std::vector<Z> real(values.size(), Z(x, 0));
        check_quotients<T>("real / array", (x / z).get(), real, values);
        check_quotients<T>("array / real", (z / x).get(), values, real);
    }
    for (const Z& w : values) {
        CAPTURE(w);
        const std::vector<Z> complex(values.size(), w);
        check_quotients<T>("complex / array", (w / z).get(), complex, values);
        check_quotients<T>("array / complex", (z / w).get(), values, complex);
    }
    compiles_for_cuda(z / values[0]);
}
