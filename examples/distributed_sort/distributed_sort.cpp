// Sample sort of random 32-bit keys over several devices:
//
//   mpiexec -n 4 distributed_sort [keys per rank, default 2^20]
//
// Each rank draws its keys from its own Philox subsequence; rtcg::sort of the DistributedArray
// sorts them across the ranks. Prints the keys per second and exits non-zero unless every block
// is sorted, the blocks follow one another in order and no key was lost.
#include <rtcg/distributed/distributed_array.hpp>
#include <rtcg/distributed/sample_sort.hpp>
#include <rtcg/distributed/session.hpp>
#include <rtcg/rtcg.hpp>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <limits>
#include <string>

int main(int argc, char** argv) {
    rtcg::MpiSession mpi(argc, argv);
    try {
        const std::size_t n = argc > 1 ? std::stoull(argv[1]) : std::size_t(1) << 20;
        rtcg::Context ctx = rtcg::rank_context(MPI_COMM_WORLD);
        rtcg::Communicator comm(MPI_COMM_WORLD, ctx);
        rtcg::random::Philox generator(ctx, 20261123, static_cast<std::uint64_t>(comm.rank()));
        const auto keys = rtcg::DistributedArray<std::uint32_t>::from_local(
            comm, generator.integers<std::uint32_t>(n, 0, std::numeric_limits<std::uint32_t>::max()));
        rtcg::sort(keys); // warm-up: kernels built, transport connected
        ctx.queue().finish();
        comm.barrier();
        const double start = MPI_Wtime();
        const rtcg::DistributedArray<std::uint32_t> sorted = rtcg::sort(keys);
        ctx.queue().finish();
        const double seconds = comm.all_reduce(MPI_Wtime() - start, rtcg::ReduceOp::max);

        // Each block sorted, each block's first key at least the last key of the blocks before.
        const rtcg::Array<std::uint32_t>& mine = sorted.local();
        const std::size_t m = mine.size();
        bool ordered = m < 2 || rtcg::all(mine(rtcg::slice(1, rtcg::none)) >= mine(rtcg::slice(rtcg::none, -1))).get();
        const std::uint32_t lowest = m ? mine(0).get().front() : std::numeric_limits<std::uint32_t>::max();
        const std::uint32_t highest = m ? mine(static_cast<std::int64_t>(m) - 1).get().front() : 0;
        const std::uint32_t before = comm.exclusive_scan(highest, rtcg::ReduceOp::max);
        ordered = ordered && (m == 0 || lowest >= before);
        const bool all_ordered = comm.all_reduce(static_cast<int>(ordered), rtcg::ReduceOp::min) == 1;
        const bool complete = comm.all_reduce(m, rtcg::ReduceOp::sum) == n * static_cast<std::size_t>(comm.size());
        if (comm.rank() == 0)
            std::printf("%zu keys per rank on %d ranks, transport %s: %.3f s, %.3e keys/s; %s\n", n, comm.size(),
                        to_string(comm.transport().chosen), seconds, static_cast<double>(n) * comm.size() / seconds,
                        all_ordered && complete ? "sorted" : "NOT SORTED");
        return all_ordered && complete ? 0 : 1;
    } catch (const std::exception& e) {
        mpi.abort(e.what());
    }
}
