#pragma once
// A matrix's values as one-byte indices into a table of its distinct values (spmv.hpp's
// SpmvOptions::indexed_values), which the merge form's kernel reads in their place.
#include <rtcg/arrays/array.hpp>
#include <rtcg/sparse/matrix.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>

namespace rtcg::sparse_detail {

// The most distinct values an index of one byte tells apart.
inline constexpr std::size_t most_indexed_values = 256;

template <SparseValue T>
struct IndexedValues {
    Array<std::uint8_t> indices; // each entry's index into `table`
    Array<T> table;              // the distinct values, in the order of their first entries
};

// `values` as indices into the table of their distinct values, told apart bit for bit (so that +0
// and -0, and NaNs of different payloads, keep their own entries and every product is the one the
// values themselves give). Read to the host and written back on the context's current queue;
// nullopt where there are more than most_indexed_values distinct values, found as soon as the
// first one past them is read.
template <SparseValue T>
std::optional<IndexedValues<T>> indexed_values(const Array<T>& values);

// Whether indexed_values(values) finds its table, without writing the indices back.
template <SparseValue T>
bool indexable_values(const Array<T>& values);

// The bit an entry's value index starts at where it is packed into the entry's column index: the
// top byte of the index type's width.
template <SparseIndex I>
inline constexpr unsigned packed_shift = 8 * sizeof(I) - 8;

// The most columns whose indices leave that byte free.
template <SparseIndex I>
inline constexpr std::size_t packable_columns = std::size_t{1} << packed_shift<I>;

// Each entry's column (below packable_columns<I>) with its value index in the top byte: one word
// an entry, made on the device on the context's current queue.
template <SparseIndex I>
Array<std::make_unsigned_t<I>> packed_columns(const Array<I>& columns, const Array<std::uint8_t>& indices);

} // namespace rtcg::sparse_detail
