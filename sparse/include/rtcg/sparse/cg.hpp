#pragma once
/// \file
/// Conjugate gradients for symmetric positive definite operators, or for complex values Hermitian
/// positive definite ones (operator.hpp: a CSR, ELL or SELL-C-sigma matrix, a matrix-free stencil,
/// a distributed matrix), plain or with the Jacobi (inverse diagonal) or, for a stored matrix, the
/// block-Jacobi
/// preconditioner (the inverses of the diagonal blocks of a few consecutive rows, which pays where
/// unknowns are coupled in small groups, several per node):
///
/// \code
///   rtcg::ConjugateGradient<double> solver(a, {.rtol = 1e-8, .preconditioner = rtcg::Preconditioner::jacobi});
///   rtcg::CgResult result = solver.solve(b, x);   // x: the first guess, then the solution
///   if (result.reason != rtcg::CgStop::converged) ...
///   rtcg::cg(a, b, x);                             // the same with default options, planned per call
///   rtcg::cg(a, b, x, {.preconditioner = rtcg::Preconditioner::block_jacobi, .block_size = 3});
///   auto stencil = std::make_shared<const rtcg::StencilOperator<double>>(context, rtcg::poisson_3d_stencil(64));
///   rtcg::ConjugateGradient<double>(stencil).solve(b, x);   // matrix-free (stencil.hpp)
/// \endcode
///
/// The solver stops when the residual's norm ||r|| falls to max(rtol ||b||, atol) (converged), when
/// p^H A p or r^H z is not positive or not a number (breakdown: the operator, or the
/// preconditioner, is not positive definite), or after max_iterations (iteration_limit); the
/// result says which, after how many iterations, with the last residual norm (the recursively
/// updated residual's).
///
/// No iteration waits for the host: alpha, beta and the dot products stay on the device (the
/// kernels are described in sparse/device/kernel/cg.rtcg: per iteration, the product, which also
/// folds p.q when the operator can (LinearOperator::dot_shares), and three short kernels, the
/// vector updates fused with the dot products that follow them). Every dot product's partial sums
/// pass through the vector space's combine before they are folded, which is where a distributed
/// space makes them global: twice per iteration, since p.q must be known before the residual it
/// updates. CgVariant::single_reduction (cg_single_reduction.rtcg) rearranges the iteration after
/// Chronopoulos and Gear so that its three dot products come after one product and are combined
/// at once, with one kernel fewer per iteration; it keeps one more vector (two with Jacobi), and
/// its rounding differs from the textbook recurrences, so it may take an iteration or two more.
///
/// Complex values (std::complex<float>, std::complex<double>) solve Hermitian positive definite
/// systems as SciPy's cg does: the dot products are inner products <a, b> = sum conj(a_k) b_k, and
/// alpha and beta, real in exact arithmetic, are taken from the real parts of r^H z and p^H A p.
/// Jacobi and block-Jacobi precondition complex systems too (the blocks inverted in complex
/// arithmetic); the matrix-free stencil and the distributed operator are real only.
///
/// The device decides when to stop; the host copies the two words of its
/// status asynchronously every check_every iterations and stops enqueuing once a copy says so.
/// Iterations enqueued after the stop change nothing. The solver waits for the queue when it
/// starts (for ||b||) and when it ends.
///
/// b and x are contiguous vectors of the operator's rows, of its context; the operator must be
/// square. Each fault, and options out of range, is an InvalidArgument before anything runs. Work
/// runs on the context's current queue (queue_scope.hpp).
#include <rtcg/arrays/array.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/matrix.hpp>
#include <rtcg/sparse/operator.hpp>
#include <rtcg/sparse/solver.hpp>
#include <rtcg/sparse/spmv.hpp>

#include <cstddef>
#include <memory>
#include <string>

namespace rtcg {

/// The preconditioners ConjugateGradient offers.
enum class Preconditioner {
    identity,    ///< none: plain CG
    jacobi,      ///< z = D^-1 r, D the matrix's diagonal
    block_jacobi ///< z = D^-1 r, D the matrix's diagonal blocks of CgOptions::block_size rows
};

/// The recurrences a ConjugateGradient iterates; see cg.hpp.
enum class CgVariant {
    standard,        ///< the textbook iteration: two reductions (p.q, then r.z and r.r) per iteration
    single_reduction ///< Chronopoulos and Gear's: one reduction (r.z, r.r and z.A z) per iteration
};

/// What a ConjugateGradient solve aims for and may spend.
struct CgOptions {
    double rtol = 1e-6;                                       ///< stop at ||r|| <= rtol ||b|| ...
    double atol = 0;                                          ///< ... or at ||r|| <= atol, whichever is larger
    std::size_t max_iterations = 1000;                        ///< the most iterations
    std::size_t check_every = 8;                              ///< iterations between the host's reads of the status
    Preconditioner preconditioner = Preconditioner::identity; ///< the preconditioner
    /// block_jacobi's rows per block, 1 to max_jacobi_block (spmv.hpp). Blocks start at row 0:
    /// choose the size of the coupled groups (the unknowns per node), or a multiple; blocks that
    /// cut across the groups can need more iterations than Jacobi.
    std::size_t block_size = 4;
    CgVariant variant = CgVariant::standard;                  ///< the recurrences
    SpmvOptions product = {}; ///< how a CSR matrix's product q = A p is planned (spmv.hpp)
};

/// Why a conjugate-gradient solve stopped (solver.hpp's SolveStop).
using CgStop = SolveStop;
/// The outcome of a conjugate-gradient solve (solver.hpp's SolveResult).
using CgResult = SolveResult;

namespace detail {
template <SparseValue T>
struct CgState;
} // namespace detail

/// A conjugate-gradient solver planned for one operator, real or complex; see cg.hpp.
template <SparseValue T>
class RTCG_API ConjugateGradient {
public:
    /// Plans solves with `a` (square; InvalidArgument otherwise, for a null operator, for options
    /// out of range, for Jacobi on an operator without a diagonal, or for block-Jacobi on one
    /// without diagonal blocks or with a singular one), its dot products combined by `space` (the
    /// single-device VectorSpace when null).
    explicit ConjugateGradient(std::shared_ptr<const LinearOperator<T>> a, const CgOptions& options = {},
                               std::shared_ptr<const VectorSpace<T>> space = {});
    /// Plans solves with a CSR matrix, its product planned with options.product.
    template <SparseIndex I>
    explicit ConjugateGradient(const CsrMatrix<T, I>& a, const CgOptions& options = {})
        : ConjugateGradient(std::make_shared<const CsrOperator<T, I>>(a, options.product), options) {}
    /// Plans solves with an ELL matrix, multiplied in its own layout (options.product does not apply).
    template <SparseIndex I>
    explicit ConjugateGradient(const EllMatrix<T, I>& a, const CgOptions& options = {})
        : ConjugateGradient(std::make_shared<const EllOperator<T, I>>(a), options) {}
    /// Plans solves with a SELL-C-sigma matrix, multiplied in its own layout (options.product does
    /// not apply).
    template <SparseIndex I>
    explicit ConjugateGradient(const SellMatrix<T, I>& a, const CgOptions& options = {})
        : ConjugateGradient(std::make_shared<const SellOperator<T, I>>(a), options) {}
    /// Solves A x = b from the guess in `x`, which receives the solution.
    CgResult solve(const Array<T>& b, const Array<T>& x) const;
    /// The source of the solver's kernels (not the operator's) in `dialect`, prelude included.
    std::string source(codegen::Dialect dialect) const;
    /// The operator it solves with.
    const LinearOperator<T>& linear_operator() const noexcept;

private:
    std::shared_ptr<const detail::CgState<T>> state_;
};

/// Solves A x = b from the guess in `x` with a solver planned for this call; `a` a CsrMatrix,
/// EllMatrix or SellMatrix.
template <class Matrix, SparseValue T>
    requires requires(const Matrix& a, const CgOptions& options) { ConjugateGradient<T>(a, options); }
CgResult cg(const Matrix& a, const Array<T>& b, const Array<T>& x, const CgOptions& options = {}) {
    return ConjugateGradient<T>(a, options).solve(b, x);
}

/// Solves A x = b from the guess in `x` with a solver planned for this call.
template <SparseValue T>
CgResult cg(std::shared_ptr<const LinearOperator<T>> a, const Array<T>& b, const Array<T>& x,
            const CgOptions& options = {}) {
    return ConjugateGradient<T>(std::move(a), options).solve(b, x);
}

} // namespace rtcg
