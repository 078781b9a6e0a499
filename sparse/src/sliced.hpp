#pragma once
// What the ELL and SELL conversions (sliced_conversion.cpp) share with the products that plan those
// layouts from CSR (spmv.cpp, spmv_sell.cpp).
#include <rtcg/arrays/array.hpp>
#include <rtcg/sparse/ell.hpp>
#include <rtcg/sparse/matrix.hpp>

#include <cstddef>

namespace rtcg::sparse_detail {

// The entries of the longest of the first `rows` rows (0 for none); waits for the context's
// current queue.
template <SparseIndex I>
std::size_t longest_row(const Array<I>& row_offsets, std::size_t rows);

// `a` as an ELL matrix of `width` slots a row (at least its longest row's entries).
template <SparseValue T, SparseIndex I>
EllMatrix<T, I> ell_from_csr(const CsrMatrix<T, I>& a, std::size_t width);

} // namespace rtcg::sparse_detail
