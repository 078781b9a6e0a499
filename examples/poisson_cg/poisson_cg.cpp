// The PyCUDA paper's conjugate-gradient solver on a 3-D Poisson problem: the 7-point Laplacian on
// an n x n x n grid (n from the command line, 24 by default), b all ones, solved in float64 with
// Jacobi-preconditioned CG on the device; the solution's residual is then computed on the host
// and must meet the tolerance. RTCG_BACKEND=cuda or RTCG_BACKEND=opencl picks where it runs.
#include <rtcg/rtcg.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    try {
        const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 24;
        if (n == 0 || n > 1024) {
            std::fprintf(stderr, "usage: poisson_cg [grid side, 1 to 1024]\n");
            return 2;
        }
        const auto ctx = rtcg::Context::from_environment();
        std::printf("device: %s (%s)\n", ctx.device().name.c_str(), ctx.selector().c_str());

        const rtcg::HostCsr<double, int> host = rtcg::poisson_3d<double, int>(n);
        const auto a = rtcg::CsrMatrix<double, int>::to_device(ctx, host);
        const std::vector<double> b_host(host.rows, 1.0);
        const auto b = rtcg::Array<double>::to_device(ctx, b_host);
        const auto x = rtcg::Array<double>::zeros(ctx, host.rows);

        constexpr double rtol = 1e-8;
        const rtcg::ConjugateGradient<double> solver(
            a, {.rtol = rtol, .max_iterations = 10 * n + 100, .preconditioner = rtcg::Preconditioner::jacobi});
        const auto start = std::chrono::steady_clock::now();
        const rtcg::CgResult result = solver.solve(b, x);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%zu^3 unknowns, %zu non-zeros: %zu iterations in %.3f s, residual %.3e (%s)\n", n, host.nnz(),
                    result.iterations, seconds, result.residual_norm,
                    result.reason == rtcg::CgStop::converged   ? "converged"
                    : result.reason == rtcg::CgStop::breakdown ? "breakdown"
                                                               : "iteration limit");

        // The residual of the solution itself, b - A x, in long double on the host.
        const std::vector<double> solution = x.get();
        long double residual2 = 0;
        for (std::size_t r = 0; r < host.rows; ++r) {
            long double ax = 0;
            for (int k = host.row_offsets[r]; k < host.row_offsets[r + 1]; ++k)
                ax += static_cast<long double>(host.values[static_cast<std::size_t>(k)]) *
                      solution[static_cast<std::size_t>(host.col_indices[static_cast<std::size_t>(k)])];
            residual2 += (b_host[r] - ax) * (b_host[r] - ax);
        }
        const double residual = std::sqrt(static_cast<double>(residual2));
        const double b_norm = std::sqrt(static_cast<double>(host.rows));
        std::printf("host residual ||b - A x|| = %.3e, tolerance %.3e\n", residual, rtol * b_norm);
        // The recursively updated residual drifts from the true one by rounding: allow ten times.
        if (result.reason != rtcg::CgStop::converged || residual > 10 * rtol * b_norm) {
            std::fprintf(stderr, "poisson_cg: the solver did not reach the tolerance\n");
            return 1;
        }
        return 0;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "poisson_cg: %s\n", e.what());
        return 1;
    }
}
