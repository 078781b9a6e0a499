#include "column_order.hpp"

#include "instantiate.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/counting.hpp>
#include <rtcg/arrays/indexing.hpp>

#include <cstdint>

namespace rtcg::sparse_detail {

template <SparseValue T, SparseIndex I>
ColumnRenumbering<I> renumber_columns_by_count(const CsrMatrix<T, I>& a) {
    const Context& context = a.context();
    const auto cols = static_cast<std::int64_t>(a.cols());
    // Counts negated: the stable ascending sort puts the most entries first, equal counts in order.
    const Array<std::int64_t> counts = bincount(a.col_indices(), a.cols());
    const Array<std::int64_t> negated = -counts;
    const Array<I> old_of_new = argsort(negated).template astype<I>();
    Array<I> new_of_old = Array<I>::empty(context, a.cols());
    put(new_of_old, old_of_new, Array<I>::arange(context, I{0}, static_cast<I>(cols), I{1}), IndexMode::clip);
    // The columns are in range (a CsrMatrix's invariant): clip reads nothing back.
    return {take(new_of_old, a.col_indices(), std::nullopt, IndexMode::clip), old_of_new};
}

template <SparseValue T, SparseIndex I>
CsrMatrix<T, I> renumbered_matrix(const CsrMatrix<T, I>& a, const ColumnRenumbering<I>& renumbering) {
    return CsrMatrix<T, I>::from_arrays(a.rows(), a.cols(), a.row_offsets(), renumbering.columns, a.values());
}

template <SparseValue T, SparseIndex I>
Array<T> gathered(const Array<T>& x, const Array<I>& old_of_new) {
    return take(x, old_of_new, std::nullopt, IndexMode::clip);
}

#define RTCG_SPARSE_INSTANTIATE(T, I)                                                                                  \
    template ColumnRenumbering<I> renumber_columns_by_count<T, I>(const CsrMatrix<T, I>&);                             \
    template CsrMatrix<T, I> renumbered_matrix<T, I>(const CsrMatrix<T, I>&, const ColumnRenumbering<I>&);                    \
    template Array<T> gathered<T, I>(const Array<T>&, const Array<I>&);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg::sparse_detail
