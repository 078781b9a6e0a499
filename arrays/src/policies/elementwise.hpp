#pragma once
// Grid-stride elementwise kernels (launch_shape.hpp). Work-groups of 256 work-items fill a GPU's
// schedulers without limiting occupancy. Each work-item takes at least two indices while the
// grid is below its cap: its loop overlaps the second index's loads with the first's work. Up to
// 256 work-groups per compute unit, several times what is resident at once, let units that finish
// early take more work while the loop covers the rest of the indices. An operation that only
// streams is not capped on a GPU: there the loop's overlap buys nothing and more groups keep more
// loads in flight; a CPU runs work-groups one after another per core, so it is capped there too.
#include "policy_table.hpp"

namespace rtcg::detail {

inline constexpr PolicyTable<ElementwisePolicy> elementwise_policies{
    .nvidia_gpu = {.block_size = 256,
                   .min_indices_per_work_item = 2,
                   .groups_per_compute_unit = 256,
                   .streaming_groups_per_compute_unit = unlimited_groups},
    .gpu = {.block_size = 256,
            .min_indices_per_work_item = 2,
            .groups_per_compute_unit = 256,
            .streaming_groups_per_compute_unit = unlimited_groups},
    .cpu = {.block_size = 256,
            .min_indices_per_work_item = 2,
            .groups_per_compute_unit = 256,
            .streaming_groups_per_compute_unit = 256},
};

} // namespace rtcg::detail
