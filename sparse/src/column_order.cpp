#include "column_order.hpp"

#include "instantiate.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/counting.hpp>
#include <rtcg/arrays/indexing.hpp>
#include <rtcg/arrays/operators.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>

namespace rtcg::sparse_detail {

namespace {

// The first-level store of a compute unit on the GPUs that have the most (NVIDIA's Hopper: 256 KiB
// of L1 and local memory): a merge product's gathers cannot find more of x there again.
constexpr std::size_t first_level_bytes = std::size_t{256} << 10;

} // namespace

template <SparseValue T, SparseIndex I>
std::size_t merge_hot_columns(std::size_t cached, std::size_t cols) {
    const std::size_t hot = std::max(cached, first_level_bytes / sizeof(T));
    return hot >= cols || cols > static_cast<std::size_t>(std::numeric_limits<I>::max()) - hot ? cols : hot;
}

template <SparseValue T, SparseIndex I>
ColumnRenumbering<I> renumber_columns_by_count(const CsrMatrix<T, I>& a, std::size_t hot) {
    hot = std::min(hot, a.cols());
    const Context& context = a.context();
    const auto cols = static_cast<I>(a.cols());
    // Counts negated: the stable ascending sort puts the most entries first, equal counts in order.
    const Array<std::int64_t> counts = bincount(a.col_indices(), a.cols());
    const Array<std::int64_t> negated = -counts;
    Array<I> old_of_new = argsort(negated).template astype<I>();
    Array<I> new_of_old = Array<I>::empty(context, a.cols());
    put(new_of_old, old_of_new, Array<I>::arange(context, I{0}, cols, I{1}), IndexMode::clip);
    std::size_t column_space = a.cols();
    if (hot < a.cols()) {
        // hot + cols fits I where merge_hot_columns chose hot.
        const auto first_cold = static_cast<I>(hot);
        new_of_old = Array<I>(
            where(new_of_old < first_cold, new_of_old, Array<I>::arange(context, first_cold, first_cold + cols, I{1})));
        old_of_new = old_of_new(slice(0, static_cast<std::int64_t>(hot))).copy();
        column_space += hot;
    }
    // The columns are in range (a CsrMatrix's invariant): clip reads nothing back.
    return {take(new_of_old, a.col_indices(), std::nullopt, IndexMode::clip), old_of_new, hot, column_space};
}

template <SparseValue T, SparseIndex I>
CsrMatrix<T, I> renumbered_matrix(const CsrMatrix<T, I>& a, const ColumnRenumbering<I>& renumbering) {
    return CsrMatrix<T, I>::from_arrays(a.rows(), renumbering.column_space, a.row_offsets(), renumbering.columns,
                                        a.values());
}

template <SparseValue T, SparseIndex I>
Array<T> gathered(const Array<T>& x, const Array<I>& old_of_new) {
    return take(x, old_of_new, std::nullopt, IndexMode::clip);
}

#define RTCG_SPARSE_INSTANTIATE(T, I)                                                                                  \
    template std::size_t merge_hot_columns<T, I>(std::size_t, std::size_t);                                            \
    template ColumnRenumbering<I> renumber_columns_by_count<T, I>(const CsrMatrix<T, I>&, std::size_t);                \
    template CsrMatrix<T, I> renumbered_matrix<T, I>(const CsrMatrix<T, I>&, const ColumnRenumbering<I>&);             \
    template Array<T> gathered<T, I>(const Array<T>&, const Array<I>&);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg::sparse_detail
