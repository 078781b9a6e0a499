#pragma once
/// \file
/// Conversions on the device.
///
/// to_csr(coo): the triplets in any order, duplicates summed (in an order that depends on the
/// sort, so floating sums may round differently from a sequential sum). Each row's columns come
/// out ascending. Steps: every index is checked against the shape (an InvalidArgument naming the
/// first triplet outside it, its row and column), the triplets are keyed by row * cols + col and
/// sorted by key (the radix sort of rtcg/arrays/algorithms.hpp), equal keys are summed
/// (reduce_by_key), and each row's offset is found by a binary search over the keys.
///
/// Synchronisation: the check and the number of distinct entries are read back, so the call
/// waits for the context's current queue twice.
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/matrix.hpp>

namespace rtcg {

/// `coo` as a CSR matrix of the same context; see conversion.hpp.
template <SparseValue T, SparseIndex I>
RTCG_API CsrMatrix<T, I> to_csr(const CooMatrix<T, I>& coo);

} // namespace rtcg
