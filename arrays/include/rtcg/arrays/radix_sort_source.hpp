#pragma once
// The source of the radix sort's kernels (rtcg/arrays/algorithms.hpp), for either dialect: what
// sort() and sort_by_key() compile, and what tests compile with NVRTC where no GPU is. Pure text,
// no device. Digits are 8 bits; a tile is block * items keys, one tile per work-group.
//
// Once per sort:
//   rtcg_sort_histogram(keys, keys_offset, n, totals)
//     Reads the keys once and adds the count of every digit at every position (byte) of the key
//     to totals, as 64-bit numbers in pairs of 32-bit words (low, high), which must start at zero.
//     Any number of work-groups, each striding over the keys.
// Per pass (the digit at bit `shift`, position = shift / 8), on `tiles` work-groups:
//   rtcg_sort_tile_counts(keys, keys_offset, n, shift, counts)
//     counts[digit * tiles + tile]: how many keys of the digit each tile holds.
//   rtcg_sort_offsets(counts, totals, position, tiles)      (256 work-groups, one per digit)
//     Replaces the counts in place by where each tile's first key of each digit goes: the keys of
//     smaller digits (from totals) and of the same digit in earlier tiles.
//   rtcg_sort_scatter(keys_in, keys_offset, keys_out, [values_in, values_offset, values_out,]
//                     n, shift, offsets)
//     Ranks each tile by the digit in local memory, stably, and writes it to those places digit
//     run by digit run.
// One tile per work-group keeps no state between tiles; the counts (256 per tile) stay small
// next to the keys.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <optional>
#include <string>

namespace rtcg {

// Keys: integers of every width, float32 and float64 (InvalidArgument otherwise); `value`: any
// type, or none. `counter`: the counts' and offsets' type (uint32 or uint64), which must hold the
// element count. Work-groups of `block` work-items, each with `items` keys per tile (both at
// least 1, tiles of at most 65535 keys). Static local memory: the scatter's is about
// tile * (key size + 2 with values) + 36 * block + (block + 256) * counter size bytes.
RTCG_API std::string radix_sort_source(codegen::Dialect dialect, const codegen::DType& key,
                                       const std::optional<codegen::DType>& value, const codegen::DType& counter,
                                       std::size_t block, std::size_t items);

} // namespace rtcg
