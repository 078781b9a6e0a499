// Monte-Carlo pi on several devices: `mpiexec -n 4 monte_carlo_pi [samples per rank]`.
// Each rank draws its own points from Philox's stream (one subsequence per rank, so no two ranks
// share numbers), counts those inside the quarter circle on its device, and the counts are summed
// over the ranks. Exits non-zero when the estimate is further from pi than 6 standard errors.
#include <rtcg/rtcg.hpp>
#include <rtcg/distributed/communicator.hpp>
#include <rtcg/distributed/session.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <numbers>
#include <string>

int main(int argc, char** argv) {
    rtcg::MpiSession mpi(argc, argv);
    try {
        const std::size_t samples = argc > 1 ? std::stoull(argv[1]) : std::size_t(1) << 20;
        rtcg::Context ctx = rtcg::rank_context(MPI_COMM_WORLD);
        rtcg::Communicator comm(MPI_COMM_WORLD, ctx);

        rtcg::random::Philox generator(ctx, 20261123, static_cast<std::uint64_t>(comm.rank()));
        const rtcg::Array<float> x = generator.uniform<float>(samples);
        const rtcg::Array<float> y = generator.uniform<float>(samples);
        const std::int64_t inside = rtcg::sum((x * x + y * y < 1.0f).astype<std::int64_t>()).get();
        const std::int64_t total_inside = comm.all_reduce(inside, rtcg::ReduceOp::sum);
        const double total = static_cast<double>(samples) * comm.size();

        const double pi = 4.0 * static_cast<double>(total_inside) / total;
        const double p = std::numbers::pi / 4;
        const double standard_error = 4.0 * std::sqrt(p * (1 - p) / total);
        if (comm.rank() == 0)
            std::printf("pi ~ %.6f from %.0f points on %d ranks (%s, transport %s); error %.2e, standard error %.2e\n",
                        pi, total, comm.size(), ctx.selector().c_str(), to_string(comm.transport().chosen),
                        std::abs(pi - std::numbers::pi), standard_error);
        return std::abs(pi - std::numbers::pi) <= 6 * standard_error ? 0 : 1;
    } catch (const std::exception& e) {
        // The other ranks may be waiting for this one: end them all.
        mpi.abort(e.what());
    }
}
