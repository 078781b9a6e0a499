// How many work-groups grid-stride kernels launch (arrays/src/launch_shape.hpp). Needs no device.
#include "launch_shape.hpp"

#include <doctest/doctest.h>

#include <cstddef>

namespace {

using rtcg::detail::GridCap;
using rtcg::detail::grid_groups;

constexpr std::size_t block = 256;
// An H200-like device: 132 compute units, 256 groups each.
constexpr GridCap h200{132 * 256, (std::size_t{1} << 31) - 1};

} // namespace

TEST_CASE("small launches give each work-item two indices, and at least one group") {
    CHECK(grid_groups(1, block, h200) == 1);
    CHECK(grid_groups(512, block, h200) == 1);
    CHECK(grid_groups(513, block, h200) == 2);
    CHECK(grid_groups(std::size_t{1} << 20, block, h200) == 2048);
}

TEST_CASE("the cap holds until a work-item would take more than four steps") {
    // 2^25 pairs (2^26 float64 elements): 65536 groups wanted, capped at 33792: 3.9 steps each.
    CHECK(grid_groups(std::size_t{1} << 25, block, h200) == h200.groups);
    // 2^27 pairs: the cap would mean 15.5 steps; 131073 groups keep them at four.
    const std::size_t pairs = std::size_t{1} << 27;
    const std::size_t groups = grid_groups(pairs, block, h200);
    CHECK(groups == pairs / (4 * block) + 1);
    CHECK(groups * block * 4 >= pairs);
}

TEST_CASE("no launch exceeds the device's grid") {
    const GridCap small_grid{1024, 4096};
    CHECK(grid_groups(std::size_t{1} << 40, block, small_grid) == 4096);
    const GridCap unlimited = rtcg::detail::grid_cap(rtcg::DeviceInfo{});
    CHECK(unlimited.groups == rtcg::detail::groups_per_compute_unit);
    CHECK(grid_groups(std::size_t{1} << 40, block, unlimited) == (std::size_t{1} << 40) / (4 * block) + 1);
}
