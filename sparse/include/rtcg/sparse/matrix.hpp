#pragma once
/// \file
/// Sparse matrices on the device and on the host: CSR (compressed sparse rows, the format every
/// operation takes) and COO (triplets, as read from files or assembled by the user). ELL and
/// SELL-C-sigma, for products, are in ell.hpp and sell.hpp.
///
/// \code
///   rtcg::HostCsr<double, int> h = rtcg::poisson_3d<double, int>(64);   // generators.hpp
///   auto a = rtcg::CsrMatrix<double, int>::to_device(ctx, h);
///   rtcg::HostCsr<double, int> back = a.get();
///   auto coo = rtcg::CooMatrix<float, std::int64_t>::to_device(ctx, triplets);
///   rtcg::CsrMatrix<float, std::int64_t> csr = rtcg::to_csr(coo);         // conversion.hpp
/// \endcode
///
/// Values are float, double, std::complex<float> or std::complex<double>; indices int32 or int64.
/// A CsrMatrix's structure is checked when it is made (offsets from 0, never decreasing, ending at
/// the number of non-zeros; column indices in range): an InvalidArgument names the first fault.
/// Column indices within a row need not be sorted, and a row may name a column twice (the
/// products add both). A COO matrix is checked when it is converted.
#include <rtcg/arrays/array.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>

#include <complex>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rtcg {

/// The value types of sparse matrices.
template <class T>
concept SparseValue = std::same_as<T, float> || std::same_as<T, double> || std::same_as<T, std::complex<float>> ||
    std::same_as<T, std::complex<double>>;

/// The index types of sparse matrices.
template <class I>
concept SparseIndex = std::same_as<I, std::int32_t> || std::same_as<I, std::int64_t>;

/// A COO matrix in host memory: entry k is values[k] at (row[k], col[k]).
template <SparseValue T, SparseIndex I>
struct HostCoo {
    std::size_t rows = 0;  ///< the number of rows
    std::size_t cols = 0;  ///< the number of columns
    std::vector<I> row;    ///< each entry's row
    std::vector<I> col;    ///< each entry's column
    std::vector<T> values; ///< each entry's value
};

/// A CSR matrix in host memory: row r's entries are k in [row_offsets[r], row_offsets[r + 1]).
template <SparseValue T, SparseIndex I>
struct HostCsr {
    std::size_t rows = 0;       ///< the number of rows
    std::size_t cols = 0;       ///< the number of columns
    std::vector<I> row_offsets; ///< rows + 1 offsets into col_indices and values
    std::vector<I> col_indices; ///< each entry's column
    std::vector<T> values;      ///< each entry's value
    /// The number of stored entries.
    std::size_t nnz() const noexcept { return values.size(); }
};

namespace detail {
/// InvalidArgument, from `where`, unless `csr` is a well-formed CSR matrix (see matrix.hpp).
template <SparseValue T, SparseIndex I>
RTCG_API void check_csr(const HostCsr<T, I>& csr, const char* where);
/// InvalidArgument, from `where`, unless rows and cols fit the index type I and the three arrays of
/// `coo` have one size.
template <SparseValue T, SparseIndex I>
RTCG_API void check_coo_shape(const HostCoo<T, I>& coo, const char* where);
} // namespace detail

/// A CSR matrix in device memory; see matrix.hpp.
template <SparseValue T, SparseIndex I>
class CsrMatrix {
public:
    /// `host` copied to `context`, after checking its structure (InvalidArgument).
    static CsrMatrix to_device(const Context& context, const HostCsr<T, I>& host) {
        detail::check_csr(host, "CsrMatrix::to_device");
        return CsrMatrix(host.rows, host.cols, Array<I>::to_device(context, host.row_offsets),
                         Array<I>::to_device(context, host.col_indices), Array<T>::to_device(context, host.values));
    }
    /// A matrix from device arrays the caller vouches for (conversions build them): rows + 1
    /// offsets, and one column index per value.
    static CsrMatrix from_arrays(std::size_t rows, std::size_t cols, Array<I> row_offsets, Array<I> col_indices,
                                 Array<T> values) {
        return CsrMatrix(rows, cols, std::move(row_offsets), std::move(col_indices), std::move(values));
    }
    /// The matrix copied to the host.
    HostCsr<T, I> get() const { return {rows_, cols_, row_offsets_.get(), col_indices_.get(), values_.get()}; }

    std::size_t rows() const noexcept { return rows_; }                   ///< the number of rows
    std::size_t cols() const noexcept { return cols_; }                   ///< the number of columns
    std::size_t nnz() const noexcept { return values_.size(); }           ///< stored entries
    const Array<I>& row_offsets() const noexcept { return row_offsets_; } ///< rows + 1 offsets
    const Array<I>& col_indices() const noexcept { return col_indices_; } ///< each entry's column
    const Array<T>& values() const noexcept { return values_; }           ///< each entry's value
    const Context& context() const noexcept { return values_.context(); } ///< where it lives

private:
    CsrMatrix(std::size_t rows, std::size_t cols, Array<I> row_offsets, Array<I> col_indices, Array<T> values)
        : rows_(rows), cols_(cols), row_offsets_(std::move(row_offsets)), col_indices_(std::move(col_indices)),
          values_(std::move(values)) {}

    std::size_t rows_;
    std::size_t cols_;
    Array<I> row_offsets_;
    Array<I> col_indices_;
    Array<T> values_;
};

/// A COO matrix in device memory: triplets in any order, duplicates allowed (to_csr sums them).
template <SparseValue T, SparseIndex I>
class CooMatrix {
public:
    /// `host` copied to `context`. InvalidArgument when its arrays differ in size or its shape does
    /// not fit I; the indices themselves are checked by to_csr, on the device.
    static CooMatrix to_device(const Context& context, const HostCoo<T, I>& host) {
        detail::check_coo_shape(host, "CooMatrix::to_device");
        return CooMatrix(host.rows, host.cols, Array<I>::to_device(context, host.row),
                         Array<I>::to_device(context, host.col), Array<T>::to_device(context, host.values));
    }
    /// A matrix from device arrays of one size (InvalidArgument otherwise); the indices are
    /// checked by to_csr.
    static CooMatrix from_arrays(std::size_t rows, std::size_t cols, Array<I> row, Array<I> col, Array<T> values) {
        if (row.size() != values.size() || col.size() != values.size())
            throw InvalidArgument("row, col and values must have one size, not " + std::to_string(row.size()) + ", " +
                                      std::to_string(col.size()) + " and " + std::to_string(values.size()),
                                  "CooMatrix::from_arrays");
        return CooMatrix(rows, cols, std::move(row), std::move(col), std::move(values));
    }
    /// The matrix copied to the host.
    HostCoo<T, I> get() const { return {rows_, cols_, row_.get(), col_.get(), values_.get()}; }

    std::size_t rows() const noexcept { return rows_; }                   ///< the number of rows
    std::size_t cols() const noexcept { return cols_; }                   ///< the number of columns
    std::size_t entries() const noexcept { return values_.size(); }       ///< stored triplets
    const Array<I>& row() const noexcept { return row_; }                 ///< each triplet's row
    const Array<I>& col() const noexcept { return col_; }                 ///< each triplet's column
    const Array<T>& values() const noexcept { return values_; }           ///< each triplet's value
    const Context& context() const noexcept { return values_.context(); } ///< where it lives

private:
    CooMatrix(std::size_t rows, std::size_t cols, Array<I> row, Array<I> col, Array<T> values)
        : rows_(rows), cols_(cols), row_(std::move(row)), col_(std::move(col)), values_(std::move(values)) {}

    std::size_t rows_;
    std::size_t cols_;
    Array<I> row_;
    Array<I> col_;
    Array<T> values_;
};

} // namespace rtcg
