#pragma once
// The SELL-C-sigma product's plan and launch (spmv.hpp's sell; the kernels are
// sparse/device/kernel/spmv_sell.rtcg).
#include "spmv_state.hpp"

#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>

#include <cstddef>
#include <string>

namespace rtcg::sparse_detail {

// Chooses the slice height C and the sort window sigma (from `options`, else from the device),
// sorts the rows by length within each window and sizes the slices on the host (from the row
// offsets), uploads the order and the slices' offsets, and returns the configuration lines.
// InvalidArgument for a layout of more slots than the kernels' 64-bit indices count (the slice
// height, checked by Spmv, is a power of two up to 1024).
template <SparseValue T, SparseIndex I>
std::string plan_sell(detail::SpmvState<T, I>& state, const SpmvOptions& options, std::size_t most_block);

// After the program is compiled: builds the SELL copy of the matrix on the device (on the
// context's current queue), and makes the kernel and its launch.
template <SparseValue T, SparseIndex I>
void prepare_sell(detail::SpmvState<T, I>& state, const Module& module);

// y = alpha A x + beta y; with a dot plan, the shares go to partials[first ...].
template <SparseValue T, SparseIndex I>
void sell_product(const detail::SpmvState<T, I>& state, Queue& queue, T alpha, const Array<T>& x, T beta,
                  const Array<T>& y, const Array<T>& partials, std::size_t first);

} // namespace rtcg::sparse_detail
