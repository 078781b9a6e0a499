// Kernel::occupancy and suggest_block_size (rtcg/core/occupancy.hpp) on every backend: the
// driver's answer on CUDA, on OpenCL the documented estimate recomputed here from the kernel's
// attributes and the device's limits; blocks that cannot run give 0, bad input InvalidArgument.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "../support/test_kernels.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using rtcg::test::context;
using rtcg::test::message_of;

TEST_CASE("occupancy and the suggested block size agree with each other and with the device's limits") {
    const auto kernel = rtcg::test::compile(rtcg::test::kernels::twice).kernel("twice");
    const auto& attributes = kernel.attributes();
    const auto& device = context().device();
    const bool estimated = device.backend == "opencl";

    const auto one = kernel.occupancy(64);
    CHECK(one.estimated == estimated);
    CHECK(one.blocks_per_compute_unit >= 1);
    if (estimated) {
        const std::size_t multiple = std::max<std::size_t>(attributes.preferred_multiple, 1);
        const std::size_t rounded = (64 + multiple - 1) / multiple * multiple;
        const std::size_t local = attributes.static_local_bytes.value_or(0) + 1024;
        const std::size_t expected = std::max<std::size_t>(
            std::min(std::max<std::size_t>(device.max_work_group_size / rounded, 1), device.local_memory_bytes / local),
            1);
        CHECK(kernel.occupancy(64, 1024).blocks_per_compute_unit == expected);
    }
    // More threads per block never fit more blocks.
    CHECK(kernel.occupancy(attributes.max_threads_per_block).blocks_per_compute_unit <= one.blocks_per_compute_unit);
    CHECK(kernel.occupancy(attributes.max_threads_per_block + 1).blocks_per_compute_unit == 0);
    CHECK(kernel.occupancy(64, device.local_memory_bytes + 1).blocks_per_compute_unit == 0);
    message_of<rtcg::InvalidArgument>([&] { kernel.occupancy(0); });

    const auto suggestion = kernel.suggest_block_size();
    CHECK(suggestion.estimated == estimated);
    CHECK(suggestion.block_size >= 1);
    CHECK(suggestion.block_size <= attributes.max_threads_per_block);
    const auto at_suggestion = kernel.occupancy(suggestion.block_size);
    CHECK(suggestion.min_grid_size == at_suggestion.blocks_per_compute_unit * device.compute_units);
    // No block size keeps more threads resident than the suggestion.
    for (std::size_t block = 1; block <= attributes.max_threads_per_block; block *= 2)
        CHECK(kernel.occupancy(block).blocks_per_compute_unit * block <=
              at_suggestion.blocks_per_compute_unit * suggestion.block_size);
    message_of<rtcg::InvalidArgument>([&] { kernel.suggest_block_size(device.local_memory_bytes + 1); });
    rtcg::Kernel empty;
    message_of<rtcg::InvalidArgument>([&] { empty.occupancy(32); });
    message_of<rtcg::InvalidArgument>([&] { empty.suggest_block_size(); });
}
