#pragma once
/// \file
/// Matrix Market files (https://math.nist.gov/MatrixMarket/formats.html), coordinate format:
/// fields real, integer, complex and pattern; symmetries general, symmetric and skew-symmetric
/// (hermitian too, for complex fields).
///
/// \code
///   rtcg::HostCoo<double, int> a = rtcg::read_matrix_market<double, int>("bcsstk01.mtx");
///   rtcg::write_matrix_market("out.mtx", csr);
///   rtcg::write_matrix_market("spd.mtx", csr, {.symmetry = rtcg::MatrixMarketSymmetry::symmetric});
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
/// Writing gives a coordinate file with 1-based indices and values printed to round trip exactly:
/// general and real (complex for complex values) unless a MatrixMarketFormat says otherwise. A
/// symmetric form writes the entries on and below the diagonal (strictly below for
/// skew-symmetric), after checking that the matrix has that symmetry (duplicates summed first, as
/// reading sums them); an integer field checks that every value is an integer. A matrix that does
/// not fit the format asked for is an InvalidArgument naming the first entry that breaks it, and
/// nothing is written.
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/matrix.hpp>

#include <iosfwd>
#include <string>

namespace rtcg {

/// The field a Matrix Market file is written with.
enum class MatrixMarketField {
    automatic, ///< real for real values, complex for complex ones
    real,      ///< real values (real matrices only)
    integer,   ///< integers: every value must be one (real matrices only)
    complex,   ///< complex values (real ones get zero imaginary parts)
    pattern    ///< positions only, no values
};

/// The symmetry a Matrix Market file is written with.
enum class MatrixMarketSymmetry {
    general,        ///< every entry
    symmetric,      ///< A = A^T: the lower triangle and the diagonal
    skew_symmetric, ///< A = -A^T (so a zero diagonal): the strict lower triangle
    hermitian       ///< A = conj(A^T) (so a real diagonal; complex field only): the lower triangle and the diagonal
};

/// How write_matrix_market writes a matrix.
struct MatrixMarketFormat {
    MatrixMarketField field = MatrixMarketField::automatic; ///< the field
    MatrixMarketSymmetry symmetry = MatrixMarketSymmetry::general; ///< the symmetry
};

/// The matrix in the Matrix Market stream `in`; `name` names it in messages. See matrix_market.hpp.
template <SparseValue T, SparseIndex I>
RTCG_API HostCoo<T, I> read_matrix_market(std::istream& in, const std::string& name = "<stream>");

/// The matrix in the Matrix Market file at `path`; InvalidArgument when it cannot be opened.
template <SparseValue T, SparseIndex I>
RTCG_API HostCoo<T, I> read_matrix_market(const std::string& path);

/// Writes `coo` to `out` as a coordinate Matrix Market file of `format`.
template <SparseValue T, SparseIndex I>
RTCG_API void write_matrix_market(std::ostream& out, const HostCoo<T, I>& coo, const MatrixMarketFormat& format = {});

/// Writes `csr` to `out` as a coordinate Matrix Market file of `format`.
template <SparseValue T, SparseIndex I>
RTCG_API void write_matrix_market(std::ostream& out, const HostCsr<T, I>& csr, const MatrixMarketFormat& format = {});

/// Writes `coo` to the file at `path`; Error when it cannot be written.
template <SparseValue T, SparseIndex I>
RTCG_API void write_matrix_market(const std::string& path, const HostCoo<T, I>& coo,
                                  const MatrixMarketFormat& format = {});

/// Writes `csr` to the file at `path`; Error when it cannot be written.
template <SparseValue T, SparseIndex I>
RTCG_API void write_matrix_market(const std::string& path, const HostCsr<T, I>& csr,
                                  const MatrixMarketFormat& format = {});

} // namespace rtcg
