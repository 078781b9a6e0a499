#pragma once
// The radix sort (radix_sort.cpp). Work-groups of up to 256 work-items. A pass may take 42 KiB of
// local memory: a tile of 27 keys of 4 bytes or 15 of 8 bytes per work-item fits, and five
// work-groups of 256 still share a multiprocessor of 228 KB (NVIDIA's sm_90). Keys per work-item
// are odd, so that the work-items' runs of consecutive keys in local memory start in different
// banks. Ranked by warp votes (NVIDIA), a work-item holds its keys in registers, one or two each:
// 27 registers of them fit the 64 its launch bounds allow without spilling, and large sorts (from
// 2^24 keys) run fastest with 27 keys of 4 bytes; smaller ones with 19, whose smaller tiles keep
// more multiprocessors busy; 8-byte keys with 13. Counting rounds keep the keys in local memory:
// 15, on every class (the other classes never rank by votes, so their vote fields repeat
// NVIDIA's). The histogram reads 16 keys per work-item per tile, as many loads in flight, at up to
// 4 work-groups per compute unit: more groups add more atomic adds to the same 1024 global words
// at the end, and gain nothing. From 2^24 keys the host reads the digits' counts back to skip the
// passes whose digit every key shares; below, the queue's round trip costs more than such a pass,
// which then copies the keys. The digits' width (8 bits) is no policy: the ranking's two 4-bit
// counting rounds and the 256-word statuses are written for it.
#include "policy_table.hpp"

namespace rtcg::detail {

// One row for every class: the sort was tuned on NVIDIA's GPUs only, and the other classes never
// rank by votes.
inline constexpr SortPolicy measured_sort_policy{.block_size = 256,
                                                 .local_memory_bytes = 42 * 1024,
                                                 .counting_items_per_work_item = 15,
                                                 .vote_items_per_work_item = 19,
                                                 .large_vote_items_per_work_item = 27,
                                                 .wide_vote_items_per_work_item = 13,
                                                 .large_sort_from = std::size_t{1} << 24,
                                                 .histogram_items_per_work_item = 16,
                                                 .histogram_groups_per_compute_unit = 4,
                                                 .read_back_from = std::size_t{1} << 24};

inline constexpr PolicyTable<SortPolicy> sort_policies{
    .nvidia_gpu = measured_sort_policy, .gpu = measured_sort_policy, .cpu = measured_sort_policy};

} // namespace rtcg::detail
