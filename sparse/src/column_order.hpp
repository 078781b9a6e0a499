#pragma once
// The columns of a matrix numbered anew, most-read first (spmv.hpp's ColumnOrder::by_count), and
// x gathered into that numbering before a product.
#include <rtcg/arrays/array.hpp>
#include <rtcg/sparse/matrix.hpp>

namespace rtcg::sparse_detail {

// A matrix's columns numbered by how many entries each holds, most first (equal counts in their
// own order): `columns` are the entries' columns in the new numbering, and `old_of_new` the
// matrix's own column of each new one, cols() of them.
template <SparseIndex I>
struct ColumnRenumbering {
    Array<I> columns;
    Array<I> old_of_new;
};

// The renumbering of `a` (at least one column and one entry), made on the device on the context's
// current queue; bincount reads the largest column index back, so it waits for the queue.
template <SparseValue T, SparseIndex I>
ColumnRenumbering<I> renumber_columns_by_count(const CsrMatrix<T, I>& a);

// `a` with its columns renumbered: the same row offsets and values, the renumbering's columns.
template <SparseValue T, SparseIndex I>
CsrMatrix<T, I> renumbered_matrix(const CsrMatrix<T, I>& a, const ColumnRenumbering<I>& renumbering);

// x (contiguous, old_of_new.size() elements) in the new numbering: x[old_of_new[c]] at c, a new
// array, on the context's current queue.
template <SparseValue T, SparseIndex I>
Array<T> gathered(const Array<T>& x, const Array<I>& old_of_new);

} // namespace rtcg::sparse_detail
