#pragma once
// Tiled copies (tiled_copy.hpp). On GPUs, tiles of 64 x 64 elements moved by 64 x 8 work-items:
// a warp reads or writes 32-element runs of a tile row, and each work-item moves eight elements,
// whose loads are all in flight before the barrier (bench/NOTES.md, "Tiled copies", has the tile
// shapes measured). Local memory up to 32 x 33 elements of 16 bytes: 64-element tiles of 4-byte types,
// 32-element ones of 8- and 16-byte types, smaller ones for wider structs. Each work-group moves
// one tile (no cap but the device's grid): the loop over tiles buys nothing where the loads of
// many resident work-groups already overlap. A CPU runs work-groups one after another per core, so
// the grid is capped there, as for elementwise calls, with the textbook 32 x 8 shape. Below 8
// elements along either axis most of a tile's work-items would idle, while the strided reads of
// the elementwise kernel still touch a few elements per 32-byte sector.
#include "policy_table.hpp"

namespace rtcg::detail {

inline constexpr TransposePolicy gpu_transpose_policy{.tile_edge = 64,
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
