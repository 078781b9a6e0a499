#pragma once
// Offsets of variable-length lists from their lengths, shared by ListOfListsBuilder and
// KeyValueSorter: an exclusive scan of int64 counts into int64 starts, the compaction of those
// starts to the non-empty lists, and their narrowing to another index type. One scan kernel serves
// every use, so that it is compiled once per context.
#include <rtcg/arrays/array_data.hpp>

#include <cstddef>

namespace rtcg::detail {

// starts[k] = counts[0] + ... + counts[k - 1] for k in [0, n], n = counts.size(), and
// totals[slot] = the sum of every count; with `nonempty_only`, each count counts as 1 where it is
// not 0 (the positions of the non-empty lists). `counts` is int64, contiguous and non-negative;
// `starts` int64, contiguous, of n + 1 elements. The sums saturate at INT64_MAX rather than wrap, so
// that a total that large means "too many". n = 0 writes starts[0] = 0 and leaves `totals` as it
// was.
void scan_offsets(const ArrayData& counts, const ArrayData& starts, const ArrayData& totals, std::size_t slot,
                  bool nonempty_only = false);

// Keeps the starts of the lists whose count is not 0: for the m such indices k in ascending order,
// compact_starts[j] = starts[k] and indices[j] = k, then compact_starts[m] = starts[n]. `positions`
// is scan_offsets(counts, positions, ..., nonempty_only = true)'s result. All int64 and contiguous;
// `compact_starts` has n + 1 elements, `indices` n (n > 0).
void compact_offsets(const ArrayData& counts, const ArrayData& starts, const ArrayData& positions,
                     const ArrayData& compact_starts, const ArrayData& indices);

// `starts` (int64) converted into `narrow` (int32, of the same size), whose values the caller has
// checked fit.
void narrow_offsets(const ArrayData& starts, const ArrayData& narrow);

} // namespace rtcg::detail
