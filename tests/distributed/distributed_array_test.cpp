// BlockPartition on its own, and DistributedArray against host references: scatter and gather,
// reductions and scans over uneven partitions with empty blocks.
#include "distributed_support.hpp"

#include <rtcg/distributed/distributed_array.hpp>
#include <rtcg/distributed/sample_sort.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>

namespace rtcg::test {
namespace {

// Uneven blocks, rank 1's empty (when there is a rank 1).
BlockPartition uneven_partition() {
    std::vector<std::size_t> counts;
    for (int r = 0; r < comm().size(); ++r) counts.push_back(r == 1 ? 0 : static_cast<std::size_t>(200 + 37 * r));
    return BlockPartition::from_counts(counts);
}

template <class T>
std::vector<T> global_values(std::size_t count) {
    std::vector<T> values(count);
    for (std::size_t i = 0; i < count; ++i) values[i] = static_cast<T>(static_cast<int>((i * 29) % 23) - 11);
    return values;
}

} // namespace

TEST_CASE("BlockPartition: even blocks, given blocks, owners past empty blocks") {
    const BlockPartition even = BlockPartition::even(10, 4);
    CHECK(std::vector<std::size_t>(even.counts().begin(), even.counts().end()) == std::vector<std::size_t>{3, 3, 2, 2});
    CHECK(even.offset(2) == 6);
    CHECK(even.size() == 10);
    CHECK(BlockPartition::even(2, 3).count(2) == 0);
    const BlockPartition given = BlockPartition::from_counts({3, 0, 2, 0});
    CHECK(given.owner(2) == 0);
    CHECK(given.owner(3) == 2);
    CHECK(given.owner(4) == 2);
    CHECK_THROWS_AS((void)given.owner(5), InvalidArgument);
    CHECK_THROWS_AS((void)given.count(4), InvalidArgument);
    CHECK_THROWS_AS(BlockPartition::even(5, 0), InvalidArgument);
    CHECK_THROWS_AS(BlockPartition::from_counts({}), InvalidArgument);
    CHECK_THROWS_AS(BlockPartition::from_counts({SIZE_MAX, 1}), InvalidArgument);
}

TEST_CASE("scatter from and gather to every root, with an empty block") {
    const BlockPartition partition = uneven_partition();
    const std::vector<float> values = global_values<float>(partition.size());
    for (int root = 0; root < comm().size(); ++root) {
        CAPTURE(root);
        const auto x = DistributedArray<float>::scatter(
            comm(), comm().rank() == root ? std::span<const float>(values) : std::span<const float>(), root, partition);
        const std::size_t start = partition.offset(comm().rank());
        CHECK(x.local_offset() == start);
        CHECK(x.local().get() == std::vector<float>(values.begin() + static_cast<std::ptrdiff_t>(start),
                                                    values.begin() + static_cast<std::ptrdiff_t>(start + x.local().size())));
        const std::vector<float> back = x.gather(root);
        CHECK(back == (comm().rank() == root ? values : std::vector<float>()));
    }
}

TEST_CASE("reductions over uneven blocks: sum, min, max, dot, norm") {
    const BlockPartition partition = uneven_partition();
    const std::vector<float> values = global_values<float>(partition.size());
    const auto x = DistributedArray<float>::scatter(comm(), values, 0, partition);
    const auto y = DistributedArray<float>::from_local(comm(), x.local().copy());
    CHECK(y.partition() == partition);
    CHECK(sum(x) == std::accumulate(values.begin(), values.end(), 0.0f));
    CHECK(min(x) == *std::min_element(values.begin(), values.end()));
    CHECK(max(x) == *std::max_element(values.begin(), values.end()));
    const float squares = std::inner_product(values.begin(), values.end(), values.begin(), 0.0f);
    CHECK(dot(x, y) == squares);
    CHECK(norm(x) == doctest::Approx(std::sqrt(squares)).epsilon(1e-6));

    const auto nothing = DistributedArray<float>::empty(comm(), 0);
    CHECK(sum(nothing) == 0.0f);
    CHECK_THROWS_AS(min(nothing), InvalidArgument);
    const auto other = DistributedArray<float>::full(comm(), partition.size(), 1.0f);
    if (comm().size() > 1) CHECK_THROWS_AS(dot(x, other), InvalidArgument);
}

TEST_CASE("cumsum and exclusive_cumsum over uneven blocks") {
    const BlockPartition partition = uneven_partition();
    const std::vector<std::int32_t> values = global_values<std::int32_t>(partition.size());
    const auto x = DistributedArray<std::int32_t>::scatter(comm(), values, 0, partition);
    std::vector<std::int32_t> inclusive(values.size()), exclusive(values.size());
    std::partial_sum(values.begin(), values.end(), inclusive.begin());
    std::exclusive_scan(values.begin(), values.end(), exclusive.begin(), 0);
    CHECK(cumsum(x).gather(0) == (comm().rank() == 0 ? inclusive : std::vector<std::int32_t>()));
    CHECK(exclusive_cumsum(x).gather(0) == (comm().rank() == 0 ? exclusive : std::vector<std::int32_t>()));
}

TEST_CASE("sort: a sample sort over uneven blocks, with repeated keys, NaN and an empty array") {
    const BlockPartition partition = uneven_partition();
    std::vector<float> values = global_values<float>(partition.size());
    for (std::size_t i = 0; i < values.size(); i += 17) values[i] = values[i] * 0.5f + 0.25f;
    // NaN in several blocks: the last rank merges runs that each end in NaN.
    const std::vector<std::size_t> nan_at = {1, values.size() / 2, values.size() - 2};
    for (const std::size_t i : nan_at) values[i] = std::nanf("");
    const auto x = DistributedArray<float>::scatter(comm(), values, 0, partition);
    const auto sorted = sort(x);
    CHECK(sorted.size() == values.size());
    const std::vector<float> got = sorted.gather(0);
    if (comm().rank() == 0) {
        std::vector<float> expected = values;
        // numpy's order: NaN after every number.
        std::sort(expected.begin(), expected.end(),
                  [](float a, float b) { return !std::isnan(a) && (std::isnan(b) || a < b); });
        REQUIRE(got.size() == expected.size());
        const auto numbers = static_cast<std::ptrdiff_t>(got.size() - nan_at.size());
        CHECK(std::all_of(got.begin() + numbers, got.end(), [](float v) { return std::isnan(v); }));
        CHECK(std::vector<float>(got.begin(), got.begin() + numbers) ==
              std::vector<float>(expected.begin(), expected.begin() + numbers));
    }
    const std::vector<std::size_t> sizes = comm().all_gather(sorted.local().size());
    CHECK(std::accumulate(sizes.begin(), sizes.end(), std::size_t(0)) == values.size());
    CHECK(sort(DistributedArray<float>::empty(comm(), 0)).size() == 0);
}

TEST_CASE("redistribute: between uneven, even, empty-ended and one-rank partitions, and back") {
    const BlockPartition uneven = uneven_partition();
    const std::vector<std::int32_t> values = global_values<std::int32_t>(uneven.size());
    const auto x = DistributedArray<std::int32_t>::scatter(comm(), values, 0, uneven);
    // The blocks the other way round (the last rank's largest first), everything on the last
    // rank, and even blocks.
    std::vector<std::size_t> reversed(uneven.counts().rbegin(), uneven.counts().rend());
    std::vector<std::size_t> on_last(static_cast<std::size_t>(comm().size()), 0);
    on_last.back() = uneven.size();
    for (const BlockPartition& target : {BlockPartition::from_counts(reversed), BlockPartition::from_counts(on_last),
                                         BlockPartition::even(uneven.size(), comm().size()), uneven}) {
        const auto moved = x.redistribute(target);
        CHECK(moved.partition() == target);
        const std::size_t start = target.offset(comm().rank());
        CHECK(moved.local().get() == std::vector<std::int32_t>(values.begin() + static_cast<std::ptrdiff_t>(start),
                                                               values.begin() + static_cast<std::ptrdiff_t>(
                                                                                    start + target.count(comm().rank()))));
        CHECK(moved.redistribute(uneven).gather(0) == (comm().rank() == 0 ? values : std::vector<std::int32_t>()));
    }
    // A strided block goes as its elements (every other one of a block twice as long), and x is
    // untouched.
    std::vector<std::size_t> twice_counts;
    for (const std::size_t count : uneven.counts()) twice_counts.push_back(2 * count);
    const std::vector<std::int32_t> twice = global_values<std::int32_t>(2 * uneven.size());
    const auto wide = DistributedArray<std::int32_t>::scatter(comm(), twice, 0, BlockPartition::from_counts(twice_counts));
    const auto strided = DistributedArray<std::int32_t>::from_local(comm(), wide.local()(slice(none, none, 2)));
    std::vector<std::int32_t> every_other;
    for (std::size_t i = 0; i < twice.size(); i += 2) every_other.push_back(twice[i]);
    CHECK(strided.redistribute(BlockPartition::from_counts(on_last)).gather(0) ==
          (comm().rank() == 0 ? every_other : std::vector<std::int32_t>()));
    CHECK(x.gather(0) == (comm().rank() == 0 ? values : std::vector<std::int32_t>()));

    CHECK_THROWS_AS(x.redistribute(BlockPartition::even(uneven.size() + 1, comm().size())), InvalidArgument);
    CHECK_THROWS_AS(x.redistribute(BlockPartition::even(uneven.size(), comm().size() + 1)), InvalidArgument);
    if (comm().size() > 1)
        CHECK_THROWS_AS(x.redistribute(comm().rank() == 0 ? uneven : BlockPartition::even(uneven.size(), comm().size())),
                        CollectiveMismatch);
}

TEST_CASE("row blocks of a 3-D array: scatter, gather, reductions, ravel, cumsum, redistribute, refusals") {
    const BlockPartition rows = uneven_partition();
    const std::vector<std::size_t> row_shape{3, 2};
    const std::vector<std::int32_t> values = global_values<std::int32_t>(rows.size() * 6);
    const auto m = DistributedArray<std::int32_t>::scatter(comm(), values, 0, rows, row_shape);
    CHECK(m.shape() == std::vector<std::size_t>{rows.size(), 3, 2});
    CHECK(m.ndim() == 3);
    CHECK(m.size() == values.size());
    CHECK(m.local().shape() == std::vector<std::size_t>{rows.count(comm().rank()), 3, 2});
    const std::size_t first = rows.offset(comm().rank()) * 6;
    CHECK(m.local().get() == std::vector<std::int32_t>(values.begin() + static_cast<std::ptrdiff_t>(first),
                                                       values.begin() + static_cast<std::ptrdiff_t>(first + m.local().size())));
    const std::vector<std::int32_t> none;
    CHECK(m.gather(0) == (comm().rank() == 0 ? values : none));

    CHECK(sum(m) == std::accumulate(values.begin(), values.end(), std::int64_t{0}));
    CHECK(min(m) == *std::min_element(values.begin(), values.end()));
    CHECK(max(m) == *std::max_element(values.begin(), values.end()));
    CHECK(dot(m, m) == std::inner_product(values.begin(), values.end(), values.begin(), std::int32_t{0}));
    CHECK_THROWS_AS(dot(m, DistributedArray<std::int32_t>::full(comm(), rows.size() * 6, 1)), InvalidArgument);

    // ravel: the blocks of elements, in C order, without communication.
    const auto flat = m.ravel();
    CHECK(flat.ndim() == 1);
    CHECK(flat.partition().count(comm().rank()) == rows.count(comm().rank()) * 6);
    CHECK(flat.gather(0) == (comm().rank() == 0 ? values : none));
    std::vector<std::int32_t> running(values.size());
    std::partial_sum(values.begin(), values.end(), running.begin());
    const auto scanned = cumsum(m);
    CHECK(scanned.ndim() == 1);
    CHECK(scanned.gather(0) == (comm().rank() == 0 ? running : none));
    std::vector<std::int32_t> before(values.size());
    std::exclusive_scan(values.begin(), values.end(), before.begin(), 0);
    CHECK(exclusive_cumsum(m).gather(0) == (comm().rank() == 0 ? before : none));

    // Rows move whole: every row on the last rank, then even blocks of rows.
    std::vector<std::size_t> on_last(static_cast<std::size_t>(comm().size()), 0);
    on_last.back() = rows.size();
    const auto gathered = m.redistribute(BlockPartition::from_counts(on_last));
    CHECK(gathered.local().shape() ==
          std::vector<std::size_t>{comm().rank() == comm().size() - 1 ? rows.size() : 0, 3, 2});
    const auto even = gathered.redistribute(BlockPartition::even(rows.size(), comm().size()));
    CHECK(even.shape() == m.shape());
    CHECK(even.gather(0) == (comm().rank() == 0 ? values : none));

    // Shards of one row shape come together; the element-wise work stays local.
    const auto ones = DistributedArray<float>::full(comm(), {7, 4}, 1.0f);
    CHECK(ones.partition() == BlockPartition::even(7, comm().size()));
    auto twice = DistributedArray<float>::empty_like(ones);
    twice.local().assign(2.0f * ones.local());
    CHECK(sum(twice) == 56.0f);
    const auto joined = DistributedArray<float>::from_local(comm(), twice.local());
    CHECK(joined.shape() == std::vector<std::size_t>{7, 4});
    CHECK(joined.gather(0) == (comm().rank() == 0 ? std::vector<float>(28, 2.0f) : std::vector<float>()));

    CHECK_THROWS_WITH_AS(sort(m), doctest::Contains("1-D"), InvalidArgument);
    CHECK_THROWS_AS(DistributedArray<float>::empty(comm(), std::vector<std::size_t>{}), InvalidArgument);
    CHECK_THROWS_AS(DistributedArray<float>::empty(comm(), BlockPartition::even(3, comm().size()),
                                                   {std::numeric_limits<std::size_t>::max() / 2, 2}),
                    InvalidArgument);
    CHECK_THROWS_AS(DistributedArray<float>::from_local(comm(), Array<float>::zeros(comm().context(), std::vector<std::size_t>{})),
                    InvalidArgument);
    if (comm().size() > 1) {
        // Rows of another shape on one rank, of another number of axes on one rank.
        CHECK_THROWS_AS(DistributedArray<float>::from_local(
                            comm(), Array<float>::zeros(comm().context(), {2, comm().rank() == 0 ? 4u : 5u})),
                        CollectiveMismatch);
        CHECK_THROWS_AS(DistributedArray<float>::from_local(
                            comm(), comm().rank() == 0 ? Array<float>::zeros(comm().context(), {2, 4})
                                                       : Array<float>::zeros(comm().context(), 8)),
                        CollectiveMismatch);
    }
}

TEST_CASE("shard-local expressions, and partitions the ranks disagree on") {
    const auto x = DistributedArray<float>::full(comm(), 1001, 2.0f);
    auto y = DistributedArray<float>::empty_like(x);
    y.local().assign(3.0f * x.local() + 1.0f);
    CHECK(sum(y) == 7.0f * 1001);
    if (comm().size() > 1) {
        CHECK_THROWS_AS(DistributedArray<float>::empty(comm(), comm().rank() == 0 ? 10 : 11), CollectiveMismatch);
        CHECK_THROWS_AS(DistributedArray<float>::empty(comm(), BlockPartition::even(10, comm().size() + 1)),
                        InvalidArgument);
    }
}

} // namespace rtcg::test
