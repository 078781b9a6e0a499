#pragma once
// The launch shape of grid-stride kernels (elementwise operations, fills, random numbers):
// work-groups of up to 256 work-items fill a GPU's schedulers without limiting occupancy, and up
// to 256 work-groups per compute unit, several times what is resident at once, let units that
// finish early take more work while the grid-stride loop covers the rest of the indices. Measured
// on an H200 (bench/NOTES.md, attempts 7, 8 and 23; 2^26 and 2^28 elements, % of copy bandwidth,
// one machine per line):
//   raw CUDA, z = a*x + b*y in pairs: float32 96-98% with 16 groups per unit, 100-101% with 64,
//     102-104% with 256, 104-105% with no limit (two pairs per work-item); float64 98-99%,
//     99-102%, 101-104%, 104-105%.
//   rtcg's kernels, 256 groups per unit against no limit: lin_comb float64 102 / 99% against
//     103 / 102%, float32 102 / 100% against 103 / 102%; the fused sin/exp/sqrt case float32
//     100 / 99% against 95 / 94%, float64 93 / 93% against 89 / 87%.
// One work-item per index instead (no loop) reached only 65-82% for 4-byte accesses.
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/kernel.hpp>

#include <algorithm>
#include <cstddef>

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

inline std::size_t max_groups(const DeviceInfo& device) {
    std::size_t groups = std::max<std::size_t>(device.compute_units, 1) * groups_per_compute_unit;
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
