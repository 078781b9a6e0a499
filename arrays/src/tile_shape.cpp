#include "tile_shape.hpp"

#include <algorithm>

namespace rtcg::detail {

WorkShape choose_tile_shape(const DeviceInfo& device, const ScanPolicy& policy, std::size_t bytes_per_item,
                            std::size_t max_block) {
    std::size_t budget = policy.tile_bytes;
    // The kernels keep per-work-item totals and counters next to the tile: leave room for them.
    if (device.local_memory_bytes) budget = std::min<std::size_t>(budget, device.local_memory_bytes / 3);
    std::size_t block = max_block;
    if (device.max_work_group_size) block = std::min(block, device.max_work_group_size);
    if (device.max_work_item_sizes[0]) block = std::min(block, device.max_work_item_sizes[0]);
    block = std::max<std::size_t>(block, 1);
    while (block > 1 && block * bytes_per_item > budget) block /= 2;
    std::size_t items = std::clamp<std::size_t>(budget / (block * bytes_per_item), 1, policy.max_items_per_work_item);
    if (items % 2 == 0) --items;
    return WorkShape{block, items};
}

std::size_t max_tile_groups(const DeviceInfo& device, const ScanPolicy& policy) {
    std::size_t groups = std::max<std::size_t>(device.compute_units, 1) * policy.groups_per_compute_unit;
    if (device.max_grid_size[0]) groups = std::min(groups, device.max_grid_size[0]);
    return groups;
}

std::size_t largest_block_for(std::initializer_list<const Kernel*> kernels, std::size_t block) {
    for (const Kernel* kernel : kernels)
        if (kernel->attributes().max_threads_per_block)
            block = std::min(block, kernel->attributes().max_threads_per_block);
    return block;
}

} // namespace rtcg::detail
