// CSR to ELL and SELL-C-sigma and back, on the device (conversion.hpp): the kernels are
// sparse/device/kernel/sliced.rtcg; SELL's row order and slice widths are planned on the host from
// the row offsets.
#include "instantiate.hpp"
#include "programs.hpp"
#include "sliced.hpp"
#include "sparse_device_sources.hpp"
#include "value_operations.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/range.hpp>
#include <rtcg/arrays/reduction.hpp>
#include <rtcg/arrays/scan.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/sparse/conversion.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

namespace rtcg {
namespace sparse_detail {
namespace {

template <SparseValue T, SparseIndex I>
Module sliced_program(const Context& context) {
    return compile(context, value_operations(dialect(context), codegen::dtype_of<T>(), codegen::dtype_of<I>()),
                   {detail::sparse_device::kernel::sliced}, codegen::dtype_of<T>().is_complex());
}

// One slice per warp (or sub-group) where the device reports one.
std::size_t default_slice_height(const Context& context) {
    const std::size_t simd = context.device().simd_width;
    return simd > 1 ? std::bit_floor(std::min<std::size_t>(simd, 1024)) : 32;
}

// The layout's slots filled from `a`'s entries, for `positions` positions of `height` (the rows
// and the last slice's padding positions).
template <SparseValue T, SparseIndex I>
void fill_sliced(const CsrMatrix<T, I>& a, const Array<I>& row_order, const Array<std::int64_t>& slice_offsets,
                 std::size_t positions, std::size_t height, const Array<I>& cols, const Array<T>& values) {
    const Context& context = a.context();
    if (cols.size() == 0) return;
    sliced_program<T, I>(context).kernel("rtcg_sparse_csr_to_sliced")(
        detail::current_queue(context), grid_stride(context, positions),
        kernel_argument(a.row_offsets()).data().buffer(), kernel_argument(a.col_indices()).data().buffer(),
        kernel_argument(a.values()).data().buffer(), kernel_argument(row_order).data().buffer(),
        kernel_argument(slice_offsets).data().buffer(), static_cast<std::int64_t>(a.rows()),
        static_cast<std::int64_t>(positions), static_cast<std::int64_t>(height), cols.data().buffer(),
        values.data().buffer());
}

// A CSR matrix of no entries.
template <SparseValue T, SparseIndex I>
CsrMatrix<T, I> empty_csr(const Context& context, std::size_t rows, std::size_t cols) {
    return CsrMatrix<T, I>::from_arrays(rows, cols, Array<I>::zeros(context, rows + 1), Array<I>::empty(context, 0),
                                        Array<T>::empty(context, 0));
}

// The CSR matrix of a layout's entries, each row's in slot order; waits for the context's current
// queue once, for the number of entries.
template <SparseValue T, SparseIndex I>
CsrMatrix<T, I> csr_from_sliced(std::size_t rows, std::size_t cols, std::size_t height, const Array<I>& row_order,
                                const Array<std::int64_t>& slice_offsets, const Array<I>& sliced_cols,
                                const Array<T>& sliced_values) {
    const Context& context = sliced_values.context();
    if (rows == 0 || sliced_values.size() == 0) return empty_csr<T, I>(context, rows, cols);
    const Module module = sliced_program<T, I>(context);
    Queue& queue = detail::current_queue(context);
    const LaunchConfig over_rows = grid_stride(context, rows);
    const Array<I> order = kernel_argument(row_order);
    const Array<std::int64_t> offsets_of_slices = kernel_argument(slice_offsets);
    const Array<I> slot_cols = kernel_argument(sliced_cols);
    const auto lengths = Array<std::int64_t>::empty(context, rows + 1);
    module.kernel("rtcg_sparse_sliced_row_lengths")(queue, over_rows, slot_cols.data().buffer(), order.data().buffer(),
                                                    offsets_of_slices.data().buffer(), static_cast<std::int64_t>(rows),
                                                    static_cast<std::int64_t>(height), lengths.data().buffer());
    const Array<std::int64_t> offsets = exclusive_cumsum(lengths);
    const auto nnz = static_cast<std::size_t>(offsets(static_cast<std::int64_t>(rows)).item());
    if (nnz > static_cast<std::size_t>(std::numeric_limits<I>::max()))
        throw InvalidArgument("the layout holds " + std::to_string(nnz) + " entries, more than its " +
                                  std::to_string(8 * sizeof(I)) + "-bit CSR offsets count",
                              "to_csr");
    const auto row_offsets = Array<I>::empty(context, rows + 1);
    const auto col_indices = Array<I>::empty(context, nnz);
    const auto values = Array<T>::empty(context, nnz);
    module.kernel("rtcg_sparse_sliced_to_csr")(
        queue, over_rows, slot_cols.data().buffer(), kernel_argument(sliced_values).data().buffer(),
        order.data().buffer(), offsets_of_slices.data().buffer(), offsets.data().buffer(),
        static_cast<std::int64_t>(rows), static_cast<std::int64_t>(height), row_offsets.data().buffer(),
        kernel_argument(col_indices).data().buffer(), kernel_argument(values).data().buffer());
    return CsrMatrix<T, I>::from_arrays(rows, cols, row_offsets, col_indices, values);
}

// ELL's slice offsets, as the layout's one slice (as tall as the matrix, in row order).
Array<std::int64_t> ell_slice_offsets(const Context& context, std::size_t slots) {
    return Array<std::int64_t>::to_device(context, std::vector<std::int64_t>{0, static_cast<std::int64_t>(slots)});
}

} // namespace

template <SparseIndex I>
std::size_t longest_row(const Array<I>& row_offsets, std::size_t rows) {
    if (rows == 0) return 0;
    const std::string index = std::is_same_v<I, std::int32_t> ? "int" : "int64_t";
    const ReductionKernel<std::int64_t> longest(
        row_offsets.context(), index + " *o",
        {.map_expr = "(rtcg_index_t)(o[i + 1] - o[i])", .reduce_expr = "a > b ? a : b", .neutral = "0"},
        {.name = "sparse_longest_row"});
    return static_cast<std::size_t>(longest(Range{0, static_cast<std::int64_t>(rows)}, row_offsets).get());
}

template <SparseValue T, SparseIndex I>
EllMatrix<T, I> ell_from_csr(const CsrMatrix<T, I>& a, std::size_t width) {
    const Context& context = a.context();
    const std::size_t slots = detail::ell_slots(a.rows(), width, "to_ell");
    const auto cols = Array<I>::empty(context, slots);
    const auto values = Array<T>::empty(context, slots);
    if (slots != 0)
        fill_sliced(a, Array<I>::arange(context, I{0}, static_cast<I>(a.rows())), ell_slice_offsets(context, slots),
                    a.rows(), a.rows(), cols, values);
    return EllMatrix<T, I>::from_arrays(a.rows(), a.cols(), width, cols, values);
}

} // namespace sparse_detail

template <SparseValue T, SparseIndex I>
EllMatrix<T, I> to_ell(const CsrMatrix<T, I>& csr) {
    return sparse_detail::ell_from_csr(csr, sparse_detail::longest_row(csr.row_offsets(), csr.rows()));
}

template <SparseValue T, SparseIndex I>
SellMatrix<T, I> to_sell(const CsrMatrix<T, I>& csr, const SellLayout& layout) {
    constexpr const char* where = "to_sell";
    const Context& context = csr.context();
    const std::size_t height = layout.slice_height != 0 ? layout.slice_height
                                                        : sparse_detail::default_slice_height(context);
    const std::size_t slices = detail::sell_slices(csr.rows(), height, where);
    // Windows of 64 slices: long enough to group rows of like length, short enough that the
    // sorted rows' y stay near one another.
    const std::size_t window = layout.sort_window != 0 ? layout.sort_window : 64 * height;
    const std::size_t rows = csr.rows();

    const std::vector<I> offsets = csr.row_offsets().get();
    auto length = [&](I row) {
        return offsets[static_cast<std::size_t>(row) + 1] - offsets[static_cast<std::size_t>(row)];
    };
    std::vector<I> order(rows);
    std::iota(order.begin(), order.end(), I{0});
    for (std::size_t first = 0; first < rows; first += std::min(window, rows - first)) {
        const auto begin = order.begin() + static_cast<std::ptrdiff_t>(first);
        const auto end = begin + static_cast<std::ptrdiff_t>(std::min(window, rows - first));
        std::stable_sort(begin, end, [&](I a, I b) { return length(a) > length(b); });
    }

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
                                  where);
        slice_offsets[s + 1] = static_cast<std::int64_t>(used + width * height);
    }

    const auto slots = static_cast<std::size_t>(slice_offsets.back());
    auto sell = SellMatrix<T, I>::from_arrays(rows, csr.cols(), height, Array<I>::to_device(context, order),
                                              Array<std::int64_t>::to_device(context, slice_offsets),
                                              Array<I>::empty(context, slots), Array<T>::empty(context, slots));
    sparse_detail::fill_sliced(csr, sell.row_order(), sell.slice_offsets(), slices * height, height, sell.col_indices(),
                               sell.values());
    return sell;
}

template <SparseValue T, SparseIndex I>
CsrMatrix<T, I> to_csr(const EllMatrix<T, I>& ell) {
    const Context& context = ell.context();
    if (ell.slots() == 0) return sparse_detail::empty_csr<T, I>(context, ell.rows(), ell.cols());
    return sparse_detail::csr_from_sliced(
        ell.rows(), ell.cols(), ell.rows(), Array<I>::arange(context, I{0}, static_cast<I>(ell.rows())),
        sparse_detail::ell_slice_offsets(context, ell.slots()), ell.col_indices(), ell.values());
}

template <SparseValue T, SparseIndex I>
CsrMatrix<T, I> to_csr(const SellMatrix<T, I>& sell) {
    return sparse_detail::csr_from_sliced(sell.rows(), sell.cols(), sell.slice_height(), sell.row_order(),
                                          sell.slice_offsets(), sell.col_indices(), sell.values());
}

#define RTCG_SPARSE_INSTANTIATE(T, I)                                                                                  \
    template EllMatrix<T, I> sparse_detail::ell_from_csr(const CsrMatrix<T, I>&, std::size_t);                         \
    template EllMatrix<T, I> to_ell(const CsrMatrix<T, I>&);                                                           \
    template SellMatrix<T, I> to_sell(const CsrMatrix<T, I>&, const SellLayout&);                                      \
    template CsrMatrix<T, I> to_csr(const EllMatrix<T, I>&);                                                           \
    template CsrMatrix<T, I> to_csr(const SellMatrix<T, I>&);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)
template std::size_t sparse_detail::longest_row(const Array<std::int32_t>&, std::size_t);
template std::size_t sparse_detail::longest_row(const Array<std::int64_t>&, std::size_t);

} // namespace rtcg
