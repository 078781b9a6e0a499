#pragma once
/// \file
/// DistributedArray<T>: a 1-D array cut into one block per rank (BlockPartition), each rank's
/// block an ordinary Array on its own device.
///
/// \code
///   auto x = rtcg::DistributedArray<float>::full(comm, 1'000'000, 1.0f);   // even blocks
///   auto y = rtcg::DistributedArray<float>::empty_like(x);
///   y.local().assign(2.0f * x.local() + 1.0f);     // shard-local: one fused kernel per rank
///   float total = rtcg::sum(y);                    // local sums, then all-reduced
///   auto running = rtcg::cumsum(y);                // local scans + exclusive scan of the totals
///   std::vector<float> all = y.gather(0);          // every element on rank 0, nothing elsewhere
///   auto z = y.redistribute(rtcg::BlockPartition::from_counts(counts));   // other blocks
/// \endcode
///
/// Every function here is collective: each rank of the communicator calls it, with the same
/// arguments where they are global (sizes, roots, partitions), or the call ends in
/// CollectiveMismatch on every rank. The communicator must outlive the arrays made with it.
/// Reductions and scans take real arithmetic types (not bool).
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/reductions.hpp>
#include <rtcg/arrays/scan.hpp>
#include <rtcg/distributed/communicator.hpp>
#include <rtcg/distributed/partition.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace rtcg {

/// A 1-D array in blocks over the ranks of a Communicator; see distributed_array.hpp.
template <class T>
class DistributedArray {
public:
    /// The element type.
    using value_type = T;

    /// `partition`'s block of this rank, not initialised. InvalidArgument when the partition
    /// is for another number of ranks; CollectiveMismatch when the ranks pass different ones.
    static DistributedArray empty(Communicator& comm, BlockPartition partition) {
        check_partition(comm, partition);
        const std::size_t n = partition.count(comm.rank());
        return DistributedArray(comm, std::move(partition), Array<T>::empty(comm.context(), n));
    }
    /// `n` elements in even blocks (BlockPartition::even), not initialised.
    static DistributedArray empty(Communicator& comm, std::size_t n) {
        return empty(comm, BlockPartition::even(n, comm.size()));
    }
    /// `n` copies of `value` in even blocks.
    static DistributedArray full(Communicator& comm, std::size_t n, const T& value) {
        DistributedArray array = empty(comm, n);
        array.local_.fill(value);
        return array;
    }
    /// An array of `other`'s communicator and partition, not initialised.
    static DistributedArray empty_like(const DistributedArray& other) {
        return DistributedArray(*other.comm_, other.partition_, Array<T>::empty(other.comm_->context(), other.local_.size()));
    }
    /// Each rank's `shard` (1-D, of the communicator's context) as its block, in rank order: the
    /// partition is made from the shards' sizes. The array shares the shard's storage.
    static DistributedArray from_local(Communicator& comm, Array<T> shard) {
        if (shard.ndim() != 1)
            throw InvalidArgument("a shard must be 1-D, not of shape " + detail::shape_text(shard.shape()),
                                  "DistributedArray::from_local");
        const std::vector<std::size_t> counts = comm.all_gather(shard.size());
        return DistributedArray(comm, BlockPartition::from_counts(counts), std::move(shard));
    }
    /// Root's `values` cut into `partition`'s blocks, each sent to its rank (`values` is read on
    /// root only, and must hold partition.size() elements there).
    static DistributedArray scatter(Communicator& comm, std::span<const T> values, int root, BlockPartition partition) {
        DistributedArray array = empty(comm, std::move(partition));
        const BlockPartition& blocks = array.partition_;
        bool fits = true;
        if (comm.rank() == root) fits = values.size() == blocks.size();
        if (!comm.all_reduce(static_cast<int>(fits), ReduceOp::min))
            throw InvalidArgument("root " + std::to_string(root) + " holds " +
                                      (comm.rank() == root ? std::to_string(values.size()) : std::string("other")) +
                                      " values for a partition of " + std::to_string(blocks.size()),
                                  "DistributedArray::scatter");
        if (comm.rank() == root) {
            for (int r = 0; r < comm.size(); ++r) {
                const auto block = values.subspan(blocks.offset(r), blocks.count(r));
                if (r == root)
                    array.local_.set(block);
                else
                    comm.send(Array<T>::to_device(comm.context(), block), r);
            }
        } else {
            comm.recv(array.local_, root);
        }
        return array;
    }
    /// Root's `values` in even blocks.
    static DistributedArray scatter(Communicator& comm, std::span<const T> values, int root, std::size_t n) {
        return scatter(comm, values, root, BlockPartition::even(n, comm.size()));
    }

    /// Every element, in order, on `root`; an empty vector on the other ranks.
    std::vector<T> gather(int root) const {
        if (comm_->rank() != root) {
            comm_->send(ascontiguousarray(local_), root);
            return {};
        }
        std::vector<T> values(partition_.size());
        for (int r = 0; r < comm_->size(); ++r) {
            const std::span<T> block(values.data() + partition_.offset(r), partition_.count(r));
            if (r == root) {
                local_.get(block);
            } else {
                const Array<T> incoming = Array<T>::empty(comm_->context(), block.size());
                comm_->recv(incoming, r);
                incoming.get(block);
            }
        }
        return values;
    }

    /// The same elements in `target`'s blocks: each rank sends the part of its block that falls in
    /// another rank's new block there, in one all_to_all_v, and keeps the part that stays, so that
    /// elements move only between ranks whose old and new blocks overlap. InvalidArgument when
    /// `target` is for another number of ranks or elements; CollectiveMismatch when the ranks pass
    /// different ones.
    DistributedArray redistribute(BlockPartition target) const {
        // Agreed first, so that every rank throws the size error below or none does.
        check_partition(*comm_, target);
        if (target.size() != partition_.size())
            throw InvalidArgument("a partition of " + std::to_string(target.size()) + " elements for an array of " +
                                      std::to_string(partition_.size()),
                                  "DistributedArray::redistribute");
        const std::size_t count = target.count(comm_->rank());
        DistributedArray result(*comm_, std::move(target), Array<T>::empty(comm_->context(), count));
        const int me = comm_->rank();
        const std::size_t ranks = static_cast<std::size_t>(comm_->size());
        // What rank r's block in `to` shares with rank s's block in `from`: blocks are consecutive
        // ranges of the same indices, so this is the length of the ranges' intersection.
        const auto shared = [](const BlockPartition& from, int s, const BlockPartition& to, int r) {
            const std::size_t begin = std::max(from.offset(s), to.offset(r));
            const std::size_t end = std::min(from.offset(s) + from.count(s), to.offset(r) + to.count(r));
            return end > begin ? end - begin : std::size_t{0};
        };
        std::vector<std::size_t> send_counts(ranks), recv_counts(ranks);
        for (int r = 0; r < comm_->size(); ++r) {
            send_counts[static_cast<std::size_t>(r)] = shared(partition_, me, result.partition_, r);
            recv_counts[static_cast<std::size_t>(r)] = shared(partition_, r, result.partition_, me);
        }
        comm_->all_to_all_v(ascontiguousarray(local_), send_counts, result.local_, recv_counts);
        return result;
    }

    /// This rank's block.
    const Array<T>& local() const noexcept { return local_; }
    /// This rank's block, for writing into it (`x.local().assign(expression)`).
    Array<T>& local() noexcept { return local_; }
    /// The blocks of every rank.
    const BlockPartition& partition() const noexcept { return partition_; }
    /// The number of elements over all ranks.
    std::size_t size() const noexcept { return partition_.size(); }
    /// The global index of this rank's first element.
    std::size_t local_offset() const { return partition_.offset(comm_->rank()); }
    /// The communicator the array lives on.
    Communicator& communicator() const noexcept { return *comm_; }

private:
    DistributedArray(Communicator& comm, BlockPartition partition, Array<T> local)
        : comm_(&comm), partition_(std::move(partition)), local_(std::move(local)) {}

    static void check_partition(Communicator& comm, const BlockPartition& partition) {
        if (partition.ranks() != comm.size())
            throw InvalidArgument("a partition over " + std::to_string(partition.ranks()) +
                                      " ranks for a communicator of " + std::to_string(comm.size()),
                                  "DistributedArray");
        const std::vector<std::size_t> sizes = comm.all_gather(partition.size());
        const std::vector<std::size_t> mine = comm.all_gather(partition.count(comm.rank()));
        for (int r = 0; r < comm.size(); ++r) {
            const auto k = static_cast<std::size_t>(r);
            if (sizes[k] != partition.size() || mine[k] != partition.count(r))
                throw CollectiveMismatch("rank " + std::to_string(r) + " partitions " + std::to_string(sizes[k]) +
                                             " elements with " + std::to_string(mine[k]) + " of its own, rank " +
                                             std::to_string(comm.rank()) + " " + std::to_string(partition.size()) +
                                             " with " + std::to_string(partition.count(r)) + " for it",
                                         "DistributedArray");
        }
    }

    Communicator* comm_;
    BlockPartition partition_;
    Array<T> local_;
};

namespace detail {

/// The elements' type reductions of DistributedArray<T> take.
template <class T>
concept DistributedReal = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;

/// Every rank's local value of a reduction that empty blocks cannot give (min, max), combined
/// on the host with numpy's rules (a NaN anywhere wins). InvalidArgument when every block is empty.
template <class T, class Local>
T combine_nonempty(const DistributedArray<T>& x, bool take_min, Local local, const char* where) {
    struct Entry {
        T value;
        int present;
    };
    Entry mine{T{}, 0};
    if (x.local().size() != 0) mine = {local(), 1};
    const std::vector<Entry> all = x.communicator().all_gather(mine);
    bool any = false;
    T best{};
    for (const Entry& e : all) {
        if (!e.present) continue;
        if constexpr (std::is_floating_point_v<T>)
            if (std::isnan(e.value)) return e.value;
        if (!any || (take_min ? e.value < best : best < e.value)) best = e.value;
        any = true;
    }
    if (!any) throw InvalidArgument("the array has no elements (numpy raises ValueError too)", where);
    return best;
}

} // namespace detail

/// The sum of every element (of numpy's sum type: int64 for smaller signed integers ...).
template <detail::DistributedReal T>
auto sum(const DistributedArray<T>& x) {
    using R = decltype(rtcg::sum(x.local()).get());
    const R local = x.local().size() ? rtcg::sum(x.local()).get() : R(0);
    return x.communicator().all_reduce(local, ReduceOp::sum);
}

/// The smallest element. InvalidArgument when the array is empty.
template <detail::DistributedReal T>
T min(const DistributedArray<T>& x) {
    return detail::combine_nonempty(x, true, [&] { return rtcg::min(x.local()).get(); }, "rtcg::min");
}

/// The largest element. InvalidArgument when the array is empty.
template <detail::DistributedReal T>
T max(const DistributedArray<T>& x) {
    return detail::combine_nonempty(x, false, [&] { return rtcg::max(x.local()).get(); }, "rtcg::max");
}

/// The dot product of two arrays of one partition. InvalidArgument for different partitions.
template <detail::DistributedReal T>
auto dot(const DistributedArray<T>& a, const DistributedArray<T>& b) {
    if (!(a.partition() == b.partition()))
        throw InvalidArgument("dot of arrays of different partitions", "rtcg::dot");
    using R = decltype(rtcg::dot(a.local(), b.local()).get());
    const R local = a.local().size() ? rtcg::dot(a.local(), b.local()).get() : R(0);
    return a.communicator().all_reduce(local, ReduceOp::sum);
}

/// The Euclidean norm: the square root of the sum of the local norms' squares.
template <detail::DistributedReal T>
auto norm(const DistributedArray<T>& x) {
    using R = decltype(rtcg::norm(x.local()).get());
    const R local = x.local().size() ? rtcg::norm(x.local()).get() : R(0);
    return std::sqrt(x.communicator().all_reduce(local * local, ReduceOp::sum));
}

namespace detail {

/// The last element of a 1-D array's block, or zero for an empty block.
template <class T>
T last_or_zero(const Array<T>& a) {
    return a.size() ? a(static_cast<std::int64_t>(a.size() - 1)).item() : T(0);
}

} // namespace detail

/// numpy.cumsum over the whole array: each rank scans its block, the ranks' block totals are
/// scanned (exclusive) over the ranks, and each block adds the total of the blocks before it.
template <detail::DistributedReal T>
DistributedArray<T> cumsum(const DistributedArray<T>& x) {
    const Array<T> running = rtcg::cumsum(x.local());
    const T before = x.communicator().exclusive_scan(detail::last_or_zero(running), ReduceOp::sum);
    DistributedArray<T> result = DistributedArray<T>::empty_like(x);
    result.local().assign(running + before);
    return result;
}

/// The exclusive running sum: element i is the sum of the elements before it (0 for the first).
template <detail::DistributedReal T>
DistributedArray<T> exclusive_cumsum(const DistributedArray<T>& x) {
    const Array<T> running = rtcg::exclusive_cumsum(x.local());
    const T total = detail::last_or_zero(running) + detail::last_or_zero(x.local());
    const T before = x.communicator().exclusive_scan(total, ReduceOp::sum);
    DistributedArray<T> result = DistributedArray<T>::empty_like(x);
    result.local().assign(running + before);
    return result;
}

} // namespace rtcg
