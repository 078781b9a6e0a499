#pragma once
// The shape of the tiles that scan and sort kernels stage through local memory: a work-group of
// `block` work-items, each owning `items` consecutive elements of a tile of block * items.
//
// Loads and stores go between global memory and the tile in coalesced order (work-item t touches
// t, t + block, ...), and each work-item then works sequentially on its own consecutive run
// t * items ... t * items + items - 1. An odd `items` makes those strided local reads hit
// distinct banks, so the run costs no bank conflicts for 4- and 8-byte elements.
#include "work_shape.hpp"

#include <rtcg/arrays/policy.hpp>
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/kernel.hpp>

#include <cstddef>
#include <initializer_list>

namespace rtcg::detail {

// The largest odd `items` up to the policy's max_items_per_work_item whose tile of
// `bytes_per_item` bytes fits the policy's tile_bytes (or less where the device has less local
// memory), with blocks of `max_block` work-items or fewer (halved while one item per work-item
// does not fit, and never above what the device allows in a work-group).
WorkShape choose_tile_shape(const DeviceInfo& device, const ScanPolicy& policy, std::size_t bytes_per_item,
                            std::size_t max_block);

// How many work-groups reduce-then-scan launches at most: the policy's per compute unit, within
// the device's largest grid.
std::size_t max_tile_groups(const DeviceInfo& device, const ScanPolicy& policy);

// The largest work-group, up to `block`, that every one of `kernels` can run (registers, or a
// device limit below 256 such as some OpenCL drivers'): a program built for a larger one is
// rebuilt for this.
std::size_t largest_block_for(std::initializer_list<const Kernel*> kernels, std::size_t block);

} // namespace rtcg::detail
