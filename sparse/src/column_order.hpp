#pragma once
// The columns of a matrix numbered anew, most-read first (spmv.hpp's ColumnOrder::by_count), and
// x gathered into that numbering before a product.
#include <rtcg/arrays/array.hpp>
#include <rtcg/sparse/matrix.hpp>

#include <cstddef>

namespace rtcg::sparse_detail {

// A matrix's columns numbered by how many entries each holds, most first (equal counts in their
// own order), `hot` of them: `columns` are the entries' columns in the new numbering and
// `old_of_new` the matrix's own column of each of the first `hot` new ones. Where `hot` is less
// than the matrix's columns, each of the others is numbered hot + its own column (the space
// then holds hot + cols columns, `column_space`), so that a product reads those from x as it is
// and gathers only the hot elements.
template <SparseIndex I>
struct ColumnRenumbering {
    Array<I> columns;
    Array<I> old_of_new;
    std::size_t hot = 0;
    std::size_t column_space = 0;
};

// The most-read columns a merge product keeps apart: at least `cached` (SpmvOptions::cached_columns)
// and at least as many of T as a compute unit's first-level store holds, where its gathers find
// them again; all `cols` where that is as many or where hot + cols would not fit I.
template <SparseValue T, SparseIndex I>
std::size_t merge_hot_columns(std::size_t cached, std::size_t cols);

// The renumbering of `a` (at least one column and one entry) with the `hot` (at most cols) most
// read columns first, made on the device on the context's current queue; bincount reads the
// largest column index back, so it waits for the queue.
template <SparseValue T, SparseIndex I>
ColumnRenumbering<I> renumber_columns_by_count(const CsrMatrix<T, I>& a, std::size_t hot);

// `a` with its columns renumbered: the same row offsets and values, the renumbering's columns in
// its column space.
template <SparseValue T, SparseIndex I>
CsrMatrix<T, I> renumbered_matrix(const CsrMatrix<T, I>& a, const ColumnRenumbering<I>& renumbering);

// x (contiguous) at the renumbering's first columns: x[old_of_new[c]] at c, a new array, on the
// context's current queue.
template <SparseValue T, SparseIndex I>
Array<T> gathered(const Array<T>& x, const Array<I>& old_of_new);

} // namespace rtcg::sparse_detail
