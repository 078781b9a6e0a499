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
// Where the reduced run is innermost (the rows kernel), NVIDIA GPUs take groups of 512 for values
// of up to 8 bytes and 256 for wider ones (argmin's and argmax's pairs). With each lane's loads
// along a row at constant offsets from one address and the segments fixed to the group
// (axis_reduction_source.hpp), an H100's sums along rows took less than CuPy's time in groups of
// 512 on CUDA and on OpenCL, where 256 took more, and the mean over the outer and inner axes of
// a cube moved within 1% on CUDA and gained up to 6% on OpenCL; argmax lost 3-8% with 512 and
// keeps 256, which beat the 128 that had suited it before (bench/NOTES.md, "Reductions along
// axes: slices by waves, rows at constant offsets"). The other classes keep 256 for both
// kernels: nothing has been measured to do better there.
#include "policy_table.hpp"

namespace rtcg::detail {

inline constexpr AxisReductionPolicy default_axis_reduction_policy{.block_size = 256,
                                                                   .items_per_work_item = 8,
                                                                   .row_block_size = 256,
                                                                   .wide_row_block_size = 256,
                                                                   .row_items_per_work_item = 8,
                                                                   .groups_per_compute_unit = 16,
                                                                   .min_items_per_slice = 16};

inline constexpr AxisReductionPolicy nvidia_axis_reduction_policy = [] {
    AxisReductionPolicy policy = default_axis_reduction_policy;
    policy.row_block_size = 512;
    return policy;
}();

inline constexpr PolicyTable<AxisReductionPolicy> axis_reduction_policies{.nvidia_gpu = nvidia_axis_reduction_policy,
                                                                          .gpu = default_axis_reduction_policy,
                                                                          .cpu = default_axis_reduction_policy};

} // namespace rtcg::detail
