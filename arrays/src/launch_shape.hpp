#pragma once
// The launch shape of grid-stride kernels (elementwise operations, fills, random numbers):
// work-groups of up to 256 work-items fill a GPU's schedulers without limiting occupancy, and up
// to 256 work-groups per compute unit, several times what is resident at once, let units that
// finish early take more work while the grid-stride loop covers the rest of the indices. An
// operation that only streams (arithmetic, no calls) is not capped on a GPU: there the loop's
// overlap buys nothing and more groups keep more loads in flight. A grid-stride loop at all,
// rather than one work-item per index, keeps 4-byte accesses near the copy bandwidth. The figures
// behind each choice are in bench/NOTES.md, "Grid-stride launch shape".
#include "snippet_tokens.hpp"

#include <rtcg/core/device_info.hpp>
#include <rtcg/core/kernel.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

namespace rtcg::detail {

inline constexpr std::size_t preferred_block_size = 256;
inline constexpr std::size_t groups_per_compute_unit = 256;

// The largest block up to preferred_block_size that the kernel and the device allow.
inline std::size_t block_size(const Kernel& kernel, const DeviceInfo& device) {
    std::size_t block = preferred_block_size;
    if (kernel.attributes().max_threads_per_block) block = std::min(block, kernel.attributes().max_threads_per_block);
    if (device.max_work_group_size) block = std::min(block, device.max_work_group_size);
    if (device.max_work_item_sizes[0]) block = std::min(block, device.max_work_item_sizes[0]);
    return std::max<std::size_t>(block, 1);
}

// What an operation costs per index, as the launch shape sees it: `streaming` when its snippet
// calls no function and has no loop (lin_comb), `computing` otherwise (a sin, a helper from the
// preamble, a loop), which is the safe guess for what the text does not show.
enum class OperationCost { streaming, computing };

inline OperationCost operation_cost(std::string_view operation) {
    const std::vector<SnippetToken> tokens = snippet_tokens(operation);
    for (std::size_t k = 0; k < tokens.size(); ++k) {
        if (tokens[k].kind != SnippetTokenKind::identifier) continue;
        const std::string_view name = tokens[k].text;
        if (name == "for" || name == "while" || name == "do" || name == "goto") return OperationCost::computing;
        const bool called = k + 1 < tokens.size() && tokens[k + 1].text == "(";
        if (called && name != "sizeof" && name != "if" && name != "switch" && name != "return")
            return OperationCost::computing;
    }
    return OperationCost::streaming;
}

// The most work-groups a grid-stride kernel launches: the device's largest grid for streaming
// operations on GPUs, else groups_per_compute_unit per compute unit.
inline std::size_t max_groups(const DeviceInfo& device, OperationCost cost = OperationCost::computing) {
    std::size_t groups = std::max<std::size_t>(device.compute_units, 1) * groups_per_compute_unit;
    if (cost == OperationCost::streaming && device.type == DeviceType::gpu)
        groups = std::numeric_limits<std::uint32_t>::max();
    if (device.max_grid_size[0]) groups = std::min(groups, device.max_grid_size[0]);
    return groups;
}

// The work-groups for `indices` indices: at least two indices per work-item where there are
// fewer than max_groups can take, since a work-item's loop overlaps the second index's loads with
// the first's work, and at most `max_groups`.
inline std::size_t grid_groups(std::size_t indices, std::size_t block, std::size_t max_groups) {
    const std::size_t per_group = 2 * block;
    return std::max<std::size_t>(std::min((indices + per_group - 1) / per_group, max_groups), 1);
}

} // namespace rtcg::detail
