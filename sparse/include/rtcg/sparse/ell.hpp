#pragma once
/// \file
/// ELLPACK matrices (Bell and Garland's ELL), on the host and on the device: every row padded to
/// one width, stored slot-major so that neighbouring rows' k-th entries are neighbouring words.
///
/// \code
///   rtcg::EllMatrix<float, int> e = rtcg::to_ell(csr);   // conversion.hpp; the width is the longest row
///   rtcg::Spmv<float, int> product(e);                   // spmv.hpp: multiplies this layout as it is
///   rtcg::HostEll<float, int> h = e.get();
///   rtcg::CsrMatrix<float, int> back = rtcg::to_csr(e);
/// \endcode
///
/// The layout: `width` slots a row; slot k of row r is element k * rows + r of col_indices and of
/// values. A slot whose column is -1 is padding (its value is not read); every other slot is an
/// entry, wherever it lies in its row, and a row may name a column twice (the products add
/// both). ELL suits matrices whose rows are all about as long: it stores rows x width slots however
/// short most rows are (SELL-C-sigma, sell.hpp, pads each slice to its own longest row instead).
#include <rtcg/arrays/array.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/matrix.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace rtcg {

/// An ELL matrix in host memory; see ell.hpp for the layout.
template <SparseValue T, SparseIndex I>
struct HostEll {
    std::size_t rows = 0;       ///< the number of rows
    std::size_t cols = 0;       ///< the number of columns
    std::size_t width = 0;      ///< the slots of each row
    std::vector<I> col_indices; ///< rows x width columns, slot-major; -1 marks padding
    std::vector<T> values;      ///< rows x width values, slot-major
};

namespace detail {
/// InvalidArgument, from `where`, unless `ell` is a well-formed ELL matrix (ell.hpp): its shape
/// fits I, rows x width counts in size_t, both arrays hold rows x width slots, and every column is
/// -1 or in [0, cols).
template <SparseValue T, SparseIndex I>
RTCG_API void check_ell(const HostEll<T, I>& ell, const char* where);
/// rows x width, or InvalidArgument from `where` when size_t cannot count it.
RTCG_API std::size_t ell_slots(std::size_t rows, std::size_t width, const char* where);
} // namespace detail

/// An ELL matrix in device memory; see ell.hpp.
// Exported although header-only: the library's SlicedOperator<T, I, EllMatrix<T, I>> (operator.hpp)
// takes the visibility of its template arguments.
template <SparseValue T, SparseIndex I>
class RTCG_API EllMatrix {
public:
    /// `host` copied to `context`, after checking its structure (InvalidArgument).
    static EllMatrix to_device(const Context& context, const HostEll<T, I>& host) {
        detail::check_ell(host, "EllMatrix::to_device");
        return EllMatrix(host.rows, host.cols, host.width, Array<I>::to_device(context, host.col_indices),
                         Array<T>::to_device(context, host.values));
    }
    /// A matrix from device arrays of rows x width slots each (InvalidArgument otherwise) whose
    /// columns the caller vouches for (conversions build them).
    static EllMatrix from_arrays(std::size_t rows, std::size_t cols, std::size_t width, Array<I> col_indices,
                                 Array<T> values) {
        const std::size_t slots = detail::ell_slots(rows, width, "EllMatrix::from_arrays");
        if (col_indices.size() != slots || values.size() != slots)
            throw InvalidArgument("a " + std::to_string(rows) + "-row ELL matrix of width " + std::to_string(width) +
                                      " needs " + std::to_string(slots) + " columns and values, not " +
                                      std::to_string(col_indices.size()) + " and " + std::to_string(values.size()),
                                  "EllMatrix::from_arrays");
        return EllMatrix(rows, cols, width, std::move(col_indices), std::move(values));
    }
    /// The matrix copied to the host.
    HostEll<T, I> get() const { return {rows_, cols_, width_, col_indices_.get(), values_.get()}; }

    std::size_t rows() const noexcept { return rows_; }                   ///< the number of rows
    std::size_t cols() const noexcept { return cols_; }                   ///< the number of columns
    std::size_t width() const noexcept { return width_; }                 ///< the slots of each row
    std::size_t slots() const noexcept { return values_.size(); }         ///< rows x width
    const Array<I>& col_indices() const noexcept { return col_indices_; } ///< each slot's column, -1 for padding
    const Array<T>& values() const noexcept { return values_; }           ///< each slot's value
    const Context& context() const noexcept { return values_.context(); } ///< where it lives

private:
    EllMatrix(std::size_t rows, std::size_t cols, std::size_t width, Array<I> col_indices, Array<T> values)
        : rows_(rows), cols_(cols), width_(width), col_indices_(std::move(col_indices)), values_(std::move(values)) {}

    std::size_t rows_;
    std::size_t cols_;
    std::size_t width_;
    Array<I> col_indices_;
    Array<T> values_;
};

} // namespace rtcg
