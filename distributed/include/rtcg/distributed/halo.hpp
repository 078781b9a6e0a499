#pragma once
/// \file
/// HaloPlan<T>: the exchange a block-partitioned computation makes every iteration, planned once.
/// Each rank names the global indices it reads but does not own (its ghosts); the plan learns
/// once, with a few small MPI calls, which of its own elements every other rank reads, and then
/// each exchange is one gather kernel and one all-to-all-v through the communicator's transport
/// (NCCL's grouped sends and receives on CUDA ranks): no host work but the call.
///
/// \code
///   auto plan = rtcg::HaloPlan<double>::stencil(comm, partition, nx * ny);   // 3-D 7-point: a plane each side
///   auto ghosts = rtcg::Array<double>::empty(ctx, plan.ghosts());
///   for (...) {
///       plan.exchange(x.local(), ghosts);                // ghosts[k] = x[plan.ghost_indices()[k]]
///       ...
///   }
/// \endcode
///
/// Overlap: exchange runs on the context's current queue (queue_scope.hpp). To overlap it with
/// interior work, run it in a QueueScope of a second queue that first waits for an Event recorded
/// after the data is ready, and make the queue that reads the ghosts wait for an Event recorded
/// after it (DistributedCsrOperator does so).
///
/// exchange is collective: every rank of the communicator calls it, in the same order as its
/// other collectives.
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/indexing.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/distributed/communicator.hpp>
#include <rtcg/distributed/partition.hpp>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <span>
#include <string>
#include <vector>

namespace rtcg {

namespace detail {

/// Who sends what in a halo exchange, found on the host: this rank's ghosts in increasing global
/// order (grouped by owner, rank order), how many it receives from each rank, how many it sends to
/// each, and which of its own elements (local indices) it sends, in rank order.
struct HaloLayout {
    std::vector<std::size_t> ghost_indices;
    std::vector<std::size_t> recv_counts;
    std::vector<std::size_t> send_counts;
    std::vector<std::int64_t> send_local_indices;
};

/// Collective: builds the layout from each rank's `needed` global indices. InvalidArgument (on
/// the rank at fault; PeerFailure on the others) for an index out of range or owned by the rank
/// itself; duplicates are kept once.
RTCG_API HaloLayout make_halo_layout(Communicator& comm, const BlockPartition& partition,
                                     std::span<const std::size_t> needed);

/// Collective: every rank learns whether any failed (`failure` set) before going on. The failed
/// rank rethrows its error; the others throw PeerFailure naming the lowest failed rank.
RTCG_API void agree_on_failure(Communicator& comm, const std::exception_ptr& failure, const std::string& where);

/// The indices within `radius` of this rank's block that other ranks own, for stencil().
RTCG_API std::vector<std::size_t> stencil_ghosts(const BlockPartition& partition, int rank, std::size_t radius);

} // namespace detail

/// A halo exchange of elements of T over a BlockPartition, planned once; see halo.hpp.
template <class T>
class HaloPlan {
public:
    /// Collective: each rank's ghosts are the global indices in `needed` (any order; each at most
    /// once counted). The communicator must outlive the plan. InvalidArgument for an index out of
    /// range or of the rank's own block, or a partition for another number of ranks.
    HaloPlan(Communicator& comm, BlockPartition partition, std::span<const std::size_t> needed)
        : HaloPlan(comm, detail::make_halo_layout(comm, partition, needed), partition) {}
    /// The plan of a 1-D stencil of `radius` over the partition: each rank reads the `radius`
    /// elements before and after its block (fewer at the ends). For a 3-D grid partitioned in
    /// planes of nx * ny elements, a 7-point stencil's radius is nx * ny.
    static HaloPlan stencil(Communicator& comm, BlockPartition partition, std::size_t radius) {
        const std::vector<std::size_t> needed = detail::stencil_ghosts(partition, comm.rank(), radius);
        return HaloPlan(comm, std::move(partition), needed);
    }

    /// The number of ghosts this rank receives.
    std::size_t ghosts() const noexcept { return ghost_indices_.size(); }
    /// The global index of each ghost, increasing: ghosts[k] receives element ghost_indices()[k].
    const std::vector<std::size_t>& ghost_indices() const noexcept { return ghost_indices_; }
    /// The partition the plan is for.
    const BlockPartition& partition() const noexcept { return partition_; }

    /// Collective: `ghosts` (ghosts() elements, contiguous) receives the elements it names from
    /// their owners' `local` (each rank's block, contiguous, partition().count(rank) elements), on
    /// the current queue. InvalidArgument for arrays of other sizes (on that rank; PeerFailure on
    /// the others).
    void exchange(const Array<T>& local, const Array<T>& ghosts) const {
        const std::size_t own = partition_.count(comm_->rank());
        const bool fits = local.size() == own && ghosts.size() == ghost_indices_.size() && local.ndim() == 1;
        const int failed = comm_->all_reduce(fits ? comm_->size() : comm_->rank(), ReduceOp::min);
        if (!fits)
            throw InvalidArgument("the halo plan needs a block of " + std::to_string(own) + " elements and " +
                                      std::to_string(ghost_indices_.size()) + " ghosts, not " +
                                      std::to_string(local.size()) + " and " + std::to_string(ghosts.size()),
                                  "HaloPlan::exchange");
        if (failed < comm_->size())
            throw PeerFailure("rank " + std::to_string(failed) + " passed arrays that do not fit its halo plan",
                              "HaloPlan::exchange", failed);
        if (send_buffer_.size() != 0)
            detail::take(local.data(), local.size(), 1, send_positions_.data(), send_buffer_.data(), IndexMode::clip);
        comm_->all_to_all_v(send_buffer_, send_counts_, ghosts, recv_counts_);
    }

private:
    HaloPlan(Communicator& comm, detail::HaloLayout layout, BlockPartition partition)
        : comm_(&comm), partition_(std::move(partition)), ghost_indices_(std::move(layout.ghost_indices)),
          recv_counts_(std::move(layout.recv_counts)), send_counts_(std::move(layout.send_counts)),
          send_positions_(Array<std::int64_t>::to_device(comm.context(), layout.send_local_indices)),
          send_buffer_(Array<T>::empty(comm.context(), layout.send_local_indices.size())) {}

    Communicator* comm_;
    BlockPartition partition_;
    std::vector<std::size_t> ghost_indices_;
    std::vector<std::size_t> recv_counts_;
    std::vector<std::size_t> send_counts_;
    Array<std::int64_t> send_positions_;
    Array<T> send_buffer_;
};

} // namespace rtcg
