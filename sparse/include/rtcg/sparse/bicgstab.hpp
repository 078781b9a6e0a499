#pragma once
/// \file
/// BiCGStab (van der Vorst) for general square operators (operator.hpp), real or complex, with every
/// scalar on the device as in cg.hpp:
///
/// \code
///   rtcg::BiCgStab<double> solver(std::make_shared<const rtcg::CsrOperator<double, int>>(a), {.rtol = 1e-8});
///   rtcg::SolveResult result = solver.solve(b, x);   // x: the first guess, then the solution
/// \endcode
///
/// The solver stops when the residual's norm falls to max(rtol ||b||, atol) (converged; also
/// half-way through an iteration, when ||s|| does), when a quantity it divides by is zero or not
/// a number (breakdown: r^.v, t.t, rho or omega), or after max_iterations (iteration_limit). Per
/// iteration: two products, and seven short kernels (sparse/device/kernel/krylov.rtcg) whose dot
/// products pass through the vector space; the host reads the status asynchronously every
/// check_every iterations, and waits for the queue only when it starts (for ||b||) and ends.
///
/// Complex values (std::complex<float>, std::complex<double>) take the complex iteration, as
/// SciPy's bicgstab does: the dot products are inner products <a, b> = sum conj(a_k) b_k, the
/// shadow residual r^ is r_0, and rho = <r^, r>, alpha, omega = <t, s> / <t, t> and beta are
/// complex; norms and tolerances are real.
///
/// b and x are contiguous vectors of the operator's rows, of its context. Each fault, and options
/// out of range, is an InvalidArgument before anything runs. Work runs on the context's current
/// queue (queue_scope.hpp).
#include <rtcg/arrays/array.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/sparse/matrix.hpp>
#include <rtcg/sparse/operator.hpp>
#include <rtcg/sparse/solver.hpp>

#include <memory>
#include <string>

namespace rtcg {

namespace detail {
template <SparseValue T>
struct BiCgStabState;
} // namespace detail

/// A BiCGStab solver planned for one operator, real or complex; see bicgstab.hpp.
template <SparseValue T>
class RTCG_API BiCgStab {
public:
    /// Plans solves with `a` (square; InvalidArgument otherwise, for a null operator or for
    /// options out of range), its dot products combined by `space` (the single-device VectorSpace
    /// when null). KrylovOptions::restart is not used.
    explicit BiCgStab(std::shared_ptr<const LinearOperator<T>> a, const KrylovOptions& options = {},
                      std::shared_ptr<const VectorSpace<T>> space = {});
    /// Solves A x = b from the guess in `x`, which receives the solution.
    SolveResult solve(const Array<T>& b, const Array<T>& x) const;
    /// The source of the solver's kernels (not the operator's) in `dialect`, prelude included.
    std::string source(codegen::Dialect dialect) const;

private:
    std::shared_ptr<const detail::BiCgStabState<T>> state_;
};

} // namespace rtcg
