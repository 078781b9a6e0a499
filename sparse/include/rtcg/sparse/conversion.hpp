#pragma once
/// \file
/// Conversions on the device.
///
/// to_csr(coo): the triplets in any order, duplicates summed in their input order (as host_to_csr
/// sums them, so the two agree bit for bit). Each row's columns come out ascending. Steps: every
/// index is checked against the shape (an InvalidArgument naming the first triplet outside it, its
/// row and column), the triplets are keyed by row * cols + col, the (key, position) pairs sorted
/// by key (the stable radix sort of rtcg/arrays/algorithms.hpp, the same for every value type),
/// the runs of equal keys found by a scan and each summed by one work-item, and each row's offset
/// found by a binary search over the distinct keys (sparse/device/kernel/coo_to_csr.rtcg).
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
