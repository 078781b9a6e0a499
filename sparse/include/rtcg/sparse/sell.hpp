#pragma once
/// \file
/// SELL-C-sigma matrices (Kreutzer et al.), on the host and on the device: the rows sorted by
/// length within windows of sigma rows, cut into slices of C rows, each slice padded to its own
/// longest row and stored column-major.
///
/// \code
///   rtcg::SellMatrix<double, int> s = rtcg::to_sell(csr, {.slice_height = 32});  // conversion.hpp
///   rtcg::Spmv<double, int> product(s);                  // spmv.hpp: multiplies this layout as it is
///   rtcg::CsrMatrix<double, int> back = rtcg::to_csr(s);
/// \endcode
///
/// The layout, for rows r and slice height C:
/// - row_order (rows elements, a permutation): sorted position p holds row row_order[p];
/// - slice_offsets (ceil(rows / C) + 1 elements, 64-bit since the padded slots may outnumber the
///   index type): slice s holds positions [s C, (s + 1) C) in slots [slice_offsets[s],
///   slice_offsets[s + 1]), a multiple of C, so its width is their difference over C; the first is 0;
/// - entry k of position p is element slice_offsets[p / C] + k C + p % C of col_indices and of
///   values. A slot whose column is -1 is padding (its value is not read); every other slot is an
///   entry, wherever it lies in its row. The positions of the last slice past the last row hold
///   padding only.
/// ELL (ell.hpp) is the case C = rows, in row order.
#include <rtcg/arrays/array.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/matrix.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rtcg {

/// How to_sell (conversion.hpp) lays a matrix out.
struct SellLayout {
    /// C, the rows of a slice: a power of two up to 1024; 0 takes the device's warp or sub-group
    /// width where it reports one, else 32 (one slice per warp).
    std::size_t slice_height = 0;
    /// sigma, the rows sorted together by length (longest first, ties in row order): any number
    /// from 1, which sorts nothing; 0 takes 64 slices.
    std::size_t sort_window = 0;
};

/// A SELL-C-sigma matrix in host memory; see sell.hpp for the layout.
template <SparseValue T, SparseIndex I>
struct HostSell {
    std::size_t rows = 0;                    ///< the number of rows
    std::size_t cols = 0;                    ///< the number of columns
    std::size_t slice_height = 1;            ///< C, the positions of a slice
    std::vector<I> row_order;                ///< the row at each sorted position
    std::vector<std::int64_t> slice_offsets; ///< each slice's first slot, then the number of slots
    std::vector<I> col_indices;              ///< each slot's column; -1 marks padding
    std::vector<T> values;                   ///< each slot's value
};

namespace detail {
/// InvalidArgument, from `where`, unless `sell` is a well-formed SELL-C-sigma matrix (sell.hpp): its
/// shape fits I, the slice height is a power of two up to 1024, row_order is a permutation of the
/// rows, the slice offsets start at 0 and step by multiples of the slice height, both arrays hold
/// the last offset's slots, and every column is -1 or in [0, cols).
template <SparseValue T, SparseIndex I>
RTCG_API void check_sell(const HostSell<T, I>& sell, const char* where);
/// ceil(rows / height) for a height that is a power of two up to 1024 (InvalidArgument from
/// `where` otherwise).
RTCG_API std::size_t sell_slices(std::size_t rows, std::size_t height, const char* where);
} // namespace detail

/// A SELL-C-sigma matrix in device memory; see sell.hpp.
// Exported although header-only: the library's SlicedOperator<T, I, SellMatrix<T, I>>
// (operator.hpp) takes the visibility of its template arguments.
template <SparseValue T, SparseIndex I>
class RTCG_API SellMatrix {
public:
    /// `host` copied to `context`, after checking its structure (InvalidArgument).
    static SellMatrix to_device(const Context& context, const HostSell<T, I>& host) {
        detail::check_sell(host, "SellMatrix::to_device");
        return SellMatrix(host.rows, host.cols, host.slice_height, Array<I>::to_device(context, host.row_order),
                          Array<std::int64_t>::to_device(context, host.slice_offsets),
                          Array<I>::to_device(context, host.col_indices), Array<T>::to_device(context, host.values));
    }
    /// A matrix from device arrays the caller vouches for (conversions build them): InvalidArgument
    /// for a slice height that is not a power of two up to 1024, or arrays of the wrong sizes (the
    /// order one per row, the offsets one per slice and one more, the columns one per value); the
    /// order, the offsets and the columns themselves are not read.
    static SellMatrix from_arrays(std::size_t rows, std::size_t cols, std::size_t slice_height, Array<I> row_order,
                                  Array<std::int64_t> slice_offsets, Array<I> col_indices, Array<T> values) {
        constexpr const char* where = "SellMatrix::from_arrays";
        const std::size_t slices = detail::sell_slices(rows, slice_height, where);
        if (row_order.size() != rows || slice_offsets.size() != slices + 1 || col_indices.size() != values.size())
            throw InvalidArgument(
                "a " + std::to_string(rows) + "-row SELL matrix of slices of " + std::to_string(slice_height) +
                    " needs " + std::to_string(rows) + " row positions, " + std::to_string(slices + 1) +
                    " slice offsets and as many columns as values, not " + std::to_string(row_order.size()) + ", " +
                    std::to_string(slice_offsets.size()) + ", " + std::to_string(col_indices.size()) + " and " +
                    std::to_string(values.size()),
                where);
        return SellMatrix(rows, cols, slice_height, std::move(row_order), std::move(slice_offsets),
                          std::move(col_indices), std::move(values));
    }
    /// The matrix copied to the host.
    HostSell<T, I> get() const {
        return {rows_, cols_, slice_height_, row_order_.get(), slice_offsets_.get(), col_indices_.get(), values_.get()};
    }

    std::size_t rows() const noexcept { return rows_; }                                  ///< the number of rows
    std::size_t cols() const noexcept { return cols_; }                                  ///< the number of columns
    std::size_t slice_height() const noexcept { return slice_height_; }                  ///< C
    std::size_t slices() const noexcept { return slice_offsets_.size() - 1; }            ///< ceil(rows / C)
    std::size_t slots() const noexcept { return values_.size(); }                        ///< the slots of every slice
    const Array<I>& row_order() const noexcept { return row_order_; }                    ///< the row at each position
    const Array<std::int64_t>& slice_offsets() const noexcept { return slice_offsets_; } ///< each slice's first slot
    const Array<I>& col_indices() const noexcept { return col_indices_; } ///< each slot's column, -1 for padding
    const Array<T>& values() const noexcept { return values_; }           ///< each slot's value
    const Context& context() const noexcept { return values_.context(); } ///< where it lives

private:
    SellMatrix(std::size_t rows, std::size_t cols, std::size_t slice_height, Array<I> row_order,
               Array<std::int64_t> slice_offsets, Array<I> col_indices, Array<T> values)
        : rows_(rows), cols_(cols), slice_height_(slice_height), row_order_(std::move(row_order)),
          slice_offsets_(std::move(slice_offsets)), col_indices_(std::move(col_indices)), values_(std::move(values)) {}

    std::size_t rows_;
    std::size_t cols_;
    std::size_t slice_height_;
    Array<I> row_order_;
    Array<std::int64_t> slice_offsets_;
    Array<I> col_indices_;
    Array<T> values_;
};

} // namespace rtcg
