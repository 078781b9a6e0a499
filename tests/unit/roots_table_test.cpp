// fft/src/roots_of_unity.hpp: tables of roots filled on several host threads cover every entry
// once and equal the roots computed one by one, and the roots are exact at the circle's eighths.
#include "roots_of_unity.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <complex>
#include <cstddef>
#include <limits>
#include <utility>
#include <vector>

using rtcg::detail::fft::fill_in_parallel;
using rtcg::detail::fft::root_of_unity;
using rtcg::detail::fft::roots_table;

TEST_CASE("fill_in_parallel covers every index once, for counts below and above a thread's share") {
    for (const std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{1000}, std::size_t{100003},
                                    std::size_t{1} << 20}) {
        // Counted with atomics on the fill's threads; checked here (doctest asserts on this thread).
        std::vector<std::atomic<int>> visits(count);
        std::atomic<int> reversed_ranges = 0;
        fill_in_parallel(count, [&](std::size_t first, std::size_t last) {
            if (first > last) reversed_ranges.fetch_add(1);
            for (std::size_t i = first; i < last; ++i) visits[i].fetch_add(1);
        });
        CAPTURE(count);
        std::size_t wrong = 0;
        for (const std::atomic<int>& v : visits) wrong += v.load() != 1;
        CHECK(wrong == 0);
        CHECK(reversed_ranges.load() == 0);
    }
}

TEST_CASE("a table of roots is the roots one by one, in float and double") {
    const std::size_t n = 3 * (std::size_t{1} << 17), count = 200000, step = 7;
    const auto argument = [&](std::size_t e) { return std::pair{e * step % n, n}; };
    const std::vector<std::complex<float>> floats = roots_table<float>(count, argument);
    const std::vector<std::complex<double>> doubles = roots_table<double>(count, argument);
    REQUIRE(floats.size() == count);
    REQUIRE(doubles.size() == count);
    std::size_t float_mismatches = 0, double_mismatches = 0;
    for (std::size_t e = 0; e < count; ++e) {
        const std::complex<long double> w = root_of_unity(e * step % n, n);
        float_mismatches += floats[e] != std::complex<float>(static_cast<float>(w.real()), static_cast<float>(w.imag()));
        double_mismatches +=
            doubles[e] != std::complex<double>(static_cast<double>(w.real()), static_cast<double>(w.imag()));
    }
    CHECK(float_mismatches == 0);
    CHECK(double_mismatches == 0);
}

TEST_CASE("roots at the eighths of the circle are exact") {
    const std::size_t n = 1 << 12;
    const long double half = std::sqrt(0.5L);
    CHECK(root_of_unity(0, n) == std::complex<long double>(1, 0));
    CHECK(root_of_unity(n / 4, n) == std::complex<long double>(0, -1));
    CHECK(root_of_unity(n / 2, n) == std::complex<long double>(-1, 0));
    CHECK(root_of_unity(3 * n / 4, n) == std::complex<long double>(0, 1));
    const std::complex<long double> eighth = root_of_unity(n / 8, n);
    CHECK(std::abs(eighth.real() - half) <= 2 * std::numeric_limits<long double>::epsilon());
    CHECK(std::abs(eighth.imag() + half) <= 2 * std::numeric_limits<long double>::epsilon());
}
