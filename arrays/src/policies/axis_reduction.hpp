#pragma once
// Reductions along axes (axis_reduction.cpp). Work-groups of 256 work-items with 8 groups per
// compute unit: 2048 resident work-items, every NVIDIA GPU's maximum since Volta, so that the grid
// is one full wave. Each work-item keeps 8 reduced elements in flight per step, which with 2048
// work-items covers the latency of HBM at full bandwidth for 4-byte elements. The reduced indices
// are split over more groups only where each work-item still folds at least 32 of them, so that a
// second pass over the slices never costs more than a few percent of the first. The other classes
// share these values: nothing has been measured to do better there.
#include "policy_table.hpp"

namespace rtcg::detail {

inline constexpr AxisReductionPolicy default_axis_reduction_policy{
    .block_size = 256, .items_per_work_item = 8, .groups_per_compute_unit = 8, .min_items_per_slice = 32};

inline constexpr PolicyTable<AxisReductionPolicy> axis_reduction_policies{.nvidia_gpu = default_axis_reduction_policy,
                                                                          .gpu = default_axis_reduction_policy,
                                                                          .cpu = default_axis_reduction_policy};

} // namespace rtcg::detail
