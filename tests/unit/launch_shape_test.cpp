// How many work-groups grid-stride kernels launch (arrays/src/launch_shape.hpp) with the default
// elementwise policies (arrays/src/policies/elementwise.hpp), and which operations count as
// streaming. Needs no device.
#include "launch_shape.hpp"
#include "policies/elementwise.hpp"

#include <doctest/doctest.h>

#include <cstddef>

namespace {

using rtcg::DeviceClass;
using rtcg::detail::elementwise_policies;
using rtcg::detail::grid_groups;

constexpr std::size_t block = 256;
constexpr std::size_t min_indices = 2;
// An H200's cap: 132 compute units, 256 groups each.
constexpr std::size_t h200_groups = 132 * 256;

} // namespace

TEST_CASE("small launches give each work-item two indices, and at least one group") {
    CHECK(grid_groups(1, block, min_indices, h200_groups) == 1);
    CHECK(grid_groups(512, block, min_indices, h200_groups) == 1);
    CHECK(grid_groups(513, block, min_indices, h200_groups) == 2);
    CHECK(grid_groups(std::size_t{1} << 20, block, min_indices, h200_groups) == 2048);
}

TEST_CASE("large launches stop at the cap, and the loop covers the rest") {
    // 2^27 pairs (2^28 float64 elements): 262144 groups wanted, 33792 launched.
    CHECK(grid_groups(std::size_t{1} << 27, block, min_indices, h200_groups) == h200_groups);
    CHECK(grid_groups(std::size_t{1} << 40, block, min_indices, 1) == 1);
}

TEST_CASE("the default policies give every class work-groups of 256, each index pair to a work-item") {
    for (const DeviceClass device_class : {DeviceClass::nvidia_gpu, DeviceClass::gpu, DeviceClass::cpu}) {
        CHECK(elementwise_policies[device_class].block_size == block);
        CHECK(elementwise_policies[device_class].min_indices_per_work_item == min_indices);
    }
}

TEST_CASE("the cap follows the device's compute units and its largest grid") {
    using rtcg::detail::OperationCost;
    const rtcg::ElementwisePolicy& policy = elementwise_policies[DeviceClass::nvidia_gpu];
    rtcg::DeviceInfo device;
    CHECK(rtcg::detail::max_groups(device, policy, OperationCost::computing) == 256);
    device.compute_units = 132;
    CHECK(rtcg::detail::max_groups(device, policy, OperationCost::computing) == h200_groups);
    device.max_grid_size[0] = 1000;
    CHECK(rtcg::detail::max_groups(device, policy, OperationCost::computing) == 1000);
}

TEST_CASE("streaming operations are capped only by the largest grid, and only on GPUs") {
    using rtcg::detail::OperationCost;
    rtcg::DeviceInfo device;
    device.compute_units = 132;
    device.max_grid_size[0] = 2147483647;
    for (const DeviceClass gpu : {DeviceClass::nvidia_gpu, DeviceClass::gpu}) {
        CHECK(rtcg::detail::max_groups(device, elementwise_policies[gpu], OperationCost::streaming) == 2147483647);
        CHECK(rtcg::detail::max_groups(device, elementwise_policies[gpu], OperationCost::computing) == h200_groups);
    }
    const rtcg::ElementwisePolicy& cpu = elementwise_policies[DeviceClass::cpu];
    CHECK(rtcg::detail::max_groups(device, cpu, OperationCost::streaming) == h200_groups);
    // Without a largest grid reported, no more than 2^32 - 1 groups, however many compute units.
    device.max_grid_size[0] = 0;
    device.compute_units = 1;
    CHECK(rtcg::detail::max_groups(device, elementwise_policies[DeviceClass::gpu], OperationCost::streaming) ==
          4294967295u);
    device.compute_units = 132;
    CHECK(rtcg::detail::max_groups(device, elementwise_policies[DeviceClass::gpu], OperationCost::streaming) ==
          4294967295u);
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
    // rtcg's wrap of an index is part of an address, as in take and put with mode wrap.
    CHECK(operation_cost("k = rtcg_wrap_index(k, n, m, s);\nout[i] = source[k]") == OperationCost::streaming);
    CHECK(operation_cost("k = rtcg_wrap_index(k, n, m, s);\nout[i] = sin(source[k])") == OperationCost::computing);
    // So are the preludes' streaming and L2-only loads and streaming stores (take reads its
    // indices through the first).
    CHECK(operation_cost("rtcg_index_t k = (rtcg_index_t)RTCG_LOAD_STREAMING(&indices[i]);\nout[i] = source[k]") ==
          OperationCost::streaming);
    CHECK(operation_cost("out[i] = RTCG_LOAD_L2_ONLY(&source[indices[i]])") == OperationCost::streaming);
    CHECK(operation_cost("RTCG_STORE_STREAMING(&out[i], x[i])") == OperationCost::streaming);
    CHECK(operation_cost("RTCG_STORE_STREAMING(&out[i], exp(x[i]))") == OperationCost::computing);
    // The name of a function in a comment is not a call.
    CHECK(operation_cost("z[i] = x[i] /* not sin(x) */") == OperationCost::streaming);
}
