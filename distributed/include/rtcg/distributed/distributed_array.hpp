#pragma once
/// \file
/// DistributedArray<T>: a 1-D array cut into one block per rank (BlockPartition), or an n-d array
/// (a matrix, say) cut into blocks of rows, each rank's block an ordinary Array on its own device.
///
/// \code
///   auto x = rtcg::DistributedArray<float>::full(comm, 1'000'000, 1.0f);   // even blocks
///   auto y = rtcg::DistributedArray<float>::empty_like(x);
///   y.local().assign(2.0f * x.local() + 1.0f);     // shard-local: one fused kernel per rank
///   float total = rtcg::sum(y);                    // local sums, then all-reduced
///   auto running = rtcg::cumsum(y);                // local scans + exclusive scan of the totals
///   std::vector<float> all = y.gather(0);          // every element on rank 0, nothing elsewhere
///   auto z = y.redistribute(rtcg::BlockPartition::from_counts(counts));   // other blocks
///   auto m = rtcg::DistributedArray<float>::full(comm, {4096, 512}, 0.0f);  // row blocks of a matrix
///   auto row_sums = rtcg::sum(m.local(), {.axes = 1});                      // per-row work, local
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
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace rtcg {

/// A 1-D array in blocks over the ranks of a Communicator, or an n-d array in blocks of its rows
/// (first axis); see distributed_array.hpp.
template <class T>
class DistributedArray {
public:
    /// The element type.
    using value_type = T;

    /// `partition`'s block of this rank, not initialised. Without `row_shape`, a 1-D array of
    /// partition.size() elements; with it, an array of shape (partition.size(), row_shape...)
    /// whose rows the partition deals out. InvalidArgument when the partition is for another
    /// number of ranks or the array's size overflows; CollectiveMismatch when the ranks pass
    /// different partitions or row shapes.
    static DistributedArray empty(Communicator& comm, BlockPartition partition, std::vector<std::size_t> row_shape = {}) {
        check_partition(comm, partition);
        check_row_shape(comm, partition, row_shape);
        return allocated(comm, std::move(partition), std::move(row_shape));
    }
    /// `n` elements in even blocks (BlockPartition::even), not initialised.
    static DistributedArray empty(Communicator& comm, std::size_t n) {
        return empty(comm, BlockPartition::even(n, comm.size()));
    }
    /// An array of `shape` (one axis or more) in even blocks of rows, not initialised.
    static DistributedArray empty(Communicator& comm, const std::vector<std::size_t>& shape) {
        if (shape.empty()) throw InvalidArgument("a distributed array has one axis or more", "DistributedArray::empty");
        return empty(comm, BlockPartition::even(shape.front(), comm.size()),
                     std::vector<std::size_t>(shape.begin() + 1, shape.end()));
    }
    /// `n` copies of `value` in even blocks.
    static DistributedArray full(Communicator& comm, std::size_t n, const T& value) {
        DistributedArray array = empty(comm, n);
        array.local_.fill(value);
        return array;
    }
    /// An array of `shape` filled with `value`, in even blocks of rows.
    static DistributedArray full(Communicator& comm, const std::vector<std::size_t>& shape, const T& value) {
        DistributedArray array = empty(comm, shape);
        array.local_.fill(value);
        return array;
    }
    /// An array of `other`'s communicator, partition and shape, not initialised.
    static DistributedArray empty_like(const DistributedArray& other) {
        return DistributedArray(*other.comm_, other.partition_, other.row_shape_,
                                Array<T>::empty(other.comm_->context(), other.local_.shape()));
    }
    /// Each rank's `shard` (of the communicator's context) as its block, in rank order: the
    /// partition is made from the shards' first extents, and every shard's other axes must be
    /// the same (the rows' shape; none for 1-D shards), else CollectiveMismatch. The array shares
    /// the shard's storage.
    static DistributedArray from_local(Communicator& comm, Array<T> shard) {
        if (shard.ndim() == 0)
            throw InvalidArgument("a shard has one axis or more, not a 0-d array", "DistributedArray::from_local");
        const std::vector<std::size_t> counts = comm.all_gather(shard.shape().front());
        BlockPartition partition = BlockPartition::from_counts(counts);
        std::vector<std::size_t> row_shape(shard.shape().begin() + 1, shard.shape().end());
        check_row_shape(comm, partition, row_shape);
        return DistributedArray(comm, std::move(partition), std::move(row_shape), std::move(shard));
    }
    /// Root's `values`, in C order, cut into `partition`'s blocks (of rows of `row_shape`, as
    /// empty() makes them), each sent to its rank. `values` is read on root only, and must hold
    /// every element there.
    static DistributedArray scatter(Communicator& comm, std::span<const T> values, int root, BlockPartition partition,
                                    std::vector<std::size_t> row_shape = {}) {
        DistributedArray array = empty(comm, std::move(partition), std::move(row_shape));
        const BlockPartition& blocks = array.partition_;
        const std::size_t per_row = array.row_elements();
        bool fits = true;
        if (comm.rank() == root) fits = values.size() == array.size();
        if (!comm.all_reduce(static_cast<int>(fits), ReduceOp::min))
            throw InvalidArgument("root " + std::to_string(root) + " holds " +
                                      (comm.rank() == root ? std::to_string(values.size()) : std::string("other")) +
                                      " values for an array of " + std::to_string(array.size()),
                                  "DistributedArray::scatter");
        if (comm.rank() == root) {
            for (int r = 0; r < comm.size(); ++r) {
                const auto block = values.subspan(blocks.offset(r) * per_row, blocks.count(r) * per_row);
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

    /// Every element, in C order, on `root`; an empty vector on the other ranks.
    std::vector<T> gather(int root) const {
        if (comm_->rank() != root) {
            comm_->send(ascontiguousarray(local_), root);
            return {};
        }
        const std::size_t per_row = row_elements();
        std::vector<T> values(size());
        for (int r = 0; r < comm_->size(); ++r) {
            const std::span<T> block(values.data() + partition_.offset(r) * per_row, partition_.count(r) * per_row);
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

    /// The same elements in `target`'s blocks (of rows, for an n-d array): each rank sends the
    /// part of its block that falls in another rank's new block there, in one all_to_all_v, and
    /// keeps the part that stays, so that elements move only between ranks whose old and new
    /// blocks overlap. InvalidArgument when `target` is for another number of ranks or rows;
    /// CollectiveMismatch when the ranks pass different ones.
    DistributedArray redistribute(BlockPartition target) const {
        // Agreed first, so that every rank throws the size error below or none does.
        check_partition(*comm_, target);
        if (target.size() != partition_.size())
            throw InvalidArgument("a partition of " + std::to_string(target.size()) + " rows for an array of " +
                                      std::to_string(partition_.size()),
                                  "DistributedArray::redistribute");
        DistributedArray result = allocated(*comm_, target, row_shape_);
        const int me = comm_->rank();
        const std::size_t ranks = static_cast<std::size_t>(comm_->size());
        const std::size_t per_row = row_elements();
        // What rank r's block in `to` shares with rank s's block in `from`: blocks are consecutive
        // ranges of the same rows, so this is the length of the ranges' intersection.
        const auto shared = [](const BlockPartition& from, int s, const BlockPartition& to, int r) {
            const std::size_t begin = std::max(from.offset(s), to.offset(r));
            const std::size_t end = std::min(from.offset(s) + from.count(s), to.offset(r) + to.count(r));
            return end > begin ? end - begin : std::size_t{0};
        };
        std::vector<std::size_t> send_counts(ranks), recv_counts(ranks);
        for (int r = 0; r < comm_->size(); ++r) {
            send_counts[static_cast<std::size_t>(r)] = shared(partition_, me, result.partition_, r) * per_row;
            recv_counts[static_cast<std::size_t>(r)] = shared(partition_, r, result.partition_, me) * per_row;
        }
        comm_->all_to_all_v(ascontiguousarray(local_), send_counts, result.local_, recv_counts);
        return result;
    }

    /// The elements in C order as a 1-D array whose blocks are this array's blocks of elements:
    /// each rank's block is its local().ravel() (a view where the block is contiguous, else a
    /// copy). The array itself for a 1-D array. Local: no communication.
    DistributedArray ravel() const {
        if (ndim() == 1) return *this;
        const std::size_t per_row = row_elements();
        std::vector<std::size_t> counts;
        for (const std::size_t rows : partition_.counts()) counts.push_back(rows * per_row);
        return DistributedArray(*comm_, BlockPartition::from_counts(std::move(counts)), {}, local_.ravel());
    }

    /// This rank's block.
    const Array<T>& local() const noexcept { return local_; }
    /// This rank's block, for writing into it (`x.local().assign(expression)`).
    Array<T>& local() noexcept { return local_; }
    /// The blocks of every rank: of elements for a 1-D array, of rows for an n-d one.
    const BlockPartition& partition() const noexcept { return partition_; }
    /// The number of elements over all ranks.
    std::size_t size() const noexcept { return partition_.size() * row_elements(); }
    /// The number of axes.
    std::size_t ndim() const noexcept { return 1 + row_shape_.size(); }
    /// The shape of the whole array: the rows over all ranks, then the rows' shape.
    std::vector<std::size_t> shape() const {
        std::vector<std::size_t> extents{partition_.size()};
        extents.insert(extents.end(), row_shape_.begin(), row_shape_.end());
        return extents;
    }
    /// The shape of one row (of one element, empty, for a 1-D array).
    const std::vector<std::size_t>& row_shape() const noexcept { return row_shape_; }
    /// The global index of this rank's first element (first row, for an n-d array).
    std::size_t local_offset() const { return partition_.offset(comm_->rank()); }
    /// The communicator the array lives on.
    Communicator& communicator() const noexcept { return *comm_; }

private:
    DistributedArray(Communicator& comm, BlockPartition partition, std::vector<std::size_t> row_shape, Array<T> local)
        : comm_(&comm), partition_(std::move(partition)), row_shape_(std::move(row_shape)), local_(std::move(local)) {}

    // An array of `partition`'s blocks of rows of `row_shape`, both agreed on already, not
    // initialised: this rank's block is allocated, nothing is communicated.
    static DistributedArray allocated(Communicator& comm, BlockPartition partition, std::vector<std::size_t> row_shape) {
        std::vector<std::size_t> local_shape{partition.count(comm.rank())};
        local_shape.insert(local_shape.end(), row_shape.begin(), row_shape.end());
        Array<T> local = Array<T>::empty(comm.context(), std::move(local_shape));
        return DistributedArray(comm, std::move(partition), std::move(row_shape), std::move(local));
    }

    // The elements of one row (1 for a 1-D array); check_row_shape made sure it does not overflow.
    std::size_t row_elements() const noexcept {
        std::size_t elements = 1;
        for (const std::size_t extent : row_shape_) elements *= extent;
        return elements;
    }

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

    // Every rank's rows have the same shape, and the whole array's size is a size_t.
    static void check_row_shape(Communicator& comm, const BlockPartition& partition,
                                const std::vector<std::size_t>& row_shape) {
        const auto mismatch = [&](int r, const std::string& theirs, const std::string& mine) {
            return CollectiveMismatch("rank " + std::to_string(r) + "'s rows are " + theirs + ", rank " +
                                          std::to_string(comm.rank()) + "'s " + mine,
                                      "DistributedArray");
        };
        const std::vector<std::size_t> axes = comm.all_gather(row_shape.size());
        for (int r = 0; r < comm.size(); ++r)
            if (axes[static_cast<std::size_t>(r)] != row_shape.size())
                throw mismatch(r, "of " + std::to_string(axes[static_cast<std::size_t>(r)]) + " axes",
                               "of " + std::to_string(row_shape.size()));
        for (std::size_t axis = 0; axis < row_shape.size(); ++axis) {
            const std::vector<std::size_t> extents = comm.all_gather(row_shape[axis]);
            for (int r = 0; r < comm.size(); ++r)
                if (extents[static_cast<std::size_t>(r)] != row_shape[axis])
                    throw mismatch(r, "of extent " + std::to_string(extents[static_cast<std::size_t>(r)]) +
                                          " on their axis " + std::to_string(axis + 1),
                                   std::to_string(row_shape[axis]));
        }
        std::size_t elements = partition.size();
        for (const std::size_t extent : row_shape) {
            if (extent != 0 && elements > std::numeric_limits<std::size_t>::max() / extent)
                throw InvalidArgument("an array of " + std::to_string(partition.size()) + " rows of shape " +
                                          detail::shape_text(row_shape) + " has more elements than a size_t counts",
                                      "DistributedArray");
            elements *= extent;
        }
    }

    Communicator* comm_;
    BlockPartition partition_;
    std::vector<std::size_t> row_shape_;
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

/// The sum of the products of the elements of two arrays of one shape and partition (numpy's vdot,
/// for real types). InvalidArgument for different shapes or partitions.
template <detail::DistributedReal T>
auto dot(const DistributedArray<T>& a, const DistributedArray<T>& b) {
    if (!(a.partition() == b.partition()) || a.row_shape() != b.row_shape())
        throw InvalidArgument("dot of arrays of different shapes or partitions", "rtcg::dot");
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
/// scanned (exclusive) over the ranks, and each block adds the total of the blocks before it. An
/// n-d array is scanned in C order, as numpy does, into a 1-D array in the blocks of x.ravel().
template <detail::DistributedReal T>
DistributedArray<T> cumsum(const DistributedArray<T>& x) {
    if (x.ndim() != 1) return cumsum(x.ravel());
    const Array<T> running = rtcg::cumsum(x.local());
    const T before = x.communicator().exclusive_scan(detail::last_or_zero(running), ReduceOp::sum);
    DistributedArray<T> result = DistributedArray<T>::empty_like(x);
    result.local().assign(running + before);
    return result;
}

/// The exclusive running sum: element i is the sum of the elements before it (0 for the first);
/// n-d arrays in C order, as cumsum.
template <detail::DistributedReal T>
DistributedArray<T> exclusive_cumsum(const DistributedArray<T>& x) {
    if (x.ndim() != 1) return exclusive_cumsum(x.ravel());
    const Array<T> running = rtcg::exclusive_cumsum(x.local());
    const T total = detail::last_or_zero(running) + detail::last_or_zero(x.local());
    const T before = x.communicator().exclusive_scan(total, ReduceOp::sum);
    DistributedArray<T> result = DistributedArray<T>::empty_like(x);
    result.local().assign(running + before);
    return result;
}

} // namespace rtcg
