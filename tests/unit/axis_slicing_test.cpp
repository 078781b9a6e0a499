// How many slices a reduction along axes cuts its reduced indices into (arrays/src/axis_slicing.hpp),
// at the grids of the bench's cases on an H100 (132 multiprocessors). Needs no device.
#include "axis_slicing.hpp"

#include <doctest/doctest.h>

#include <cstddef>

namespace {

using rtcg::detail::slice_count;
using rtcg::detail::wave_fill;

constexpr std::size_t compute_units = 132;
constexpr std::size_t target = 16 * compute_units; // the policy's groups per compute unit
constexpr std::size_t no_cap = 1 << 20;

} // namespace

TEST_CASE("a wave's fill is the grid over the room of the waves it takes") {
    CHECK(wave_fill(1320, 1320) == 1.0);
    CHECK(wave_fill(660, 1320) == 0.5);
    CHECK(wave_fill(1980, 1320) == doctest::Approx(0.75));
    CHECK(wave_fill(1, 1) == 1.0);
}

TEST_CASE("with known residency, the slices fill whole waves, the fewest among equals") {
    // The mean over the outer and inner axes of 512 x 256 x 512: 256 groups of 128 work-items,
    // 10 of which a multiprocessor holds. Five slices give 0.97 of one wave; ten, the same of two.
    CHECK(slice_count(256, no_cap, 10 * compute_units, target) == 5);
    // The same at 1024 x 512 x 512: two slices fill 0.78 of one wave, five 0.97 of two.
    CHECK(slice_count(512, no_cap, 10 * compute_units, target) == 5);
    // Sums down the columns of 16384 x 16384: 64 groups of 256, 8 per multiprocessor. 16 slices
    // fill 0.97 of one wave, 33 exactly two.
    CHECK(slice_count(64, no_cap, 8 * compute_units, target) == 33);
    // At 8192 x 8192, 33 slices fill one wave exactly and 66 two: one wave.
    CHECK(slice_count(32, no_cap, 8 * compute_units, target) == 33);
}

TEST_CASE("with known residency, grids of more than two waves are not sliced") {
    CHECK(slice_count(2 * 1320 + 1, no_cap, 1320, target) == 1);
    CHECK(slice_count(16384, no_cap, 16 * compute_units, target) == 1);
    // Between one wave and two, no slice count stays within two waves.
    CHECK(slice_count(1400, no_cap, 1320, target) == 1);
}

TEST_CASE("slices stay within what the reduced indices and the grid allow") {
    // 512 groups over 1320: five slices would fill 0.97 of two waves; within four, two fill 0.78
    // of one, and three only 0.58 of two.
    CHECK(slice_count(512, 4, 1320, target) == 2);
    CHECK(slice_count(256, 1, 1320, target) == 1);
    CHECK(slice_count(1, 7, 1320, target) == 7);
    CHECK(slice_count(256, 3, 0, target) == 3);
}

TEST_CASE("without known residency, slices bring the grid up to the policy's target") {
    CHECK(slice_count(256, no_cap, 0, target) == 9);
    CHECK(slice_count(512, no_cap, 0, target) == 5);
    CHECK(slice_count(target, no_cap, 0, target) == 1);
    CHECK(slice_count(target + 1, no_cap, 0, target) == 1);
    CHECK(slice_count(1, no_cap, 0, target) == target);
}
