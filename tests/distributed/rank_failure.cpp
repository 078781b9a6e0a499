// Rank 1 fails while rank 0 waits for it in a barrier; the job must end (not hang) with the log
// line naming rank 1, whichever way the failure leaves: `unwind` (an exception leaves the
// MpiSession's scope and is caught in main), `uncaught` (it leaves main) or `abort`
// (MpiSession::abort). CTest runs it under mpiexec -n 2 with a time limit.
#include <rtcg/distributed/session.hpp>

#include <cstdio>
#include <stdexcept>
#include <string>

namespace {

int run(int& argc, char**& argv, const std::string& mode) {
    rtcg::MpiSession mpi(argc, argv);
    if (mpi.world_rank() == 1) {
        if (mode == "abort") mpi.abort("rank 1 gives up");
        throw std::runtime_error("rank 1 fails");
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "uncaught") return run(argc, argv, mode);
    try {
        return run(argc, argv, mode);
    } catch (const std::exception& e) {
        std::printf("caught after the session ended: %s\n", e.what());
        return 2;
    }
}
