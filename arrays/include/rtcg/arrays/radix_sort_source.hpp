#pragma once
/// \file
/// The source of the radix sort's kernels (rtcg/arrays/algorithms.hpp), for a target (a dialect,
/// and whether it has warp primitives): what sort() and sort_by_key() compile, and what tests
/// compile with NVRTC where no GPU is. Pure text, no device. Digits are 8 bits; a tile is
/// block * items keys, one tile per work-group.
///
/// The state: one buffer of 32-bit words, zeroed by the host once per sort: the histogram's totals
/// (2 * 256 per position of the key), one tile counter per pass (one per position), then the
/// statuses of the look-back, one per tile and digit at (tile * 256 + digit) * words, of one word
/// (uint32 counter) or two (uint64).
///
/// Once per sort:
///   rtcg_sort_histogram(keys, keys_offset, n, state)
///     Reads the keys once and adds the count of every digit at every position (byte) of the key
///     to the totals, as 64-bit numbers in pairs of 32-bit words (low, high). Any number of
///     work-groups, each striding over the keys.
///   rtcg_sort_starts(state, starts)
///     One work-group: writes `starts`, at position * 256 + digit the keys of every smaller digit
///     at that position, and at positions * 256 + position 1 where every key has the same digit
///     there, else 0. From 2^24 keys the host also reads the totals back and skips those
///     positions; below, every position is a pass, and such a pass copies its keys unranked.
/// Per pass run (the digit at bit `shift`; `pass` = 0, 1, ... counts the passes run in this sort),
/// one launch of `tiles` work-groups, tiles = ceil(n / tile):
///   rtcg_sort_pass(keys_in, keys_offset, keys_out, [values_in, values_offset, values_out,]
///                  n, shift, pass, starts, state)
///     Each work-group takes the next tile from the pass's counter (in the order work-groups
///     start), loads its keys once, counts its keys of each digit and publishes those counts,
///     ranks the keys by the digit, stably (by warp votes where the target has warp primitives, by
///     counting rounds in local memory elsewhere), and looks back over the earlier tiles' statuses
///     for where its keys of each digit go (a chained scan with decoupled look-back), publishes
///     that plus its own count, and writes the tile there digit run by digit run (and each value
///     from where its key was).
///     A work-group waits only on tiles taken before its own, so the pass completes on every
///     device that keeps its started work-groups running, in whatever order it starts them. The
///     statuses are flagged with the pass's parity, so the state needs no zeroing between passes.
/// Or, where n <= tile, the whole sort in one launch of one work-group:
///   rtcg_sort_one_tile(keys_in, keys_offset, keys_even, keys_odd,
///                      [values_in, values_offset, values_even, values_odd,] n)
///     Ranks the tile by the digit at each position in turn, as a pass does, and writes it in
///     order to keys_even (even positions) or keys_odd, which the next position reads: the sorted
///     keys end in the array of the last position's parity, where the passes leave them.
/// One tile per work-group keeps no state between tiles; the statuses (256 words per tile) stay
/// small next to the keys.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <optional>
#include <string>

namespace rtcg {

/// Keys: integers of every width, float32 and float64 (InvalidArgument otherwise); `value`: any
/// type, or none. `counter`: the counts' and places' type, uint32 for fewer than 2^30 keys (a
/// status packs a 30-bit count with a 2-bit flag in one word), uint64 for any count below 2^60
/// (two such words); InvalidArgument otherwise. Work-groups of `block` work-items, each with
/// `items` keys per tile (both at least 1, tiles of at most 65535 keys). Static local memory: the
/// pass's is about tile * (key size + 2 with values) + 40 * block + 256 * (4 + counter size) bytes.
/// The histogram reads the default SortPolicy's histogram_items_per_work_item keys per work-item
/// (rtcg/arrays/policy.hpp), that of the target's class: nvidia_gpu with warp primitives, else gpu.
RTCG_API std::string radix_sort_source(const codegen::Target& target, const codegen::DType& key,
                                       const std::optional<codegen::DType>& value, const codegen::DType& counter,
                                       std::size_t block, std::size_t items);

} // namespace rtcg
