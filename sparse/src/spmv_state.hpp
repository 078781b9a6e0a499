#pragma once
// A Spmv plan's state (spmv.hpp): what spmv.cpp plans and launches, and what the formats with
// plans of their own (spmv_merge.cpp, spmv_sell.cpp) add to it.
#include <rtcg/arrays/array.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/core/launch.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

namespace rtcg::detail {

template <SparseValue T, SparseIndex I>
struct SpmvState {
    // The CSR matrix as the kernels read it (its columns renumbered with ColumnOrder::by_count);
    // none in a plan made from an ELL or SELL matrix.
    std::optional<CsrMatrix<T, I>> matrix{};
    std::size_t columns = 0; // the matrix's (its rows are statistics.rows)
    // With ColumnOrder::by_count: the matrix in its own numbering, and its column of each of the
    // first renumbered ones (column_order.hpp's ColumnRenumbering): all of them, which each product
    // gathers into a copy of x, or with hot_columns (the merge form) that many, which it gathers
    // into a copy of those while the others are read from x itself.
    std::optional<CsrMatrix<T, I>> given{};
    std::optional<Array<I>> old_of_new{};
    std::size_t hot_columns = 0;
    RowStatistics statistics{};
    SpmvFormat format = SpmvFormat::csr_vector;
    std::size_t team = 1;
    std::size_t group = 1;
    std::string configuration{}; // after the value operations
    // What the kernels read: the matrix's columns and values (with indexed values, the table of
    // its distinct values), or its ELL or SELL copy; one unread element where there are none,
    // since a kernel argument cannot be an empty buffer.
    std::optional<Array<I>> cols{};
    std::optional<Array<T>> values{};
    Kernel kernel{};
    Kernel inverse_diagonal{};
    Kernel inverse_diagonal_blocks{};
    LaunchConfig launch{};
    bool dot = false;
    // Where the public products of a dot plan put the shares nobody reads.
    std::optional<Array<T>> dot_scratch{};
    // The binned form: its lists of short and long rows, and the long rows' kernel and launch.
    std::size_t listed = 0, long_rows = 0;
    std::optional<Array<I>> listed_rows{}, long_list{};
    Kernel long_kernel{};
    LaunchConfig long_launch{};
    // The merge form (spmv_merge.cpp): merge items per work-item, the columns its gathers keep in
    // the first-level cache (0: all), tiles, each tile's first row (tiles + 1 of them), and the
    // fix-up's kernel and launch.
    std::size_t merge_items = 0, cached_columns = 0, tiles = 0;
    // With SpmvOptions::indexed_values, each entry's index into the table of distinct values,
    // which `values` then holds: packed into the top byte of the entry's column where the columns
    // leave it free (the kernel then reads these words for the columns), else apart.
    std::optional<Array<std::uint8_t>> value_indices{};
    std::optional<Array<std::make_unsigned_t<I>>> packed_columns{};
    std::optional<Array<I>> tile_rows{};
    Kernel fixup_kernel{};
    LaunchConfig fixup_launch{};
    // SELL-C-sigma (spmv_sell.cpp): the slice height C, the row at each sorted position, and each
    // slice's first slot (one more than the slices); the layout's slots are in cols and values.
    std::size_t slice_height = 0;
    std::optional<Array<I>> sell_rows{};
    std::optional<Array<std::int64_t>> slice_offsets{};

    // Where the products run: every format's kernels read `values`.
    const Context& context() const { return values->context(); }
};

} // namespace rtcg::detail
