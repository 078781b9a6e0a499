#pragma once
/// \file
/// Sparse matrix-vector products y = alpha A x + beta y, generated per matrix and device:
///
/// \code
///   rtcg::Spmv<double, int> product(a);            // a: CsrMatrix; compiles, reads the statistics
///   product(1.0, x, 0.0, y);                        // y = A x (y not read when beta is 0)
///   product(2.0, x, 1.0, y);                        // y += 2 A x
///   rtcg::spmv(1.0, a, x, 0.0, y);                  // the same, planning each call
///   rtcg::Spmv<double, int> sliced(rtcg::to_sell(a)); // a SELL-C-sigma matrix's layout, as it is
/// \endcode
///
/// Making a Spmv plans the product once: it reads the matrix's row statistics (the mean row
/// length, nnz / rows, and the longest row, found on the device) and picks a kernel:
/// - DIA (SpmvFormat::dia) when every row is about as long as the mean (rows x longest at most
///   1.2 nnz) and the entries lie on at most max_dia_diagonals diagonals that fill as much
///   (rows x diagonals at most 1.2 nnz): stencils and banded matrices. The diagonals are found in
///   64 rows sampled across the matrix and checked against every entry on the device; the
///   matrix is copied once into diagonal-major values (no column indices), and the diagonals'
///   offsets are written into the kernel's source, so each term reads x at the row plus a
///   constant. The columns stay as given (ColumnOrder::by_count does not apply);
/// - ELL (SpmvFormat::ell) when the rows are as regular but the entries are not on a few
///   diagonals: the matrix is copied once into a slot-major ELL layout on the device;
/// - merge-based CSR (SpmvFormat::csr_merge) when a few rows are far longer than the mean (the
///   longest above both the work-group size and 16 times the mean: power-law graphs such as
///   R-MAT's): after Merrill and Garland's merge-path SpMV, the rows' ends and the non-zeros are
///   one list of rows + nnz items cut into equal tiles, one per work-group (128 work-items of 7
///   items each for 4-byte values, 5 for wider ones), so every work-item does the same work however
///   the lengths are spread, and values and columns are read coalesced. The plan finds each tile's
///   first row once, on the device (a binary search per tile, kept with the plan); each product
///   is two launches: the tiles, then a small fix-up that adds the sums of rows that cross tiles;
/// - binned CSR (SpmvFormat::csr_binned), by SpmvOptions::format only: the plan reads the row
///   offsets once and lists the rows longer than a work-group, which get a whole work-group each,
///   apart from the others, which get teams as below, the team chosen from their own mean;
/// - SELL-C-sigma (SpmvFormat::sell), by SpmvOptions::format only: the rows sorted by length
///   (longest first) within windows of sigma rows (SpmvOptions::sort_window), cut into slices of
///   C rows (SpmvOptions::slice_height, the warp width by default), each slice padded to its own
///   longest row and stored column-major; one work-item per row. The plan sorts the rows and
///   sizes the slices on the host, from the row offsets alone, and copies the matrix into the
///   layout on the device;
/// - vector CSR (SpmvFormat::csr_vector) otherwise: a team of work-items per row, the team's size
///   the power of two nearest above the mean row length, from 1 to 32.
/// With SpmvOptions::transpose the products are y = alpha A^T x + beta y (x of rows elements, y of
/// cols), through a transposed copy. With ColumnOrder::by_count (SpmvOptions::column_order) the
/// kernels (but DIA's) read a copy of the column indices numbered by how many entries each column
/// holds, most first, and each product first gathers x into that order (the merge form only its
/// most-read elements): the elements of x that most rows read then share cache lines, which pays
/// on power-law graphs, where a few columns hold most entries.
/// SpmvOptions::cached_columns then lets the merge form's gathers of the other columns pass the
/// first-level cache by, so that it keeps those few.
/// The kernel's source has the row count, the team size, the ELL width, the merge tile or the
/// SELL slice, and the value and index types written in (sparse/device/kernel/spmv.rtcg,
/// spmv_merge.rtcg, spmv_sell.rtcg); SpmvOptions can force a format or a team. The thresholds are fixed rules, not timings (bench/'s spmv_rmat
/// case reports the format chosen and times the others beside it); with SpmvOptions::tuning the
/// format comes from the tuning database instead, or from timing every format on the matrix
/// (SpmvTuning).
///
/// A plan made from an EllMatrix (ell.hpp) or a SellMatrix (sell.hpp) multiplies that layout as it
/// is, with the ELL or SELL kernel; it holds the layout's arrays and sees its values changed in
/// place. Its statistics count the slots that are not padding as nnz, and take the widest slice's
/// width as the longest row.
///
/// x (cols elements) and y (rows elements) are 1-d contiguous arrays of the matrix's value type
/// and context, possibly views; y must not share memory with x. Each fault is an InvalidArgument
/// before anything runs. The product runs on the context's current queue (queue_scope.hpp) and
/// does not wait for it; its temporaries come from that queue's memory pool, so products of one
/// plan may run on several queues at once. The plan holds the matrix's arrays: it stays valid as
/// long as the plan lives, and the CSR formats see the matrix's values changed in place between
/// products; ELL, SELL and DIA multiply the copy they made when planned.
#include <rtcg/arrays/array.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/ell.hpp>
#include <rtcg/sparse/matrix.hpp>
#include <rtcg/sparse/sell.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace rtcg {

/// The most rows a block-Jacobi preconditioner's diagonal blocks may have (their inverses come from
/// Spmv's kernels; operator.hpp's LinearOperator::inverse_diagonal_blocks).
inline constexpr std::size_t max_jacobi_block = 8;

/// The kernels a Spmv can use; see spmv.hpp.
enum class SpmvFormat { csr_vector, ell, csr_binned, csr_merge, sell, dia };

/// The most diagonals a DIA plan (SpmvFormat::dia) takes.
inline constexpr std::size_t max_dia_diagonals = 64;

/// The format's name as the enumerator spells it ("csr_vector", "ell", ...), for reports.
constexpr std::string_view format_name(SpmvFormat format) noexcept {
    switch (format) {
    case SpmvFormat::csr_vector: return "csr_vector";
    case SpmvFormat::ell: return "ell";
    case SpmvFormat::csr_binned: return "csr_binned";
    case SpmvFormat::csr_merge: return "csr_merge";
    case SpmvFormat::sell: return "sell";
    case SpmvFormat::dia: return "dia";
    }
    return "unknown";
}

/// Where a plan's format comes from when SpmvOptions::format is empty.
enum class SpmvTuning {
    built_in, ///< the fixed rule of spmv.hpp
    /// The tuning database's choice for the matrix's statistics class on this device (value and
    /// index types, rows, mean row length and longest over mean, each rounded up to a power of
    /// two), where it holds one; else the fixed rule.
    stored,
    /// The stored choice, else every format planned and timed on this matrix (rtcg::tuning: each
    /// checked against vector CSR's product first, ELL only where it pads to at most four times the
    /// entries, DIA likewise and only where the plan found the diagonals (a stored DIA choice is
    /// passed over for a matrix without them); the merge form with each work-group of 64 to 256
    /// and 3 to 13 items per work-item whose tile fits the local memory, and either ColumnOrder;
    /// on CUDA and on NVIDIA's OpenCL, with real values, also with work-groups of 256, the columns
    /// renumbered and 64, 96, 128 or 192 KiB of x's most-read columns cached,
    /// SpmvOptions::cached_columns, each with the driver's carveout and, where the device's
    /// launches apply one (DeviceInfo::applies_local_memory_carveout), with one that leaves 64 KiB
    /// of local memory to a multiprocessor, SpmvOptions::local_memory_carveout),
    /// the fastest kept in the database for the class. Takes a compile and a few products per
    /// candidate, and waits for the queue. A format, merge shape, column order, cached column
    /// count or carveout given in the options is kept.
    tune,
};

/// How the kernels number the matrix's columns; see spmv.hpp.
enum class ColumnOrder {
    as_given, ///< the matrix's own numbering
    /// By how many entries each column holds, most first (equal counts in their own order): the
    /// plan keeps the renumbered column indices (one index per entry) and the old column of each
    /// new one, and each product gathers x into the new order first, a launch over the columns.
    /// The merge form renumbers only the most-read columns, at least the cached ones
    /// (SpmvOptions::cached_columns) and as many as 256 KiB of x's elements, where the matrix has
    /// more columns than that: each product gathers just those, and the kernel reads the other
    /// columns from x itself (their indices then count from after the most-read ones, so with
    /// 32-bit indices those past 2^24 leave indexed values' indices apart).
    /// A matrix of no entries, and the solvers' operators (operator.hpp), whose products also
    /// read x at the rows for their dot product, keep the columns as given.
    by_count,
};

/// What the plan would otherwise choose.
struct SpmvOptions {
    std::optional<SpmvFormat> format = {}; ///< the kernel; chosen from the statistics when empty
    std::size_t team_size = 0;             ///< (binned) vector CSR's team (1, 2, 4, 8, 16 or 32); 0 chooses
    /// Multiply by A^T: the plan makes a transposed copy of the matrix once (conversion.hpp's
    /// transpose, which waits for the queue) and plans for it as for any matrix.
    bool transpose = false;
    /// SELL-C-sigma's slice height C (a power of two up to 1024); 0 takes the device's warp or
    /// sub-group width where it reports one, else 32.
    std::size_t slice_height = 0;
    /// SELL-C-sigma's sort window sigma, in rows (any number from 1, which sorts nothing); 0 takes
    /// 64 slices.
    std::size_t sort_window = 0;
    /// The merge form's work-group: a power of two from 32 up to the device's work-group limit or
    /// 256, whichever is less; 0 takes that limit.
    std::size_t merge_group = 0;
    /// The merge form's items (row ends and entries) per work-item, 1 to 32; 0 takes 7 for values
    /// of 4 bytes and 5 for wider ones, fewer where the tile's local memory would not fit.
    std::size_t merge_items = 0;
    /// How the kernels number the columns; as given when empty, unless the tuner chooses.
    std::optional<ColumnOrder> column_order = {};
    /// The merge form's gathers of x read columns [0, cached_columns) through the first-level
    /// cache and the others through the second-level cache only, so that the scattered reads of
    /// rarely read columns do not evict the often read ones; with ColumnOrder::by_count the first
    /// columns are the most read. The loads that pass the first-level cache by are CUDA's and, as
    /// inline PTX, NVIDIA's OpenCL's (codegen::l2_only_loads), for real values: elsewhere every
    /// gather is a plain load. 0 (or the column count or more) reads every column through the
    /// first-level cache. For the merge form only: InvalidArgument where the plan's format is
    /// another.
    std::size_t cached_columns = 0;
    /// The merge form reads each entry's value as a one-byte index into a table of the matrix's
    /// distinct values (told apart bit for bit), which the plan builds on the host from a copy of
    /// the values, for matrices of at most 256 distinct values (a graph's unit weights or edge
    /// counts, a stencil's coefficients). The index takes the top byte of the entry's column
    /// index where the columns leave it free (up to 2^24 columns with 32-bit indices, counted as
    /// ColumnOrder::by_count numbers them, any count with 64-bit ones), so that no values are
    /// read at all; elsewhere one byte of its own, a quarter of what float32 values take. The
    /// products are the same bit for bit.
    /// InvalidArgument where the matrix has more than 256 distinct values or the plan's format is
    /// not the merge form.
    bool indexed_values = false;
    /// The share of each compute unit's on-chip memory, in percent (0 to 100), that the product's
    /// main kernel prefers for local memory over the first-level cache
    /// (LaunchConfig::local_memory_carveout, a hint that devices with
    /// DeviceInfo::applies_local_memory_carveout take and others ignore): a smaller
    /// share fits fewer work-groups at once but caches more of x for the gathers, which suits the
    /// merge form with cached columns. InvalidArgument above 100. Empty: the driver's choice.
    std::optional<unsigned> local_memory_carveout = {};
    /// Where the format comes from when `format` is empty.
    SpmvTuning tuning = SpmvTuning::built_in;
};

/// A matrix's row lengths, as a plan reads them.
struct RowStatistics {
    std::size_t rows = 0;    ///< the number of rows
    std::size_t nnz = 0;     ///< the stored entries
    std::size_t longest = 0; ///< the longest row's entries
    /// The diagonals holding entries, where the plan looked for them and found at most
    /// max_dia_diagonals (see spmv.hpp's dia); else 0.
    std::size_t diagonals = 0;
    /// nnz / rows (0 for no rows).
    double mean() const noexcept { return rows == 0 ? 0.0 : static_cast<double>(nnz) / static_cast<double>(rows); }
};

namespace detail {
template <SparseValue T, SparseIndex I>
struct SpmvState;
} // namespace detail
namespace sparse_detail {
template <SparseValue T, SparseIndex I>
struct SharedAnalysis;
template <SparseValue T, SparseIndex I>
struct TunerCandidate;
} // namespace sparse_detail

template <SparseValue T, SparseIndex I>
class PlannedOperator;
template <SparseValue T, SparseIndex I>
class CsrOperator;
template <SparseValue T, SparseIndex I, class Matrix>
class SlicedOperator;

/// A planned product with one CSR matrix; see spmv.hpp.
template <SparseValue T, SparseIndex I>
class RTCG_API Spmv {
public:
    /// Plans products with `a`. InvalidArgument for an unknown team size or slice height, or a layout
    /// (ELL, SELL, merge tiles) larger than the kernels can index.
    explicit Spmv(const CsrMatrix<T, I>& a, const SpmvOptions& options = {});
    /// Plans products with the ELL matrix `a`, in its own layout (SpmvFormat::ell).
    explicit Spmv(const EllMatrix<T, I>& a);
    /// Plans products with the SELL-C-sigma matrix `a`, in its own layout (SpmvFormat::sell).
    explicit Spmv(const SellMatrix<T, I>& a);
    /// y = alpha A x + beta y; see spmv.hpp for what x and y must be.
    void operator()(T alpha, const Array<T>& x, T beta, const Array<T>& y) const;
    /// The kernel chosen.
    SpmvFormat format() const noexcept;
    /// Vector CSR's team size, or the binned form's for its short rows (1 for ELL, merge and SELL).
    std::size_t team_size() const noexcept;
    /// The merge form's work-group and items per work-item (0 for the other formats).
    std::size_t merge_group() const noexcept;
    /// \copydoc merge_group
    std::size_t merge_items() const noexcept;
    /// How the kernels number the columns.
    ColumnOrder column_order() const noexcept;
    /// The columns the merge form's gathers keep in the first-level cache while the others pass it
    /// by (SpmvOptions::cached_columns); 0 where every gather goes through it.
    std::size_t cached_columns() const noexcept;
    /// Whether the merge form reads its values as indices into their table
    /// (SpmvOptions::indexed_values).
    bool indexed_values() const noexcept;
    /// The local-memory carveout the main kernel launches with (SpmvOptions::local_memory_carveout);
    /// empty for the driver's choice.
    std::optional<unsigned> local_memory_carveout() const noexcept;
    /// The statistics the choice was made from.
    const RowStatistics& statistics() const noexcept;
    /// The generated source for `target`, prelude included: the merge form's cached columns read
    /// the others through the prelude's L2-only loads, whose text is the target's (a Dialect
    /// names its dialect's target; codegen::target_of(device) gives a device's).
    std::string source(const codegen::Target& target) const;

private:
    // The solvers' plans (operator.hpp): each product also writes every work-group's share of
    // <x, y> = sum conj(x_k) y_k (the new y) into partials[first + group], for groups() groups
    // (device/kernel/spmv.rtcg, RTCG_SPMV_DOT).
    template <SparseValue, SparseIndex>
    friend class PlannedOperator;
    template <SparseValue, SparseIndex>
    friend class CsrOperator;
    template <SparseValue, SparseIndex, class>
    friend class SlicedOperator;
    Spmv(const CsrMatrix<T, I>& a, const SpmvOptions& options, bool dot);
    // The tuner's candidates (spmv_tuning.cpp) share one renumbering of the columns of `a` (made
    // for the most cached columns among them) and one indexing of its values.
    template <SparseValue, SparseIndex>
    friend struct sparse_detail::TunerCandidate;
    Spmv(const CsrMatrix<T, I>& a, const SpmvOptions& options, bool dot,
         const sparse_detail::SharedAnalysis<T, I>* shared);
    Spmv(const EllMatrix<T, I>& a, bool dot);
    Spmv(const SellMatrix<T, I>& a, bool dot);
    // Where the products run, and the length of x.
    const Context& context() const noexcept;
    std::size_t columns() const noexcept;
    void product_and_dot(T alpha, const Array<T>& x, T beta, const Array<T>& y, const Array<T>& partials,
                         std::size_t first) const;
    std::size_t groups() const noexcept;
    // The binned form's two launches (x at least one element).
    void binned_product(T alpha, const Array<T>& x, T beta, const Array<T>& y, const Array<T>& partials,
                        std::size_t first) const;
    // The CSR matrix multiplied (A^T's copy with SpmvOptions::transpose), in its own column
    // numbering; a plan made from a CSR matrix only.
    const CsrMatrix<T, I>& matrix() const noexcept;
    // 1 / the matrix's diagonal, a new array of its rows (at least one element); a plan made from
    // a CSR matrix only, as below.
    Array<T> inverse_diagonal() const;
    // The inverses of the matrix's diagonal blocks of `block` rows, row-major, block after block
    // (a new array, at least one element); operator.hpp's LinearOperator::inverse_diagonal_blocks.
    Array<T> inverse_diagonal_blocks(std::size_t block) const;

    std::shared_ptr<const detail::SpmvState<T, I>> state_;
};

/// y = alpha A x + beta y with a plan made for this call; `a` a CsrMatrix, EllMatrix or SellMatrix.
template <class Matrix, SparseValue T>
    requires requires(const Matrix& a) { Spmv{a}; }
void spmv(T alpha, const Matrix& a, const Array<T>& x, T beta, const Array<T>& y) {
    const Spmv product(a);
    product(alpha, x, beta, y);
}

} // namespace rtcg
