// The SELL-C-sigma product (spmv_sell.hpp): the rows' order and the slices, planned on the host
// from the row offsets; the layout built and multiplied on the device.
#include "spmv_sell.hpp"

#include "instantiate.hpp"
#include "programs.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

namespace rtcg::sparse_detail {
namespace {

// The slice height the device's warps (or sub-groups) suggest: one slice per warp.
std::size_t default_slice_height(const Context& context) {
    const std::size_t simd = context.device().simd_width;
    return simd > 1 ? std::bit_floor(std::min<std::size_t>(simd, 1024)) : 32;
}

} // namespace

template <SparseValue T, SparseIndex I>
std::string plan_sell(detail::SpmvState<T, I>& state, const SpmvOptions& options, std::size_t most_block) {
    const Context& context = state.matrix.context();
    const std::size_t height = options.slice_height != 0 ? options.slice_height : default_slice_height(context);
    // Windows of 64 slices: long enough to group rows of like length, short enough that the
    // sorted rows' y stay near one another.
    const std::size_t window = options.sort_window != 0 ? options.sort_window : 64 * height;
    const std::size_t rows = state.statistics.rows;

    const std::vector<I> offsets = state.matrix.row_offsets().get();
    auto length = [&](I row) {
        return offsets[static_cast<std::size_t>(row) + 1] - offsets[static_cast<std::size_t>(row)];
    };
    std::vector<I> order(rows);
    std::iota(order.begin(), order.end(), I{0});
    for (std::size_t first = 0; first < rows; first += std::min(window, rows - first)) {
        const auto begin = order.begin() + static_cast<std::ptrdiff_t>(first);
        const auto end = order.begin() + static_cast<std::ptrdiff_t>(std::min(rows - first, window) + first);
        std::stable_sort(begin, end, [&](I a, I b) { return length(a) > length(b); });
    }

    const std::size_t slices = (rows + height - 1) / height;
    std::vector<std::int64_t> slice_offsets(slices + 1, 0);
    constexpr auto most_slots = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
    for (std::size_t s = 0; s < slices; ++s) {
        // Rows are sorted longest first within a window, but a slice may straddle two windows.
        std::size_t width = 0;
        for (std::size_t p = s * height; p < std::min(rows, (s + 1) * height); ++p)
            width = std::max(width, static_cast<std::size_t>(length(order[p])));
        const auto used = static_cast<std::size_t>(slice_offsets[s]);
        if (width > (most_slots - used) / height)
            throw InvalidArgument("a SELL layout of " + std::to_string(rows) + " rows in slices of " +
                                      std::to_string(height) + " has more slots than 64-bit indices count",
                                  "Spmv");
        slice_offsets[s + 1] = static_cast<std::int64_t>(used + width * height);
    }

    state.slice_height = height;
    state.sort_window = window;
    state.slices = slices;
    state.sell_slots = static_cast<std::size_t>(slice_offsets.back());
    state.group = most_block;
    state.sell_rows.emplace(rows != 0 ? Array<I>::to_device(context, order) : Array<I>::zeros(context, 1));
    state.slice_offsets.emplace(Array<std::int64_t>::to_device(context, slice_offsets));
    return "#define RTCG_SPMV_SLICE ((rtcg_index_t)" + std::to_string(height) +
           ")\n#define RTCG_SPMV_SLICES ((rtcg_index_t)" + std::to_string(slices) + ")\n#define RTCG_SPMV_GROUP " +
           std::to_string(state.group) + "\n";
}

template <SparseValue T, SparseIndex I>
void prepare_sell(detail::SpmvState<T, I>& state, const Module& module) {
    const Context& context = state.matrix.context();
    const std::size_t slots = state.sell_slots;
    state.cols.emplace(Array<I>::empty(context, std::max<std::size_t>(slots, 1)));
    state.values.emplace(Array<T>::empty(context, std::max<std::size_t>(slots, 1)));
    if (slots != 0)
        module.kernel("rtcg_csr_to_sell")(
            detail::current_queue(context), grid_stride(context, state.slices * state.slice_height),
            state.matrix.row_offsets().data().buffer(), state.matrix.col_indices().data().buffer(),
            state.matrix.values().data().buffer(), state.sell_rows->data().buffer(),
            state.slice_offsets->data().buffer(), state.cols->data().buffer(), state.values->data().buffer());
    state.kernel = module.kernel("rtcg_spmv_sell");
    state.launch = grid_stride(context, state.statistics.rows, state.group);
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
    template std::string plan_sell<T, I>(detail::SpmvState<T, I>&, const SpmvOptions&, std::size_t);                   \
    template void prepare_sell<T, I>(detail::SpmvState<T, I>&, const Module&);                                         \
    template void sell_product<T, I>(const detail::SpmvState<T, I>&, Queue&, T, const Array<T>&, T, const Array<T>&,   \
                                     const Array<T>&, std::size_t);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg::sparse_detail
