#pragma once
// The shape of the tiles that scan and sort kernels stage through local memory: a work-group of
// `block` work-items, each owning `items` consecutive elements of a tile of block * items.
// (Reductions size their work-groups with ReductionShape instead: a power-of-two group whose
// work-items each fold `items_per_thread` strided elements per step, never staged as a tile.)
//
// Loads and stores go between global memory and the tile in coalesced order (work-item t touches
// t, t + block, ...), and each work-item then works sequentially on its own consecutive run
// t * items ... t * items + items - 1. An odd `items` makes those strided local reads hit
// distinct banks, so the run costs no bank conflicts for 4- and 8-byte elements.
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/kernel.hpp>

#include <cstddef>
#include <initializer_list>

namespace rtcg::detail {

struct TileShape {
    std::size_t block = 1;
    std::size_t items = 1;

    std::size_t tile() const noexcept { return block * items; }
};

// The largest odd `items` up to 15 whose tile of `bytes_per_item` bytes fits the tile budget
// (16 KiB, or less where the device has less local memory), with blocks of `max_block` work-items
// or fewer (halved while one item per work-item does not fit, and never above what the device
// allows in a work-group).
TileShape choose_tile_shape(const DeviceInfo& device, std::size_t bytes_per_item, std::size_t max_block);

// Work-groups of 256 fill a GPU's schedulers; scan and sort kernels ask for at most this many
// work-items.
inline constexpr std::size_t preferred_tile_block = 256;

// How many work-groups a scan launches at most: enough to fill every compute unit several times
// over, few enough that each group streams long contiguous chunks and the per-group totals stay
// small.
std::size_t max_tile_groups(const DeviceInfo& device);

// The largest work-group, up to `block`, that every one of `kernels` can run (registers, or a
// device limit below 256 such as some OpenCL drivers'): a program built for a larger one is
// rebuilt for this.
std::size_t largest_block_for(std::initializer_list<const Kernel*> kernels, std::size_t block);

} // namespace rtcg::detail
