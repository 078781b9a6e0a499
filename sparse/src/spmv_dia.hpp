#pragma once
// The DIA product's plan and launch (spmv.hpp's dia; the kernels are
// sparse/device/kernel/spmv_dia.rtcg).
#include "spmv_state.hpp"

#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rtcg::sparse_detail {

// The offsets (column - row) of the diagonals that hold `a`'s entries, ascending, where there are
// at most max_dia_diagonals of them; else none. Found in 64 rows sampled across the matrix (one at
// a scrambled place in each of 64 equal stretches, read back) and then checked against every entry
// on the device (a reduction generated for those offsets), so a matrix whose sampled rows miss a
// diagonal is reported as having none. Waits for the queue.
template <SparseValue T, SparseIndex I>
std::vector<std::int64_t> occupied_diagonals(const CsrMatrix<T, I>& a);

// The configuration lines for the diagonals `offsets` of the plan's matrix (the columns as given).
template <SparseValue T, SparseIndex I>
std::string plan_dia(detail::SpmvState<T, I>& state, const std::vector<std::int64_t>& offsets, std::size_t most_block);

// After the program is compiled: builds the DIA values on the device (on the context's current
// queue), and makes the kernel and its launch.
template <SparseValue T, SparseIndex I>
void prepare_dia(detail::SpmvState<T, I>& state, const Module& module);

} // namespace rtcg::sparse_detail
