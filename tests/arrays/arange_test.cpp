// arange: numpy's length rule and values for integer and floating types, positive, negative and
// fractional steps.
#include "../support/test_context.hpp"
#include "array_test_support.hpp"

#include <rtcg/arrays/array.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

using rtcg::Array;
using rtcg::test::array_sizes;
using rtcg::test::context;

namespace {

template <class T>
std::vector<T> host_arange(std::size_t n, T start, T step) {
    std::vector<T> out(n);
    for (std::size_t k = 0; k < n; ++k) out[k] = static_cast<T>(start + static_cast<T>(k) * step);
    return out;
}

} // namespace

TEST_CASE_TEMPLATE("integer arange with positive and negative steps", T, std::int8_t, std::uint8_t, std::int16_t,
                   std::int32_t, std::uint32_t, std::int64_t, std::uint64_t) {
    CHECK(Array<T>::arange(context(), 0, 5).get() == std::vector<T>{0, 1, 2, 3, 4});
    CHECK(Array<T>::arange(context(), 2, 11, 3).get() == std::vector<T>{2, 5, 8});
    CHECK(Array<T>::arange(context(), 2, 12, 3).get() == std::vector<T>{2, 5, 8, 11});
    CHECK(Array<T>::arange(context(), 5, 5).size() == 0);
    CHECK(Array<T>::arange(context(), 7, 3).size() == 0);
    if constexpr (std::is_signed_v<T>) {
        CHECK(Array<T>::arange(context(), 5, -5, -3).get() == std::vector<T>{5, 2, -1, -4});
        CHECK(Array<T>::arange(context(), -3, 3, -1).size() == 0);
    }
    CHECK_THROWS_AS(Array<T>::arange(context(), 0, 5, 0), rtcg::InvalidArgument);
}

TEST_CASE("arange at every size matches the host") {
    for (std::size_t n : array_sizes) {
        CAPTURE(n);
        const auto up = Array<std::int64_t>::arange(context(), 10, 10 + static_cast<std::int64_t>(n));
        CHECK(up.get() == host_arange<std::int64_t>(n, 10, 1));
        const auto down = Array<std::int32_t>::arange(context(), static_cast<std::int32_t>(n) - 1, -1, -1);
        CHECK(down.get() == host_arange<std::int32_t>(n, static_cast<std::int32_t>(n) - 1, -1));
        const auto halves = Array<double>::arange(context(), 0.0, static_cast<double>(n) / 2, 0.5);
        CHECK(halves.get() == host_arange<double>(n, 0.0, 0.5));
    }
}

TEST_CASE("floating arange: length is ceil((stop - start) / step)") {
    CHECK(Array<float>::arange(context(), 0.0f, 1.0f, 0.25f).get() == std::vector<float>{0, 0.25f, 0.5f, 0.75f});
    CHECK(Array<double>::arange(context(), 0.0, 1.1, 0.25).size() == 5);
    CHECK(Array<double>::arange(context(), 1.0, 0.0, -0.3).size() == 4);
    CHECK(Array<double>::arange(context(), 1.0, 0.0, 0.3).size() == 0);
    const auto tenths = Array<float>::arange(context(), -1.0f, 1.0f, 0.1f).get();
    REQUIRE(tenths.size() == 20);
    for (std::size_t k = 0; k < tenths.size(); ++k)
        CHECK(tenths[k] == doctest::Approx(-1.0 + 0.1 * static_cast<double>(k)).epsilon(1e-5));
    CHECK_THROWS_AS(Array<double>::arange(context(), 0.0, 1.0, 0.0), rtcg::InvalidArgument);
    CHECK_THROWS_AS(Array<double>::arange(context(), 0.0, NAN, 1.0), rtcg::InvalidArgument);
}

TEST_CASE("floating arange near the ends of double's range counts its elements exactly") {
    CHECK(Array<double>::arange(context(), 1e300, 3e300, 1e300).get() == std::vector<double>{1e300, 2e300});
    CHECK(Array<double>::arange(context(), 0.0, 1e-300, 4e-301).get() == std::vector<double>{0.0, 4e-301, 8e-301});
    CHECK(Array<double>::arange(context(), -1e308, 1e308, -1.0).size() == 0);
    const float top = std::ldexp(1.0f, 127), step = std::ldexp(1.0f, 126);
    CHECK(Array<float>::arange(context(), top, -top, -step).get() == std::vector<float>{top, step, 0.0f, -step});
}
