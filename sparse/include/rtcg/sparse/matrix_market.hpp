#pragma once
/// \file
/// Matrix Market files (https://math.nist.gov/MatrixMarket/formats.html), coordinate format:
/// fields real, integer, complex and pattern; symmetries general, symmetric and skew-symmetric
/// (hermitian too, for complex fields).
///
/// \code
///   rtcg::HostCoo<double, int> a = rtcg::read_matrix_market<double, int>("bcsstk01.mtx");
///   rtcg::write_matrix_market("out.mtx", csr);
/// \endcode
///
/// Reading expands the symmetric forms: each entry off the diagonal also gives its mirror
/// (negated for skew-symmetric, conjugated for hermitian). Pattern entries are 1. A complex file
/// read into real values is refused; real and integer files read into complex values get zero
/// imaginary parts. Every fault is an InvalidArgument whose message names the file or stream, the
/// line (from 1) and what was expected there: a bad banner, an unsupported format, a size line
/// that is not three non-negative integers, an entry with missing or unparseable fields or indices
/// outside the size, too few or too many entries, an entry above the diagonal of a symmetric file
/// or on the diagonal of a skew-symmetric one.
///
/// Writing gives a general coordinate file (real, or complex for complex values) with 1-based
/// indices and values printed to round trip exactly.
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/matrix.hpp>

#include <iosfwd>
#include <string>

namespace rtcg {

/// The matrix in the Matrix Market stream `in`; `name` names it in messages. See matrix_market.hpp.
template <SparseValue T, SparseIndex I>
RTCG_API HostCoo<T, I> read_matrix_market(std::istream& in, const std::string& name = "<stream>");

/// The matrix in the Matrix Market file at `path`; InvalidArgument when it cannot be opened.
template <SparseValue T, SparseIndex I>
RTCG_API HostCoo<T, I> read_matrix_market(const std::string& path);

/// Writes `coo` to `out` as a general coordinate Matrix Market file.
template <SparseValue T, SparseIndex I>
RTCG_API void write_matrix_market(std::ostream& out, const HostCoo<T, I>& coo);

/// Writes `csr` to `out` as a general coordinate Matrix Market file.
template <SparseValue T, SparseIndex I>
RTCG_API void write_matrix_market(std::ostream& out, const HostCsr<T, I>& csr);

/// Writes `csr` to the file at `path`; Error when it cannot be written.
template <SparseValue T, SparseIndex I>
RTCG_API void write_matrix_market(const std::string& path, const HostCsr<T, I>& csr);

} // namespace rtcg
