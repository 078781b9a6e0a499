// rtcg-transports: `mpiexec -n N rtcg-transports` prints, on rank 0, a line per rank: its device and
// the transport its Communicator takes, with why each other one was passed over
// (rtcg/distributed/transports.hpp). A tool of its own, beside rtcg-info, because it needs MPI and
// rtcg::distributed, which rtcg-info, a tool of the core, does not.
#include <rtcg/core/error.hpp>
#include <rtcg/distributed/communicator.hpp>
#include <rtcg/distributed/session.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

// One rank's line, of a fixed size so that Communicator::all_gather can carry it.
struct RankLine {
    std::array<char, 512> text{};
};

RankLine line_of(const std::string& text) {
    RankLine line;
    std::memcpy(line.text.data(), text.data(), std::min(text.size(), line.text.size() - 1));
    return line;
}

} // namespace

int main(int argc, char** argv) {
    if (argc > 1) {
        std::fprintf(stderr, "usage: mpiexec -n N rtcg-transports\n");
        return 2;
    }
    rtcg::MpiSession mpi(argc, argv);
    try {
        const rtcg::Context context = rtcg::rank_context(MPI_COMM_WORLD);
        rtcg::Communicator comm(MPI_COMM_WORLD, context);
        const std::string mine = "rank " + std::to_string(comm.rank()) + " of " + std::to_string(comm.size()) + ": " +
                                 context.device().name + " [" + context.selector() + "]: " +
                                 comm.transport().describe();
        const std::vector<RankLine> lines = comm.all_gather(line_of(mine));
        if (comm.rank() == 0)
            for (const RankLine& line : lines) std::printf("%s\n", line.text.data());
        return 0;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "rank %d: %s\n", mpi.world_rank(), e.what());
        return 1;
    }
}
