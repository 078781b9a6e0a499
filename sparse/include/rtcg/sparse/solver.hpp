#pragma once
/// \file
/// What the iterative solvers (cg.hpp, bicgstab.hpp, gmres.hpp) report, and the options the
/// nonsymmetric ones share.
#include <cstddef>

namespace rtcg {

/// Why a solve stopped.
enum class SolveStop {
    converged,       ///< the residual reached the tolerance
    iteration_limit, ///< max_iterations were done first
    breakdown        ///< a quantity the method divides by was zero, negative where it must be positive, or not a number
};

/// The outcome of a solve.
struct SolveResult {
    std::size_t iterations = 0;              ///< the iterations done
    double residual_norm = 0;                ///< ||r|| after the last of them
    SolveStop reason = SolveStop::converged; ///< why it stopped
};

/// What a BiCGStab or GMRES solve aims for and may spend.
struct KrylovOptions {
    double rtol = 1e-6;                ///< stop at ||r|| <= rtol ||b|| ...
    double atol = 0;                   ///< ... or at ||r|| <= atol, whichever is larger
    std::size_t max_iterations = 1000; ///< the most iterations (GMRES: Arnoldi steps, over all restarts)
    std::size_t check_every = 8;       ///< iterations (GMRES: Arnoldi steps) between the host's reads of the status
    std::size_t restart = 30;          ///< GMRES: the Krylov space's dimension m before a restart
};

} // namespace rtcg
