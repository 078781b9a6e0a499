#pragma once
// Reductions along axes (axis_reduction.cpp). Where a kept axis is innermost in memory (the
// columns kernel): work-groups of 256 work-items, each keeping 8 reduced elements in flight per
// step. Where the outputs give too few groups, the reduced indices are split over more, each
// work-item still folding at least 16 of them: as many as fill the device's waves best where its
// residency is known (axis_slicing.hpp), else up to 16 groups per compute unit, twice the 2048
// work-items an NVIDIA multiprocessor holds at once since Volta. Measured on an H100 over the
// block size, items, groups per compute unit and slice length (bench/NOTES.md, "Strided
// elementwise and reductions along axes").
//
// Where the reduced run is innermost (the rows kernel) the same 256 and 8: once each lane's loads
// along a row took constant offsets from one address (axis_reduction_source.hpp), groups of 256
// beat the 128 that had suited argmax before, on CUDA for sums, argmax and means alike and on
// OpenCL for the sums and the larger means; 512 would have served CUDA's sums but not argmax or
// OpenCL's means (bench/NOTES.md, "Reductions along axes: slices by waves, rows at constant
// offsets").
#include "policy_table.hpp"

namespace rtcg::detail {

inline constexpr AxisReductionPolicy default_axis_reduction_policy{.block_size = 256,
                                                                   .items_per_work_item = 8,
                                                                   .row_block_size = 256,
                                                                   .row_items_per_work_item = 8,
                                                                   .groups_per_compute_unit = 16,
                                                                   .min_items_per_slice = 16};

inline constexpr PolicyTable<AxisReductionPolicy> axis_reduction_policies{.nvidia_gpu = default_axis_reduction_policy,
                                                                          .gpu = default_axis_reduction_policy,
                                                                          .cpu = default_axis_reduction_policy};

} // namespace rtcg::detail
