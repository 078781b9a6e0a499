#pragma once
// Tiled copies (tiled_copy.hpp). Tiles of 32 x 32 elements moved by 32 x 8 work-items: a warp reads
// or writes one 32-element run of a tile row at a time, and each work-item moves four elements,
// whose loads are all in flight before the barrier. Local memory up to 32 x 33 elements of 16
// bytes keeps the 32-element runs for every type up to complex<double>; wider structs take smaller
// tiles. On a GPU each work-group moves one tile (no cap but the device's grid): the loop over
// tiles buys nothing where the loads of many resident work-groups already overlap. A CPU runs
// work-groups one after another per core, so the grid is capped there, as for elementwise calls.
// Below 8 elements along either axis most of a tile's work-items would idle, while the strided
// reads of the elementwise kernel still touch a few elements per 32-byte sector.
#include "policy_table.hpp"

namespace rtcg::detail {

inline constexpr TransposePolicy gpu_transpose_policy{.tile_edge = 32,
                                                      .tile_rows = 8,
                                                      .tile_bytes = 32 * 33 * 16,
                                                      .groups_per_compute_unit = unlimited_groups,
                                                      .min_tiled_extent = 8};

inline constexpr PolicyTable<TransposePolicy> transpose_policies{
    .nvidia_gpu = gpu_transpose_policy,
    .gpu = gpu_transpose_policy,
    .cpu = {.tile_edge = 32,
            .tile_rows = 8,
            .tile_bytes = 32 * 33 * 16,
            .groups_per_compute_unit = 256,
            .min_tiled_extent = 8},
};

} // namespace rtcg::detail
