#include <rtcg/distributed/partition.hpp>

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cstdint>
#include <string>

namespace rtcg {

BlockPartition::BlockPartition(std::vector<std::size_t> counts) : counts_(std::move(counts)) {
    if (counts_.empty()) throw InvalidArgument("a partition needs at least one rank", "BlockPartition");
    offsets_.reserve(counts_.size() + 1);
    offsets_.push_back(0);
    for (const std::size_t count : counts_) {
        if (count > SIZE_MAX - offsets_.back())
            throw InvalidArgument("the block sizes add up to more than a size_t holds", "BlockPartition");
        offsets_.push_back(offsets_.back() + count);
    }
}

BlockPartition BlockPartition::even(std::size_t n, int ranks) {
    if (ranks <= 0)
        throw InvalidArgument("a partition over " + std::to_string(ranks) + " ranks", "BlockPartition::even");
    const auto p = static_cast<std::size_t>(ranks);
    std::vector<std::size_t> counts(p, n / p);
    for (std::size_t r = 0; r < n % p; ++r) ++counts[r];
    return BlockPartition(std::move(counts));
}

BlockPartition BlockPartition::from_counts(std::vector<std::size_t> counts) { return BlockPartition(std::move(counts)); }

std::size_t BlockPartition::count(int rank) const {
    if (rank < 0 || rank >= ranks())
        throw InvalidArgument("rank " + std::to_string(rank) + " of a partition over " + std::to_string(ranks()),
                              "BlockPartition::count");
    return counts_[static_cast<std::size_t>(rank)];
}

std::size_t BlockPartition::offset(int rank) const {
    if (rank < 0 || rank >= ranks())
        throw InvalidArgument("rank " + std::to_string(rank) + " of a partition over " + std::to_string(ranks()),
                              "BlockPartition::offset");
    return offsets_[static_cast<std::size_t>(rank)];
}

int BlockPartition::owner(std::size_t index) const {
    if (index >= size())
        throw InvalidArgument("index " + std::to_string(index) + " is out of range for " + std::to_string(size()) +
                                  " elements",
                              "BlockPartition::owner");
    // The last offset not beyond index whose block is not empty: upper_bound finds the first
    // offset beyond it, and the block just before holds it.
    const auto next = std::upper_bound(offsets_.begin(), offsets_.end(), index);
    return static_cast<int>(next - offsets_.begin()) - 1;
}

} // namespace rtcg
