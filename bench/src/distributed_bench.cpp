// rtcg-distributed-bench: the Communicator's all-reduce and broadcast of float32 arrays from 8 bytes
// up, under mpiexec, one rank per device; beside them, this rank's pinned host copy bandwidth
// (device to pinned host and back), the ceiling of the host transport; then the sum all-reduce at
// 8 bytes (latency, at least 200 repetitions) and from 64 MiB to the largest size, doubling
// (all_reduce_sum rows, as bench/torch_allreduce.py measures torch.distributed with NCCL).
//
//   mpiexec -n 2 build/bin/rtcg-distributed-bench [max bytes, default 2^30] [repetitions, default 20]
//
// Rank 0 prints CSV: case,ranks,bytes,transport,seconds (median),algorithm GB/s,bus GB/s. Bus
// bandwidth is nccl-tests' convention: all-reduce moves 2 (p - 1) / p of the bytes per rank,
// broadcast 1; the pinned copy rows count the bytes copied each way.
#include <rtcg/rtcg.hpp>
#include <rtcg/distributed/communicator.hpp>
#include <rtcg/distributed/session.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace {

// The median wall time of `repetitions` runs of `step`, every rank starting together.
double median_seconds(rtcg::Communicator& comm, int repetitions, const std::function<void()>& step) {
    step(); // warm-up: staging buffers grown, kernels and connections made
    std::vector<double> times;
    for (int k = 0; k < repetitions; ++k) {
        comm.barrier();
        const double start = MPI_Wtime();
        step();
        const double mine = MPI_Wtime() - start;
        times.push_back(comm.all_reduce(mine, rtcg::ReduceOp::max)); // the slowest rank's time
    }
    std::nth_element(times.begin(), times.begin() + static_cast<std::ptrdiff_t>(times.size() / 2), times.end());
    return times[times.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    rtcg::MpiSession mpi(argc, argv);
    try {
        const std::size_t max_bytes = argc > 1 ? std::stoull(argv[1]) : std::size_t(1) << 30;
        const int repetitions = argc > 2 ? std::stoi(argv[2]) : 20;
        rtcg::Context ctx = rtcg::rank_context(MPI_COMM_WORLD);
        rtcg::Communicator comm(MPI_COMM_WORLD, ctx);
        const double p = comm.size();
        const char* transport = to_string(comm.transport().chosen);
        if (comm.rank() == 0) {
            std::printf("# %d ranks, rank 0 on %s (%s), transport %s\n", comm.size(), ctx.selector().c_str(),
                        ctx.device().name.c_str(), comm.transport().describe().c_str());
            std::printf("case,ranks,bytes,transport,seconds,algorithm_GBps,bus_GBps\n");
        }
        const auto row = [&](const char* name, std::size_t bytes, double seconds, double bus_factor) {
            if (comm.rank() != 0) return;
            const double algorithm = static_cast<double>(bytes) / seconds / 1e9;
            std::printf("%s,%d,%zu,%s,%.9f,%.3f,%.3f\n", name, comm.size(), bytes, transport, seconds, algorithm,
                        algorithm * bus_factor);
            std::fflush(stdout);
        };
        // Every step waits for its queue: the nccl transport returns once its work is enqueued.
        for (std::size_t bytes = 8; bytes <= max_bytes; bytes *= 8) {
            const auto x = rtcg::Array<float>::full(ctx, bytes / sizeof(float), 1.0f);
            ctx.queue().finish();
            row("all_reduce", bytes, median_seconds(comm, repetitions, [&] {
                    comm.all_reduce(x, rtcg::ReduceOp::max);
                    ctx.queue().finish();
                }),
                2 * (p - 1) / p);
            row("broadcast", bytes, median_seconds(comm, repetitions, [&] {
                    comm.broadcast(x, 0);
                    ctx.queue().finish();
                }),
                1.0);
            rtcg::PinnedHostBuffer host = ctx.allocate_pinned(bytes);
            rtcg::Buffer& device = x.data().buffer();
            row("pinned_read", bytes, median_seconds(comm, repetitions, [&] {
                    ctx.queue().read(device, host.data(), bytes);
                }), 1.0);
            row("pinned_write", bytes, median_seconds(comm, repetitions, [&] {
                    ctx.queue().write(device, host.data(), bytes);
                }), 1.0);
        }
        // nccl-tests' figures: the 8-byte all-reduce's latency over many repetitions, and the sum
        // all-reduce's bus bandwidth from 64 MiB up, doubling.
        const auto sum_row = [&](std::size_t bytes, int times) {
            const auto x = rtcg::Array<float>::full(ctx, bytes / sizeof(float), 1.0f);
            ctx.queue().finish();
            row("all_reduce_sum", bytes, median_seconds(comm, times, [&] {
                    comm.all_reduce(x, rtcg::ReduceOp::sum);
                    ctx.queue().finish();
                }),
                2 * (p - 1) / p);
        };
        sum_row(8, std::max(repetitions, 200));
        for (std::size_t bytes = std::size_t(64) << 20; bytes <= max_bytes; bytes *= 2) sum_row(bytes, repetitions);
        return 0;
    } catch (const std::exception& e) {
        mpi.abort(e.what());
    }
}
