// COO to CSR on the device (conversion.hpp): check, key, sort, sum duplicates, offsets.
#include "instantiate.hpp"
#include "programs.hpp"
#include "sparse_device_sources.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/reduce_by_key.hpp>
#include <rtcg/arrays/reduction.hpp>
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

} // namespace

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
            throw InvalidArgument("entry " + std::to_string(bad) + " at (" +
                                      std::to_string(coo.row()(at).item()) + ", " +
                                      std::to_string(coo.col()(at).item()) + ") is outside the " +
                                      std::to_string(rows) + " x " + std::to_string(cols) + " matrix",
                                  "to_csr");
        }
    }
    if (entries == 0)
        return CsrMatrix<T, I>::from_arrays(coo.rows(), coo.cols(), Array<I>::zeros(context, coo.rows() + 1),
                                            Array<I>::empty(context, 0), Array<T>::empty(context, 0));

    const std::string configuration =
        "typedef " + sparse_detail::index_name(codegen::dtype_of<I>()) + " rtcg_sparse_index_t;\n";
    const Module module =
        sparse_detail::compile(context, configuration, {detail::sparse_device::kernel::coo_to_csr}, false);
    Queue& queue = detail::current_queue(context);
    const auto keys = Array<std::int64_t>::empty(context, entries);
    module.kernel("rtcg_sparse_coo_keys")(
        queue, sparse_detail::grid_stride(context, entries), coo.row().data().buffer(),
        static_cast<std::int64_t>(coo.row().data().offset()), coo.col().data().buffer(),
        static_cast<std::int64_t>(coo.col().data().offset()), keys.data().buffer(), static_cast<std::int64_t>(entries),
        cols);

    const auto [sorted_keys, sorted_values] = sort_by_key(keys, coo.values());
    const ReducedRuns<std::int64_t, T> runs = [&] {
        if constexpr (std::is_floating_point_v<T>) return reduce_by_key(sorted_keys, sorted_values);
        const std::string complex = std::is_same_v<T, std::complex<float>> ? "cfloat" : "cdouble";
        return reduce_by_key(sorted_keys, sorted_values, RunOperation{complex + "_add(a, b)", complex + "_fromreal(0)"});
    }();
    const std::size_t nnz = runs.keys.size();
    const auto row_offsets = Array<I>::empty(context, coo.rows() + 1);
    const auto col_indices = Array<I>::empty(context, nnz);
    module.kernel("rtcg_sparse_csr_from_keys")(
        queue, sparse_detail::grid_stride(context, std::max(nnz, coo.rows() + 1)), runs.keys.data().buffer(),
        static_cast<std::int64_t>(runs.keys.data().offset()), static_cast<std::int64_t>(nnz), rows, cols,
        row_offsets.data().buffer(), col_indices.data().buffer());
    return CsrMatrix<T, I>::from_arrays(coo.rows(), coo.cols(), row_offsets, col_indices, runs.values);
}

#define RTCG_SPARSE_INSTANTIATE(T, I) template CsrMatrix<T, I> to_csr(const CooMatrix<T, I>&);
RTCG_SPARSE_FOR_EACH_TYPE(RTCG_SPARSE_INSTANTIATE)

} // namespace rtcg
