#pragma once
/// \file
/// Conversions on the device: COO to CSR, CSR to COO, and the transpose.
///
/// to_csr(coo): the triplets in any order, duplicates summed in their input order (as host_to_csr
/// sums them, so the two agree bit for bit). Each row's columns come out ascending. Steps: every
/// index is checked against the shape (an InvalidArgument naming the first triplet outside it, its
/// row and column), the triplets are keyed by row * cols + col, the (key, position) pairs sorted
/// by key (the stable radix sort of rtcg/arrays/algorithms.hpp, the same for every value type),
/// the runs of equal keys found by a scan and each summed by one work-item, and each row's offset
/// found by a binary search over the distinct keys (sparse/device/kernel/coo_to_csr.rtcg).
///
/// to_coo(csr): each entry with its row (one kernel), the entries in the CSR order.
/// transpose(csr): A^T as a CSR matrix: to_coo with rows and columns swapped, then to_csr.
///
/// Synchronisation: to_csr (and so transpose) reads the check and the number of distinct entries
/// back, so it waits for the context's current queue twice; to_coo only enqueues.
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/matrix.hpp>

namespace rtcg {

/// `coo` as a CSR matrix of the same context; see conversion.hpp.
template <SparseValue T, SparseIndex I>
RTCG_API CsrMatrix<T, I> to_csr(const CooMatrix<T, I>& coo);

/// `csr` as a COO matrix of the same context; see conversion.hpp.
template <SparseValue T, SparseIndex I>
RTCG_API CooMatrix<T, I> to_coo(const CsrMatrix<T, I>& csr);

/// The transpose of `csr`, as a new CSR matrix; see conversion.hpp.
template <SparseValue T, SparseIndex I>
RTCG_API CsrMatrix<T, I> transpose(const CsrMatrix<T, I>& csr);

} // namespace rtcg
