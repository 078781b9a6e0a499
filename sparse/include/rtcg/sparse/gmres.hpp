#pragma once
/// \file
/// Restarted GMRES(m) (Saad and Schultz) for general square operators (operator.hpp), real or
/// complex:
///
/// \code
///   rtcg::Gmres<double> solver(std::make_shared<const rtcg::CsrOperator<double, int>>(a), {.rtol = 1e-8, .restart = 30});
///   rtcg::SolveResult result = solver.solve(b, x);   // x: the first guess, then the solution
/// \endcode
///
/// Each cycle builds an orthonormal basis of up to m Krylov vectors by Arnoldi's process with
/// classical Gram-Schmidt applied twice (as stable as modified Gram-Schmidt, and each pass's dot
/// products one reduction), and reduces the small Hessenberg system by Givens rotations, all on
/// the device (sparse/device/kernel/gmres.rtcg): no step waits for the host, and every dot
/// product passes through the vector space, so a distributed space makes them global. The
/// rotations give the residual's norm after every step: the cycle ends when it reaches the
/// tolerance, max(rtol ||b||, atol), or after m steps; x is then updated, the true residual
/// b - A x taken, and the solver stops (converged) or restarts from it. A step whose new vector
/// vanishes ends the cycle too (the solution lies in the space). A rotation of no length, or a
/// value that is not a number, is a breakdown (converged instead if the true residual after the
/// cycle's update meets the tolerance); max_iterations Arnoldi steps over all cycles end it with
/// iteration_limit. The result reports the steps done and the last true residual's norm.
///
/// Complex values (std::complex<float>, std::complex<double>) take the complex process, as SciPy's
/// gmres does: the Hessenberg entries are inner products <V_i, w> = sum conj(V_i) w, and the
/// Givens rotations are unitary, c = a / sqrt(|a|^2 + |b|^2) complex and s = b / sqrt(...) real (b
/// = ||w||), so that R's diagonal stays real and positive; norms and tolerances are real.
///
/// The host copies the device's status asynchronously every check_every steps and at each
/// cycle's end, and moves on to the next cycle, or stops, once a copy says so; the steps it
/// enqueued after the device closed a cycle change nothing, but each still applies the operator.
/// It waits for a copy only when it is 2 check_every steps ahead of it, and for the queue when it
/// starts (for ||b||) and when it ends.
///
/// b and x are contiguous vectors of the operator's rows, of its context. Each fault, and options
/// out of range (restart 0 or above 4096 among them), is an InvalidArgument before anything runs.
/// Work runs on the context's current queue (queue_scope.hpp).
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
struct GmresState;
} // namespace detail

/// A GMRES(m) solver planned for one operator, real or complex; see gmres.hpp.
template <SparseValue T>
class RTCG_API Gmres {
public:
    /// Plans solves with `a` (square; InvalidArgument otherwise, for a null operator, or for
    /// options out of range), its dot products combined by `space` (the single-device VectorSpace
    /// when null). KrylovOptions::check_every is not used: every step reads its dot products.
    explicit Gmres(std::shared_ptr<const LinearOperator<T>> a, const KrylovOptions& options = {},
                   std::shared_ptr<const VectorSpace<T>> space = {});
    /// Solves A x = b from the guess in `x`, which receives the solution.
    SolveResult solve(const Array<T>& b, const Array<T>& x) const;
    /// The source of the solver's kernels (not the operator's) in `dialect`, prelude included.
    std::string source(codegen::Dialect dialect) const;

private:
    std::shared_ptr<const detail::GmresState<T>> state_;
};

} // namespace rtcg
