// COO to CSR on the device (conversion.hpp): check, key, sort, sum duplicates, offsets.
#include "instantiate.hpp"
#include "programs.hpp"
#include "sparse_device_sources.hpp"
#include "value_operations.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/reduction.hpp>
#include <rtcg/arrays/scan.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/sparse/conversion.hpp>

#include <algorithm>
#include <limits>
#include <string>

namespace rtcg {
namespace {

// The index of the first triplet outside the shape, or the number of triplets when none is.
template <SparseValue T, SparseIndex I>
std::int64_t first_outside(const CooMatrix<T, I>& coo) {
    const std::string index = std::is_same_v<I, std::int32_t> ? "int" : "int64_t";
    const ReductionKernel<std::int64_t> outside(
        coo.context(), index + " *r, " + index + " *c, int64_t rows, int64_t cols",
        {.map_expr = "(r[i] < 0 || r[i] >= rows || c[i] < 0 || c[i] >= cols) ? i : (rtcg_index_t)n",
         .reduce_expr = "a < b ? a : b",
         .neutral = "(rtcg_index_t)0x7fffffffffffffff"},
        {.name = "sparse_first_outside"});
    return outside(coo.row(), coo.col(), static_cast<std::int64_t>(coo.rows()), static_cast<std::int64_t>(coo.cols()))
        .get();
}

template <SparseValue T, SparseIndex I>
Module conversion_program(const Context& context) {
    const codegen::Dialect dialect = sparse_detail::dialect(context);
    return context.compile(sparse_detail::program_source(
        dialect, sparse_detail::value_operations(dialect, codegen::dtype_of<T>(), codegen::dtype_of<I>()),
        {detail::sparse_device::kernel::coo_to_csr}, codegen::dtype_of<T>().is_complex()));
}

} // namespace

template <SparseValue T, SparseIndex I>
CooMatrix<T, I> to_coo(const CsrMatrix<T, I>& csr) {
    const Context& context = csr.context();
    const auto rows = Array<I>::empty(context, csr.nnz());
    if (csr.nnz() != 0)
        conversion_program<T, I>(context).kernel("rtcg_sparse_csr_rows")(
            detail::current_queue(context), sparse_detail::grid_stride(context, csr.rows()),
            csr.row_offsets().data().buffer(), static_cast<std::int64_t>(csr.row_offsets().data().offset()),
            static_cast<std::int64_t>(csr.rows()), rows.data().buffer());
    return CooMatrix<T, I>::from_arrays(csr.rows(), csr.cols(), rows, csr.col_indices(), csr.values());
}

template <SparseValue T, SparseIndex I>
CsrMatrix<T, I> transpose(const CsrMatrix<T, I>& csr) {
    const CooMatrix<T, I> coo = to_coo(csr);
    return to_csr(CooMatrix<T, I>::from_arrays(csr.cols(), csr.rows(), coo.col(), coo.row(), coo.values()));
}

template <SparseValue T, SparseIndex I>
CsrMatrix<T, I> to_csr(const CooMatrix<T, I>& coo) {
    const Context& context = coo.context();
    const std::size_t entries = coo.entries();
    const auto rows = static_cast<std::int64_t>(coo.rows());
    const auto cols = static_cast<std::int64_t>(coo.cols());
    if (cols != 0 && rows > std::numeric_limits<std::int64_t>::max() / cols)
        throw InvalidArgument("a " + std::to_string(rows) + " x " + std::to_string(cols) +
                                  " matrix has more positions than 64-bit keys count",
                              "to_csr");
    if (entries > 0) {
        const std::int64_t bad = first_outside(coo);
        if (bad < static_cast<std::int64_t>(entries)) {
            const auto at = static_cast<std::size_t>(bad);
            throw InvalidArgument("entry " + std::to_string(bad) + " at (" + std::to_string(coo.row()(at).item()) +
                                      ", " + std::to_string(coo.col()(at).item()) + ") is outside the " +
                                      std::to_string(rows) + " x " + std::to_string(cols) + " matrix",
                                  "to_csr");
        }
    }
    if (entries == 0)
        return CsrMatrix<T, I>::from_arrays(coo.rows(), coo.cols(), Array<I>::zeros(context, coo.rows() + 1),
                                            Array<I>::empty(context, 0), Array<T>::empty(context, 0));

    const Module module = conversion_program<T, I>(context);
    Queue& queue = detail::current_queue(context);
    const auto n = static_cast<std::int64_t>(entries);
    const LaunchConfig over_entries = sparse_detail::grid_stride(context, entries);
    auto offset_of = [](const auto& a) { return static_cast<std::int64_t>(a.data().offset()); };

    const auto keys = Array<std::int64_t>::empty(context, entries);
    module.kernel("rtcg_sparse_coo_keys")(queue, over_entries, coo.row().data().buffer(), offset_of(coo.row()),
                                          coo.col().data().buffer(), offset_of(coo.col()), keys.data().buffer(), n,
                                          cols);
    // Only keys and positions are sorted, so one sort serves every value type.
    const auto [sorted_keys, positions] = sort_by_key(keys, Array<std::int64_t>::arange(context, 0, n));
    const auto heads = Array<std::int64_t>::empty(context, entries);
    module.kernel("rtcg_sparse_run_heads")(queue, over_entries, sorted_keys.data().buffer(), offset_of(sorted_keys), n,
                                           heads.data().buffer());
    const Array<std::int64_t> counts = cumsum(heads);
    const std::int64_t runs = counts(rtcg::slice(n - 1, n)).get()[0];
    const auto starts = Array<std::int64_t>::empty(context, static_cast<std::size_t>(runs) + 1);
    const auto run_keys = Array<std::int64_t>::empty(context, static_cast<std::size_t>(runs));
    module.kernel("rtcg_sparse_run_starts")(queue, over_entries, sorted_keys.data().buffer(), offset_of(sorted_keys),
                                            heads.data().buffer(), counts.data().buffer(), n, starts.data().buffer(),
                                            run_keys.data().buffer());
    const auto nnz = static_cast<std::size_t>(runs);
    const auto values = Array<T>::empty(context, nnz);
    module.kernel("rtcg_sparse_sum_runs")(queue, sparse_detail::grid_stride(context, nnz), starts.data().buffer(),
                                          positions.data().buffer(), offset_of(positions), coo.values().data().buffer(),
                                          offset_of(coo.values()), runs, values.data().buffer());
    const auto row_offsets = Array<I>::empty(context, coo.rows() + 1);
    const auto col_indices = Array<I>::empty(context, nnz);
    module.kernel("rtcg_sparse_csr_from_keys")(
        queue, sparse_detail::grid_stride(context, std::max(nnz, coo.rows() + 1)), run_keys.data().buffer(), runs, rows,
        cols, row_offsets.data().buffer(), col_indices.data().buffer());
    return CsrMatrix<T, I>::from_arrays(coo.rows(), coo.cols(), row_offsets, col_indices, values);
}

#define RTCG_SPARSE_INSTANTIATE(T, I)                                                                                  \
    template CsrMatrix<T, I> to_csr(const CooMatrix<T, I>&);                                                           \
    template CooMatrix<T, I> to_coo(const CsrMatrix<T, I>&);                                                           \
    template CsrMatrix<T, I> transpose(const CsrMatrix<T, I>&);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg
