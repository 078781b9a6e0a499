#pragma once
// The SELL-C-sigma product's plan and launch (spmv.hpp's sell; the kernels are
// sparse/device/kernel/spmv_sell.rtcg).
#include "spmv_state.hpp"

#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>
#include <rtcg/sparse/sell.hpp>

#include <cstddef>
#include <string>

namespace rtcg::sparse_detail {

// Takes `sell`'s layout (made by to_sell from the plan's CSR matrix, or given) into the plan,
// and returns its configuration lines.
template <SparseValue T, SparseIndex I>
std::string plan_sell(detail::SpmvState<T, I>& state, const SellMatrix<T, I>& sell, std::size_t most_block);

// After the program is compiled: makes the kernel and its launch.
template <SparseValue T, SparseIndex I>
void prepare_sell(detail::SpmvState<T, I>& state, const Module& module);
// y = alpha A x + beta y; with a dot plan, the shares go to partials[first ...].
template <SparseValue T, SparseIndex I>
void sell_product(const detail::SpmvState<T, I>& state, Queue& queue, T alpha, const Array<T>& x, T beta,
                  const Array<T>& y, const Array<T>& partials, std::size_t first);

} // namespace rtcg::sparse_detail
