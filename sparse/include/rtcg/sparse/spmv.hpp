#pragma once
/// \file
/// Sparse matrix-vector products y = alpha A x + beta y, generated per matrix and device:
///
/// \code
///   rtcg::Spmv<double, int> product(a);            // a: CsrMatrix; compiles, reads the statistics
///   product(1.0, x, 0.0, y);                        // y = A x (y not read when beta is 0)
///   product(2.0, x, 1.0, y);                        // y += 2 A x
///   rtcg::spmv(1.0, a, x, 0.0, y);                  // the same, planning each call
/// \endcode
///
/// Making a Spmv plans the product once: it reads the matrix's row statistics (the mean row
/// length, nnz / rows, and the longest row, found on the device) and picks a kernel:
/// - ELL (SpmvFormat::ell) when every row is about as long as the mean (rows x longest at most
///   1.2 nnz): the matrix is copied once into a slot-major ELL layout on the device;
/// - binned CSR (SpmvFormat::csr_binned) when a few rows are far longer than the mean (the
///   longest above both the work-group size and 16 times the mean: power-law graphs such as
///   R-MAT's): the plan reads the row offsets once and lists the rows longer than a work-group,
///   which get a whole work-group each, apart from the others, which get teams as below, the team
///   chosen from their own mean; so no team waits on a long row;
/// - vector CSR (SpmvFormat::csr_vector) otherwise: a team of work-items per row, the team's size
///   the power of two nearest above the mean row length, from 1 to 32.
/// With SpmvOptions::transpose the products are y = alpha A^T x + beta y (x of rows elements, y of
/// cols), through a transposed copy.
/// The kernel's source has the row count, the team size or the ELL width, and the value and index
/// types written in (sparse/device/kernel/spmv.rtcg); SpmvOptions can force a format or a team.
///
/// x (cols elements) and y (rows elements) are 1-d contiguous arrays of the matrix's value type
/// and context, possibly views; y must not share memory with x. Each fault is an InvalidArgument
/// before anything runs. The product runs on the context's current queue (queue_scope.hpp) and
/// does not wait for it. The plan holds the matrix's arrays (and its ELL copy): it stays valid as
/// long as the plan lives, and the matrix's values may be changed in place between products.
#include <rtcg/arrays/array.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/matrix.hpp>

#include <concepts>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

namespace rtcg {

/// The kernels a Spmv can use; see spmv.hpp.
enum class SpmvFormat { csr_vector, ell, csr_binned };

/// What the plan would otherwise choose.
struct SpmvOptions {
    std::optional<SpmvFormat> format = {}; ///< the kernel; chosen from the statistics when empty
    std::size_t team_size = 0;             ///< (binned) vector CSR's team (1, 2, 4, 8, 16 or 32); 0 chooses
    /// Multiply by A^T: the plan makes a transposed copy of the matrix once (conversion.hpp's
    /// transpose, which waits for the queue) and plans for it as for any matrix.
    bool transpose = false;
};

/// A matrix's row lengths, as a plan reads them.
struct RowStatistics {
    std::size_t rows = 0;    ///< the number of rows
    std::size_t nnz = 0;     ///< the stored entries
    std::size_t longest = 0; ///< the longest row's entries
    /// nnz / rows (0 for no rows).
    double mean() const noexcept { return rows == 0 ? 0.0 : static_cast<double>(nnz) / static_cast<double>(rows); }
};

namespace detail {
template <SparseValue T, SparseIndex I>
struct SpmvState;
} // namespace detail

template <std::floating_point T, SparseIndex I>
class CsrOperator;

/// A planned product with one CSR matrix; see spmv.hpp.
template <SparseValue T, SparseIndex I>
class RTCG_API Spmv {
public:
    /// Plans products with `a`. InvalidArgument for an unknown team size.
    explicit Spmv(const CsrMatrix<T, I>& a, const SpmvOptions& options = {});
    /// y = alpha A x + beta y; see spmv.hpp for what x and y must be.
    void operator()(T alpha, const Array<T>& x, T beta, const Array<T>& y) const;
    /// The kernel chosen.
    SpmvFormat format() const noexcept;
    /// Vector CSR's team size, or the binned form's for its short rows (1 for ELL).
    std::size_t team_size() const noexcept;
    /// The statistics the choice was made from.
    const RowStatistics& statistics() const noexcept;
    /// The generated source in `dialect`, prelude included.
    std::string source(codegen::Dialect dialect) const;

private:
    // The solvers' plan (operator.hpp): each product also writes every work-group's share of
    // x . y (the new y) into partials[first + group], for groups() groups
    // (device/kernel/spmv.rtcg, RTCG_SPMV_DOT).
    template <std::floating_point, SparseIndex>
    friend class CsrOperator;
    Spmv(const CsrMatrix<T, I>& a, const SpmvOptions& options, bool dot);
    void product_and_dot(T alpha, const Array<T>& x, T beta, const Array<T>& y, const Array<T>& partials,
                         std::size_t first) const;
    std::size_t groups() const noexcept;
    // The binned form's two launches (x at least one element).
    void binned_product(T alpha, const Array<T>& x, T beta, const Array<T>& y, const Array<T>& partials,
                        std::size_t first) const;
    // The matrix multiplied (A^T's copy with SpmvOptions::transpose).
    const CsrMatrix<T, I>& matrix() const noexcept;
    // 1 / the matrix's diagonal, a new array of its rows (at least one element).
    Array<T> inverse_diagonal() const;

    std::shared_ptr<const detail::SpmvState<T, I>> state_;
};

/// y = alpha A x + beta y with a plan made for this call.
template <SparseValue T, SparseIndex I>
void spmv(T alpha, const CsrMatrix<T, I>& a, const Array<T>& x, T beta, const Array<T>& y) {
    const Spmv<T, I> product(a);
    product(alpha, x, beta, y);
}

} // namespace rtcg
