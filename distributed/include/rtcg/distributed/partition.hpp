#pragma once
/// \file
/// BlockPartition: how a 1-D index range of n elements is cut into one contiguous block per rank.
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <span>
#include <vector>

namespace rtcg {

/// Consecutive blocks of a 1-D range, one per rank in rank order; blocks may be uneven or empty.
class RTCG_API BlockPartition {
public:
    /// `n` elements over `ranks` ranks as numpy.array_split cuts them: the first n % ranks blocks
    /// have one element more. InvalidArgument for no ranks.
    static BlockPartition even(std::size_t n, int ranks);
    /// Blocks of the given sizes, one per rank. InvalidArgument for no ranks or a total that
    /// overflows.
    static BlockPartition from_counts(std::vector<std::size_t> counts);

    /// The number of ranks.
    int ranks() const noexcept { return static_cast<int>(counts_.size()); }
    /// The total number of elements.
    std::size_t size() const noexcept { return offsets_.back(); }
    /// Rank r's number of elements. InvalidArgument for a rank out of range.
    std::size_t count(int rank) const;
    /// The global index of rank r's first element. InvalidArgument for a rank out of range.
    std::size_t offset(int rank) const;
    /// Every rank's count, in rank order.
    std::span<const std::size_t> counts() const noexcept { return counts_; }
    /// The rank whose block holds global index `index` (the first non-empty one).
    /// InvalidArgument for an index out of range.
    int owner(std::size_t index) const;

    /// Equal when every block is.
    friend bool operator==(const BlockPartition& a, const BlockPartition& b) noexcept { return a.counts_ == b.counts_; }

private:
    explicit BlockPartition(std::vector<std::size_t> counts);

    std::vector<std::size_t> counts_;
    std::vector<std::size_t> offsets_;
};

} // namespace rtcg
