// How many work-groups grid-stride kernels launch (arrays/src/launch_shape.hpp), and which
// operations count as streaming. Needs no device.
#include "launch_shape.hpp"

#include <doctest/doctest.h>

#include <cstddef>

namespace {

using rtcg::detail::grid_groups;

constexpr std::size_t block = 256;
// An H200's cap: 132 compute units, 256 groups each.
constexpr std::size_t h200_groups = 132 * 256;

} // namespace

TEST_CASE("small launches give each work-item two indices, and at least one group") {
    CHECK(grid_groups(1, block, h200_groups) == 1);
    CHECK(grid_groups(512, block, h200_groups) == 1);
    CHECK(grid_groups(513, block, h200_groups) == 2);
    CHECK(grid_groups(std::size_t{1} << 20, block, h200_groups) == 2048);
}

TEST_CASE("large launches stop at the cap, and the loop covers the rest") {
    // 2^27 pairs (2^28 float64 elements): 262144 groups wanted, 33792 launched.
    CHECK(grid_groups(std::size_t{1} << 27, block, h200_groups) == h200_groups);
    CHECK(grid_groups(std::size_t{1} << 40, block, 1) == 1);
}

TEST_CASE("the cap follows the device's compute units and its largest grid") {
    rtcg::DeviceInfo device;
    CHECK(rtcg::detail::max_groups(device) == rtcg::detail::groups_per_compute_unit);
    device.compute_units = 132;
    CHECK(rtcg::detail::max_groups(device) == h200_groups);
    device.max_grid_size[0] = 1000;
    CHECK(rtcg::detail::max_groups(device) == 1000);
}

TEST_CASE("streaming operations are capped only by the largest grid, and only on GPUs") {
    using rtcg::detail::OperationCost;
    rtcg::DeviceInfo device;
    device.compute_units = 132;
    device.max_grid_size[0] = 2147483647;
    device.type = rtcg::DeviceType::gpu;
    CHECK(rtcg::detail::max_groups(device, OperationCost::streaming) == 2147483647);
    CHECK(rtcg::detail::max_groups(device, OperationCost::computing) == h200_groups);
    device.type = rtcg::DeviceType::cpu;
    CHECK(rtcg::detail::max_groups(device, OperationCost::streaming) == h200_groups);
}

TEST_CASE("an operation streams when it calls no function and has no loop") {
    using rtcg::detail::operation_cost;
    using rtcg::detail::OperationCost;
    CHECK(operation_cost("z[i] = a*x[i] + b*y[i]") == OperationCost::streaming);
    CHECK(operation_cost("out[i] = ((x0[i] * x0[i]) + (double)x0[i]);") == OperationCost::streaming);
    CHECK(operation_cost("if (x[i] > 0) y[i] = sizeof(x[i]); else y[i] = -x[i]") == OperationCost::streaming);
    CHECK(operation_cost("z[i] = sin(x[i]) * exp(-y[i])") == OperationCost::computing);
    CHECK(operation_cost("z[i] = my_helper (x[i])") == OperationCost::computing);
    CHECK(operation_cost("for (int k = 0; k < 4; ++k) z[i] += x[i]") == OperationCost::computing);
    CHECK(operation_cost("while (z[i] < 1) z[i] *= 2") == OperationCost::computing);
    // The name of a function in a comment is not a call.
    CHECK(operation_cost("z[i] = x[i] /* not sin(x) */") == OperationCost::streaming);
}
