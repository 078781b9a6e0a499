// The sparse library's conjugate-gradient solver on several devices: the 7-point Poisson problem
// on an n x n x n grid (or n x n x (n * ranks) with "weak": n^3 rows per rank), its rows in
// blocks over the ranks, as a DistributedCsrOperator.
//
//   mpiexec -n 4 distributed_cg [n, default 64] [weak | strong] [iterations, default 100]
//                               [standard | single, default standard]
//
// Runs the given number of iterations (or fewer, at a residual of 1e-12) of the textbook CG or of
// its single-reduction variant (one all-reduce an iteration instead of two), prints the time per
// iteration and the transport, and exits non-zero when the solver broke down.
#include <rtcg/distributed/distributed_csr.hpp>
#include <rtcg/distributed/generators.hpp>
#include <rtcg/distributed/session.hpp>
#include <rtcg/rtcg.hpp>
#include <rtcg/sparse/cg.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>

int main(int argc, char** argv) {
    rtcg::MpiSession mpi(argc, argv);
    try {
        const std::size_t n = argc > 1 ? std::stoull(argv[1]) : 64;
        const bool weak = argc > 2 && std::string(argv[2]) == "weak";
        const std::size_t iterations = argc > 3 ? std::stoull(argv[3]) : 100;
        const bool single = argc > 4 && std::string(argv[4]) == "single";
        rtcg::Context ctx = rtcg::rank_context(MPI_COMM_WORLD);
        rtcg::Communicator comm(MPI_COMM_WORLD, ctx);
        const std::size_t nz = weak ? n * static_cast<std::size_t>(comm.size()) : n;
        // Blocks of whole planes, so that each rank's ghosts are one plane on each side.
        const rtcg::BlockPartition planes = rtcg::BlockPartition::even(nz, comm.size());
        std::vector<std::size_t> counts;
        for (const std::size_t count : planes.counts()) counts.push_back(count * n * n);
        const auto partition = rtcg::BlockPartition::from_counts(counts);
        const std::size_t first = partition.offset(comm.rank()), own = partition.count(comm.rank());

        auto a = std::make_shared<const rtcg::DistributedCsrOperator<double, std::int32_t>>(
            comm, partition, rtcg::poisson_3d_rows<double, std::int32_t>(n, n, nz, first, own));
        auto space = std::make_shared<const rtcg::DistributedVectorSpace<double>>(comm);
        rtcg::ConjugateGradient<double> cg(
            a,
            {.rtol = 1e-12,
             .max_iterations = iterations,
             .check_every = 25,
             .variant = single ? rtcg::CgVariant::single_reduction : rtcg::CgVariant::standard},
            space);
        const auto b = rtcg::Array<double>::full(ctx, own, 1.0);
        const auto x = rtcg::Array<double>::zeros(ctx, own);
        cg.solve(b, x); // warm-up: kernels built, transport connected
        x.fill(0.0);
        ctx.queue().finish();
        comm.barrier();
        const double start = MPI_Wtime();
        const rtcg::CgResult result = cg.solve(b, x);
        ctx.queue().finish();
        const double seconds = comm.all_reduce(MPI_Wtime() - start, rtcg::ReduceOp::max);
        const double initial = std::sqrt(static_cast<double>(partition.size()));
        if (comm.rank() == 0)
            std::printf("%zu x %zu x %zu grid (%s) on %d ranks, transport %s, %s CG: %zu iterations, %.3f ms "
                        "each, residual %.3e -> %.3e\n",
                        n, n, nz, weak ? "weak" : "strong", comm.size(), to_string(comm.transport().chosen),
                        single ? "single-reduction" : "standard", result.iterations,
                        1e3 * seconds / static_cast<double>(result.iterations), initial, result.residual_norm);
        // CG minimises the error's energy norm, not the residual's: within a given number of
        // iterations the residual of a large grid may well rise, so only a breakdown or a value
        // that is not a number fails the run.
        return result.reason != rtcg::SolveStop::breakdown && std::isfinite(result.residual_norm) ? 0 : 1;
    } catch (const std::exception& e) {
        mpi.abort(e.what());
    }
}
