#pragma once
// The source of the radix sort's two kernels (rtcg/arrays/algorithms.hpp), for either dialect:
// what sort() and sort_by_key() compile, and what tests compile with NVRTC where no GPU is. Pure
// text, no device.
//
//   rtcg_sort_histogram(keys, keys_offset, n, shift, histogram)
//     Each work-group counts the 4-bit digits at `shift` of its tile of keys (block * items keys,
//     one tile per group) and writes histogram[digit * groups + group], so that an exclusive scan
//     of the histogram gives, for every digit and tile, where that tile's first key of that digit
//     goes.
//   rtcg_sort_scatter(keys_in, keys_offset, keys_out, [values_in, values_offset, values_out,]
//                     n, shift, offsets)
//     Each work-group moves its tile to those places, stably: the tile is ranked by digit in local
//     memory, then written out digit run by digit run.
// One tile per group keeps no state between tiles; the histogram (16 counts per tile) stays small
// next to the keys.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <optional>
#include <string>

namespace rtcg {

// Keys: integers of every width, float32 and float64 (InvalidArgument otherwise); `value`: any
// type, or none. `counter`: the histogram's type (uint32 or uint64), which must hold the element
// count. Work-groups of `block` (at least 16) work-items, each with `items` keys per tile.
RTCG_API std::string radix_sort_source(codegen::Dialect dialect, const codegen::DType& key,
                                       const std::optional<codegen::DType>& value, const codegen::DType& counter,
                                       std::size_t block, std::size_t items);

} // namespace rtcg
