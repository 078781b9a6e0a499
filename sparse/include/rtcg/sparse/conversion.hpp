#pragma once
/// \file
/// Conversions on the device: COO to CSR, CSR to COO, the transpose, and CSR to ELL (ell.hpp) and
/// SELL-C-sigma (sell.hpp) and back.
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
/// to_ell(csr): the width is the longest row's entries (found on the device); each row's entries
/// in their CSR order, then padding. to_sell(csr, layout): the rows' order (sorted by length within
/// windows) and the slices' widths are found on the host from the row offsets, which it reads back;
/// the slots are filled on the device. InvalidArgument for a slice height that is not a power of
/// two up to 1024, or more slots than the layout's indices count.
///
/// to_csr(ell), to_csr(sell): each row's entries in slot order, the padding dropped, so that
/// to_csr(to_ell(a)) and to_csr(to_sell(a)) give back a's arrays. InvalidArgument when the entries
/// outnumber what the index type counts (a layout's slots may).
///
/// Synchronisation: to_csr (and so transpose) reads the check and the number of distinct entries
/// back, so it waits for the context's current queue twice; to_ell, to_sell and to_csr of ELL and
/// SELL wait once (for the longest row, the row offsets, the number of entries); to_coo only
/// enqueues.
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/ell.hpp>
#include <rtcg/sparse/matrix.hpp>
#include <rtcg/sparse/sell.hpp>

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

/// `csr` as an ELL matrix of the same context; see conversion.hpp.
template <SparseValue T, SparseIndex I>
RTCG_API EllMatrix<T, I> to_ell(const CsrMatrix<T, I>& csr);

/// `csr` as a SELL-C-sigma matrix of the same context, laid out as `layout` says; see
/// conversion.hpp.
template <SparseValue T, SparseIndex I>
RTCG_API SellMatrix<T, I> to_sell(const CsrMatrix<T, I>& csr, const SellLayout& layout = {});

/// `ell` as a CSR matrix of the same context; see conversion.hpp.
template <SparseValue T, SparseIndex I>
RTCG_API CsrMatrix<T, I> to_csr(const EllMatrix<T, I>& ell);

/// `sell` as a CSR matrix of the same context; see conversion.hpp.
template <SparseValue T, SparseIndex I>
RTCG_API CsrMatrix<T, I> to_csr(const SellMatrix<T, I>& sell);

} // namespace rtcg
