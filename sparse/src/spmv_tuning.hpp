#pragma once
// The format (and the merge form's tile shape) a plan takes from the tuning database, or finds by
// timing the candidates on the matrix (spmv.hpp's SpmvTuning::stored and tune), through
// rtcg::tuning.
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <optional>
#include <string>

namespace rtcg::sparse_detail {

// The class of matrices that share a tuned format: the value and index types, and the rows, the
// mean row length and the skew (the longest row over the mean), each rounded up to a power of two.
std::string statistics_class(const RowStatistics& statistics, const codegen::DType& value, const codegen::DType& index);

// `options` with the format (and for the merge form its work-group, items per work-item and column
// order, where `options` leave them open) chosen for products with `a` (the matrix multiplied: transposed already
// where the options ask for it): the database's for the class of `statistics` on this device where
// it holds a usable one; else, with SpmvTuning::tune, the fastest of the candidates timed now on
// `a` (on the context's current queue, which it waits for), which the database then keeps; else
// nullopt, for the built-in rule. The other options (team, slice height, sort window) go to every
// candidate.
template <SparseValue T, SparseIndex I>
std::optional<SpmvOptions> tuned_options(const CsrMatrix<T, I>& a, const RowStatistics& statistics,
                                         const SpmvOptions& options);

} // namespace rtcg::sparse_detail
