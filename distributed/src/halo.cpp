#include <rtcg/distributed/halo.hpp>

#include "mpi_call.hpp"

#include <algorithm>
#include <exception>
#include <numeric>

namespace rtcg::detail {

void agree_on_failure(Communicator& comm, const std::exception_ptr& failure, const std::string& where) {
    const int failed = comm.all_reduce(failure ? comm.rank() : comm.size(), ReduceOp::min);
    if (failure) std::rethrow_exception(failure);
    if (failed < comm.size())
        throw PeerFailure("rank " + std::to_string(failed) + " failed to set up its part", where, failed);
}

std::vector<std::size_t> stencil_ghosts(const BlockPartition& partition, int rank, std::size_t radius) {
    const std::size_t first = partition.offset(rank);
    const std::size_t end = first + partition.count(rank);
    std::vector<std::size_t> needed;
    if (partition.count(rank) == 0) return needed;
    for (std::size_t i = first - std::min(first, radius); i < first; ++i) needed.push_back(i);
    for (std::size_t i = end; i < std::min(partition.size(), end + std::min(radius, partition.size())); ++i)
        needed.push_back(i);
    return needed;
}

HaloLayout make_halo_layout(Communicator& comm, const BlockPartition& partition, std::span<const std::size_t> needed) {
    const std::string where = "HaloPlan";
    const auto ranks = static_cast<std::size_t>(comm.size());
    HaloLayout layout;
    std::exception_ptr failure;
    try {
        if (partition.ranks() != comm.size())
            throw InvalidArgument("the partition has " + std::to_string(partition.ranks()) + " blocks for " +
                                      std::to_string(comm.size()) + " ranks",
                                  where);
        layout.ghost_indices.assign(needed.begin(), needed.end());
        std::sort(layout.ghost_indices.begin(), layout.ghost_indices.end());
        layout.ghost_indices.erase(std::unique(layout.ghost_indices.begin(), layout.ghost_indices.end()),
                                   layout.ghost_indices.end());
        layout.recv_counts.assign(ranks, 0);
        for (const std::size_t index : layout.ghost_indices) {
            if (index >= partition.size())
                throw InvalidArgument("ghost index " + std::to_string(index) + " is outside the " +
                                          std::to_string(partition.size()) + " elements",
                                      where);
            const int owner = partition.owner(index);
            if (owner == comm.rank())
                throw InvalidArgument("ghost index " + std::to_string(index) + " is in this rank's own block", where);
            ++layout.recv_counts[static_cast<std::size_t>(owner)];
        }
    } catch (...) {
        failure = std::current_exception();
    }
    agree_on_failure(comm, failure, where);

    // Each rank tells each owner how many of its elements it reads, then which.
    std::vector<std::uint64_t> wanted(layout.recv_counts.begin(), layout.recv_counts.end());
    std::vector<std::uint64_t> asked(ranks);
    mpi_check(MPI_Alltoall(wanted.data(), 1, MPI_UINT64_T, asked.data(), 1, MPI_UINT64_T, comm.mpi_comm()),
              "MPI_Alltoall");
    layout.send_counts.assign(asked.begin(), asked.end());
    std::vector<int> recv_bytes, recv_displacements, send_bytes, send_displacements;
    byte_layout(layout.recv_counts, sizeof(std::uint64_t), recv_bytes, recv_displacements);
    byte_layout(layout.send_counts, sizeof(std::uint64_t), send_bytes, send_displacements);
    const std::vector<std::uint64_t> requests(layout.ghost_indices.begin(), layout.ghost_indices.end());
    std::vector<std::uint64_t> requested(
        std::accumulate(layout.send_counts.begin(), layout.send_counts.end(), std::size_t(0)));
    mpi_check(MPI_Alltoallv(requests.data(), recv_bytes.data(), recv_displacements.data(), MPI_BYTE, requested.data(),
                            send_bytes.data(), send_displacements.data(), MPI_BYTE, comm.mpi_comm()),
              "MPI_Alltoallv");
    const std::size_t first = partition.offset(comm.rank());
    layout.send_local_indices.reserve(requested.size());
    for (const std::uint64_t index : requested)
        layout.send_local_indices.push_back(static_cast<std::int64_t>(index - first));
    return layout;
}

} // namespace rtcg::detail
