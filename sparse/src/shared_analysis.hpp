#pragma once
// What the tuner's candidate plans (spmv_tuning.cpp) share instead of each making it again from
// the matrix: its columns renumbered by count, its values as indices into their table, and the
// two packed into one word an entry.
#include "column_order.hpp"
#include "indexed_values.hpp"

#include <rtcg/arrays/array.hpp>

#include <optional>
#include <type_traits>

namespace rtcg::sparse_detail {

template <SparseValue T, SparseIndex I>
struct SharedAnalysis {
    std::optional<ColumnRenumbering<I>> renumbering; // for the candidates with ColumnOrder::by_count
    std::optional<IndexedValues<T>> indexed;         // for those with indexed values
    // The renumbering's columns with the value indices packed in, where its column space leaves
    // their byte free (for the candidates with both).
    std::optional<Array<std::make_unsigned_t<I>>> packed_columns;
};

} // namespace rtcg::sparse_detail
