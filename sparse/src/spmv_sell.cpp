// The SELL-C-sigma product (spmv_sell.hpp): a layout taken in, multiplied on the device.
#include "spmv_sell.hpp"

#include "instantiate.hpp"
#include "programs.hpp"

#include <cstdint>
#include <string>

namespace rtcg::sparse_detail {

template <SparseValue T, SparseIndex I>
std::string plan_sell(detail::SpmvState<T, I>& state, const SellMatrix<T, I>& sell, std::size_t most_block) {
    state.slice_height = sell.slice_height();
    state.group = most_block;
    state.sell_rows.emplace(kernel_argument(sell.row_order()));
    state.slice_offsets.emplace(kernel_argument(sell.slice_offsets()));
    state.cols.emplace(kernel_argument(sell.col_indices()));
    state.values.emplace(kernel_argument(sell.values()));
    return "#define RTCG_SPMV_SLICE ((rtcg_index_t)" + std::to_string(state.slice_height) +
           ")\n#define RTCG_SPMV_GROUP " + std::to_string(state.group) + "\n";
}

template <SparseValue T, SparseIndex I>
void prepare_sell(detail::SpmvState<T, I>& state, const Module& module) {
    state.kernel = module.kernel("rtcg_spmv_sell");
    state.launch = grid_stride(state.context(), state.statistics.rows, state.group);
}

template <SparseValue T, SparseIndex I>
void sell_product(const detail::SpmvState<T, I>& s, Queue& queue, T alpha, const Array<T>& x, T beta, const Array<T>& y,
                  const Array<T>& partials, std::size_t first) {
    const auto x_offset = static_cast<std::int64_t>(x.data().offset());
    const auto y_offset = static_cast<std::int64_t>(y.data().offset());
    if (s.dot)
        s.kernel(queue, s.launch, s.cols->data().buffer(), s.values->data().buffer(), s.sell_rows->data().buffer(),
                 s.slice_offsets->data().buffer(), x.data().buffer(), x_offset, y.data().buffer(), y_offset, alpha,
                 beta, partials.data().buffer(), static_cast<std::int64_t>(first));
    else
        s.kernel(queue, s.launch, s.cols->data().buffer(), s.values->data().buffer(), s.sell_rows->data().buffer(),
                 s.slice_offsets->data().buffer(), x.data().buffer(), x_offset, y.data().buffer(), y_offset, alpha,
                 beta);
}

#define RTCG_SPARSE_INSTANTIATE(T, I)                                                                                  \
    template std::string plan_sell<T, I>(detail::SpmvState<T, I>&, const SellMatrix<T, I>&, std::size_t);              \
    template void prepare_sell<T, I>(detail::SpmvState<T, I>&, const Module&);                                         \
    template void sell_product<T, I>(const detail::SpmvState<T, I>&, Queue&, T, const Array<T>&, T, const Array<T>&,   \
                                     const Array<T>&, std::size_t);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg::sparse_detail
