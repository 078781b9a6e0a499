// doctest's main for the distributed tests, run under mpiexec: MPI starts, each rank opens its
// device (RTCG_BACKEND as the other test programs; exit 77 on every rank when it is absent) and
// one communicator over MPI_COMM_WORLD, then every rank runs the same test cases in the same order.
#define DOCTEST_CONFIG_IMPLEMENT
#include "distributed_support.hpp"

#include <rtcg/distributed/session.hpp>

#include <doctest/doctest.h>

#include <cstdio>
#include <optional>

namespace rtcg::test {
namespace {

std::optional<Communicator> world;

} // namespace

Communicator& comm() { return *world; }

} // namespace rtcg::test

int main(int argc, char** argv) {
    constexpr int skipped = 77;
    rtcg::MpiSession mpi(argc, argv);
    std::optional<rtcg::Context> context;
    try {
        context = rtcg::rank_context(MPI_COMM_WORLD);
    } catch (const rtcg::BackendUnavailable& e) {
        if (mpi.world_rank() == 0) std::printf("skipped: %s\n", e.what());
        return skipped;
    }
    rtcg::test::world.emplace(MPI_COMM_WORLD, *context);
    if (mpi.world_rank() == 0)
        std::printf("testing on %d ranks, rank 0 on %s, transport %s\n", mpi.world_size(), context->selector().c_str(),
                    rtcg::test::comm().transport().describe().c_str());
    doctest::Context runner(argc, argv);
    // Only rank 0 prints the summary; every rank prints its own failures.
    if (mpi.world_rank() != 0) {
        runner.setOption("no-intro", true);
        runner.setOption("no-version", true);
    }
    const int result = runner.run();
    rtcg::test::world.reset();
    return result;
}
