#pragma once
// Scans (tile_shape.hpp, scan_source.hpp). Work-groups of up to 256 work-items fill a GPU's
// schedulers. A tile takes at most 16 KiB of local memory (less where the device has less), with
// up to 15 elements per work-item, odd so that each work-item's run of consecutive elements in
// local memory starts in another bank. Reduce-then-scan launches at most 8 work-groups per compute
// unit: enough to fill every unit several times over, few enough that each group streams long
// contiguous chunks and the per-group totals stay small. The single pass (NVIDIA only) makes 8
// groups of 256 share a multiprocessor, which fills its 2048 threads (sm_90) with 32 registers
// each: the loads of more tiles are in flight at once than with the compiler's own choice of
// registers. The other classes run reduce-then-scan with the same tiles.
#include "policy_table.hpp"

namespace rtcg::detail {

inline constexpr PolicyTable<ScanPolicy> scan_policies{
    .nvidia_gpu = {.block_size = 256,
                   .max_items_per_work_item = 15,
                   .tile_bytes = 16 * 1024,
                   .groups_per_compute_unit = 8,
                   .single_pass_groups_per_compute_unit = 8},
    .gpu = {.block_size = 256,
            .max_items_per_work_item = 15,
            .tile_bytes = 16 * 1024,
            .groups_per_compute_unit = 8,
            .single_pass_groups_per_compute_unit = 8},
    .cpu = {.block_size = 256,
            .max_items_per_work_item = 15,
            .tile_bytes = 16 * 1024,
            .groups_per_compute_unit = 8,
            .single_pass_groups_per_compute_unit = 8},
};

} // namespace rtcg::detail
