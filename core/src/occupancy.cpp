// Kernel::occupancy and suggest_block_size: the backend's answer where it has one, else the
// estimate rtcg/core/occupancy.hpp documents.
#include "context_state.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/core/plugin/backend.hpp>

#include <algorithm>
#include <limits>

namespace rtcg {
namespace {

// The local memory one block needs, or nothing where it overflows or exceeds the device's.
std::optional<std::size_t> local_per_block(const KernelAttributes& attributes, const DeviceInfo& device,
                                           std::size_t dynamic_local_bytes) {
    const std::size_t static_bytes = attributes.static_local_bytes.value_or(0);
    if (dynamic_local_bytes > std::numeric_limits<std::size_t>::max() - static_bytes) return std::nullopt;
    const std::size_t bytes = static_bytes + dynamic_local_bytes;
    if (bytes > device.local_memory_bytes) return std::nullopt;
    return bytes;
}

std::size_t estimate(const KernelAttributes& attributes, const DeviceInfo& device, std::size_t block,
                     std::size_t local_bytes) {
    const std::size_t multiple = std::max<std::size_t>(attributes.preferred_multiple, 1);
    const std::size_t rounded = (block + multiple - 1) / multiple * multiple;
    const std::size_t by_items = std::max<std::size_t>(device.max_work_group_size / rounded, 1);
    const std::size_t by_local = local_bytes == 0 ? by_items : device.local_memory_bytes / local_bytes;
    return std::max<std::size_t>(std::min(by_items, by_local), 1);
}

void check_kernel(const plugin::KernelImpl* impl, const char* where) {
    if (!impl) throw InvalidArgument("the kernel is empty (default-constructed or moved from)", where);
}

} // namespace

Occupancy Kernel::occupancy(std::size_t block_size, std::size_t dynamic_local_bytes) const {
    constexpr const char* where = "Kernel::occupancy";
    check_kernel(impl_.get(), where);
    if (block_size == 0) throw InvalidArgument("a block of 0 threads runs nothing", where);
    const DeviceInfo& device = context_->description.info;
    const auto local_bytes = local_per_block(attributes_, device, dynamic_local_bytes);
    if (block_size > attributes_.max_threads_per_block || !local_bytes) return Occupancy{0, false};
    if (const auto blocks = impl_->active_blocks_per_compute_unit(block_size, dynamic_local_bytes))
        return Occupancy{*blocks, false};
    return Occupancy{estimate(attributes_, device, block_size, *local_bytes), true};
}

BlockSuggestion Kernel::suggest_block_size(std::size_t dynamic_local_bytes) const {
    constexpr const char* where = "Kernel::suggest_block_size";
    check_kernel(impl_.get(), where);
    const DeviceInfo& device = context_->description.info;
    const auto local_bytes = local_per_block(attributes_, device, dynamic_local_bytes);
    if (!local_bytes)
        throw InvalidArgument("kernel '" + name() + "' needs more local memory per block than " + device.name +
                                  " has (" + std::to_string(device.local_memory_bytes) + " bytes)",
                              where);
    if (const auto suggestion = impl_->suggest_block_size(dynamic_local_bytes)) return *suggestion;
    // Every multiple of the preferred size up to the kernel's limit, and the limit itself.
    const std::size_t multiple = std::max<std::size_t>(attributes_.preferred_multiple, 1);
    const std::size_t largest = std::max<std::size_t>(attributes_.max_threads_per_block, 1);
    BlockSuggestion best{1, estimate(attributes_, device, 1, *local_bytes), true};
    std::size_t best_threads = best.min_grid_size;
    for (std::size_t block = multiple;; block = std::min(block + multiple, largest)) {
        const std::size_t blocks = estimate(attributes_, device, block, *local_bytes);
        if (blocks * block >= best_threads) {
            best = BlockSuggestion{block, blocks, true};
            best_threads = blocks * block;
        }
        if (block >= largest) break;
    }
    best.min_grid_size *= std::max<std::size_t>(device.compute_units, 1);
    return best;
}

} // namespace rtcg
