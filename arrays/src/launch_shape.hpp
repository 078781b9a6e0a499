#pragma once
// The launch shape of grid-stride kernels (elementwise operations, fills, random numbers):
// work-groups of up to 256 work-items fill a GPU's schedulers without limiting occupancy, and up
// to 256 work-groups per compute unit, several times what is resident at once, let units that
// finish early take more work while the grid-stride loop covers the rest of the indices. An
// operation that only streams (arithmetic, no calls) is not capped on a GPU: there the loop's
// overlap buys nothing and more groups keep more loads in flight. Measured on an H200
// (bench/NOTES.md, attempts 7, 8, 23 and 32; 2^26 and 2^28 elements, % of copy bandwidth, one
// machine per line):
//   raw CUDA, z = a*x + b*y in pairs: float32 96-98% with 16 groups per unit, 100-101% with 64,
//     102-104% with 256, 104-105% with no limit (two pairs per work-item); float64 98-99%,
//     99-102%, 101-104%, 104-105%.
//   rtcg's kernels, 256 groups per unit against no limit: lin_comb float64 102 / 99% against
//     103 / 102%, float32 102 / 100% against 103 / 102%; the fused sin/exp/sqrt case float32
//     100 / 99% against 95 / 94%, float64 93 / 93% against 89 / 87%.
//   rtcg's kernels, us at 2^26 / 2^28, the cap against none: lin_comb float64 374 / 1520 against
//     372 / 1476 (CuPy 369 / 1466), float32 188 / 756 against 188 / 738; fused float64
//     415-421 / 1612-1645 against 422-424 / 1703, float32 192 / 761 against 199 / 800.
// One work-item per index instead (no loop) reached only 65-82% for 4-byte accesses.
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
// the first's work (the hand-written fused float64 case on an H200 moved 2079 GB/s at 2^20
// elements against 2013 with one index each; bench/NOTES.md, attempt 11), and at most `max_groups`.
inline std::size_t grid_groups(std::size_t indices, std::size_t block, std::size_t max_groups) {
    const std::size_t per_group = 2 * block;
    return std::max<std::size_t>(std::min((indices + per_group - 1) / per_group, max_groups), 1);
}

} // namespace rtcg::detail
