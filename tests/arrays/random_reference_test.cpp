// The host reference itself: Philox4x32-10 and Threefry4x32-20 against the Random123
// known-answer vectors, and the reference's log, cos and sin within a few ulp of the C library's,
// so that matching it means matching a correct generator.
#include "random_reference.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <vector>

namespace reference = rtcg::test::random_reference;

namespace {

// Random123's kat_vectors, the three philox4x32 10 lines: counter, key, expected output.
struct KnownAnswer {
    reference::Block counter;
    std::array<std::uint32_t, 2> key;
    reference::Block expected;
};

// The three threefry4x32 20 lines, whose keys have four words.
struct ThreefryKnownAnswer {
    reference::Block counter;
    reference::Block key;
    reference::Block expected;
};

constexpr ThreefryKnownAnswer threefry_known_answers[] = {
    {{0, 0, 0, 0}, {0, 0, 0, 0}, {0x9c6ca96a, 0xe17eae66, 0xfc10ecd4, 0x5256a7d8}},
    {{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
     {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
     {0x2a881696, 0x57012287, 0xf6c7446e, 0xa16a6732}},
    {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
     {0xa4093822, 0x299f31d0, 0x082efa98, 0xec4e6c89},
     {0x59cd1dbb, 0xb8879579, 0x86b5d00c, 0xac8b6d84}},
};

constexpr KnownAnswer known_answers[] = {
    {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
    {{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
     {0xffffffff, 0xffffffff},
     {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
    {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
     {0xa4093822, 0x299f31d0},
     {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
};

// |a - b| in units of the last place of b.
double ulps(double a, double b) {
    return std::abs(a - b) / (std::nextafter(std::abs(b), std::numeric_limits<double>::infinity()) - std::abs(b));
}

} // namespace

TEST_CASE("the host Philox4x32-10 gives Random123's known answers") {
    for (const KnownAnswer& answer : known_answers)
        CHECK(reference::philox4x32_10(answer.counter, answer.key) == answer.expected);
}

TEST_CASE("the host Threefry4x32-20 gives Random123's known answers") {
    for (const ThreefryKnownAnswer& answer : threefry_known_answers)
        CHECK(reference::threefry4x32_20(answer.counter, answer.key) == answer.expected);
}

TEST_CASE("the host Threefry stream keys the block function with the seed and two zero words") {
    reference::HostThreefry stream(0x299f31d0a4093822ull, 0x0370734413198a2eull);
    stream.seek(0x85a308d3243f6a88ull);
    const auto words = stream.bits(4);
    CHECK(reference::Block{words[0], words[1], words[2], words[3]} ==
          reference::threefry4x32_20(threefry_known_answers[2].counter, {0xa4093822, 0x299f31d0, 0, 0}));
    CHECK(reference::HostThreefry(0).bits(4) == std::vector<std::uint32_t>{0x9c6ca96a, 0xe17eae66, 0xfc10ecd4, 0x5256a7d8});
}

TEST_CASE("the host stream puts the position in the counter's low and the subsequence in its high words") {
    reference::HostPhilox stream(0x299f31d0a4093822ull, 0x0370734413198a2eull);
    stream.seek(0x85a308d3243f6a88ull);
    const auto words = stream.bits(4);
    CHECK(reference::Block{words[0], words[1], words[2], words[3]} == known_answers[2].expected);
    CHECK(stream.position() == 0x85a308d3243f6a89ull);
}

TEST_CASE("the reference log is within 2 ulp of std::log across (0, 1)") {
    double worst = 0;
    for (int e = 1; e <= 53; ++e)
        for (int step = 0; step < 4096; ++step) {
            // Mantissas across [1, 2), including both ends and sqrt(2)'s neighbourhood.
            const double m = 1.0 + step / 4096.0 + 0x1p-40 * step;
            const double u = std::ldexp(m, -e);
            if (u >= 1.0) continue;
            worst = std::max(worst, ulps(reference::log(u), std::log(u)));
        }
    for (double u : {0x1p-53, 0x1p-33, 0.5, std::nextafter(1.0, 0.0), 1.0 / std::numbers::sqrt2, 0.75, 0.999})
        worst = std::max(worst, ulps(reference::log(u), std::log(u)));
    CHECK(worst <= 2.0);
}

TEST_CASE("the reference cos and sin of 2 pi t are within 1e-15 of std's in every quadrant") {
    double worst = 0;
    for (int step = 1; step < 1 << 16; ++step) {
        const double t = step / 65536.0 + 0x1p-50;
        const auto [c, s] = reference::cos_sin_turns(t);
        // 2 pi t in long double keeps the comparison's own error below the tolerance.
        const long double angle = 2 * std::numbers::pi_v<long double> * t;
        worst = std::max({worst, std::abs(c - static_cast<double>(std::cos(angle))),
                          std::abs(s - static_cast<double>(std::sin(angle)))});
    }
    CHECK(worst <= 1e-15);
    const auto [c, s] = reference::cos_sin_turns(0.25);
    CHECK(c == 0.0);
    CHECK(s == 1.0);
}
