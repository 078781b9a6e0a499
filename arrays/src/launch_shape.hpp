#pragma once
// The launch shape of grid-stride kernels (elementwise operations, fills, random numbers), from
// the algorithm's policy (policies/elementwise.hpp and policies/random.hpp say why its values are
// what they are). A grid-stride loop at all, rather than one work-item per index, keeps 4-byte
// accesses near the copy bandwidth. The figures behind each choice are in bench/NOTES.md,
// "Grid-stride launch shape".
#include "snippet_tokens.hpp"

#include <rtcg/arrays/policy.hpp>
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/kernel.hpp>

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace rtcg::detail {

// The largest block up to the policy's `preferred` that the kernel and the device allow.
inline std::size_t block_size(const Kernel& kernel, const DeviceInfo& device, std::size_t preferred) {
    std::size_t block = preferred;
    if (kernel.attributes().max_threads_per_block) block = std::min(block, kernel.attributes().max_threads_per_block);
    if (device.max_work_group_size) block = std::min(block, device.max_work_group_size);
    if (device.max_work_item_sizes[0]) block = std::min(block, device.max_work_item_sizes[0]);
    return std::max<std::size_t>(block, 1);
}

// What an operation costs per index, as the launch shape sees it: `streaming` when its snippet
// calls no function and has no loop (lin_comb), `computing` otherwise (a sin, a helper from the
// preamble, a loop), which is the safe guess for what the text does not show. rtcg's own memory
// access and addressing helpers are no work (is_access_helper): take and put stream through
// them (bench/NOTES.md, "Grid-stride launch shape").
enum class OperationCost { streaming, computing };

// Whether a called name is one of rtcg's helpers that only move an element or form its address:
// the preludes' streaming and L2-only loads and streaming stores, and rtcg_wrap_index (a few
// integer instructions of the index that take and put in wrap mode gather or scatter through).
inline bool is_access_helper(std::string_view name) {
    return name == "RTCG_LOAD_STREAMING" || name == "RTCG_LOAD_L2_ONLY" || name == "RTCG_STORE_STREAMING" ||
           name == "rtcg_wrap_index";
}

inline OperationCost operation_cost(std::string_view operation) {
    const std::vector<SnippetToken> tokens = snippet_tokens(operation);
    for (std::size_t k = 0; k < tokens.size(); ++k) {
        if (tokens[k].kind != SnippetTokenKind::identifier) continue;
        const std::string_view name = tokens[k].text;
        if (name == "for" || name == "while" || name == "do" || name == "goto") return OperationCost::computing;
        const bool called = k + 1 < tokens.size() && tokens[k + 1].text == "(";
        if (called && name != "sizeof" && name != "if" && name != "switch" && name != "return" &&
            !is_access_helper(name))
            return OperationCost::computing;
    }
    return OperationCost::streaming;
}

// The most work-groups a grid-stride kernel launches: `per_compute_unit` on each compute unit,
// at most unlimited_groups and the device's largest grid.
inline std::size_t max_groups(const DeviceInfo& device, std::size_t per_compute_unit) {
    const std::size_t units = std::max<std::size_t>(device.compute_units, 1);
    std::size_t groups = per_compute_unit > unlimited_groups / units ? unlimited_groups : units * per_compute_unit;
    if (device.max_grid_size[0]) groups = std::min(groups, device.max_grid_size[0]);
    return groups;
}

// The most work-groups an elementwise operation of `cost` launches.
inline std::size_t max_groups(const DeviceInfo& device, const ElementwisePolicy& policy, OperationCost cost) {
    return max_groups(device, cost == OperationCost::streaming ? policy.streaming_groups_per_compute_unit
                                                               : policy.groups_per_compute_unit);
}

// The work-groups for `indices` indices: at least `min_indices` indices per work-item where there
// are fewer than max_groups can take, and at most `max_groups`.
inline std::size_t grid_groups(std::size_t indices, std::size_t block, std::size_t min_indices,
                               std::size_t max_groups) {
    const std::size_t per_group = min_indices * block;
    return std::max<std::size_t>(std::min((indices + per_group - 1) / per_group, max_groups), 1);
}

} // namespace rtcg::detail
