#pragma once
// Reductions (reduction_launch.cpp). Work-groups of 256 work-items: a tree of 8 steps in local
// memory, and room for several groups per compute unit. Each work-item has 64 bytes of mapped
// values in flight per step (16 floats, 8 doubles, clamped to 4 ... 16 items): at 1024 work-items
// per compute unit that covers the latency of HBM at full bandwidth with margin. 1024 work-items
// per compute unit are resident at once on every NVIDIA GPU since Maxwell when each uses at most
// 64 registers; launching more than fit would run the rest as a second, partly filled wave, since
// every group gets an equal share of indices. The other classes share these values: the same
// shape suits them, and no other has been measured to do better.
#include "policy_table.hpp"

namespace rtcg::detail {

inline constexpr ReductionPolicy measured_reduction_policy{.block_size = 256,
                                                           .batch_bytes = 64,
                                                           .min_items_per_work_item = 4,
                                                           .max_items_per_work_item = 16,
                                                           .resident_work_items_per_compute_unit = 1024};

inline constexpr PolicyTable<ReductionPolicy> reduction_policies{
    .nvidia_gpu = measured_reduction_policy, .gpu = measured_reduction_policy, .cpu = measured_reduction_policy};

} // namespace rtcg::detail
