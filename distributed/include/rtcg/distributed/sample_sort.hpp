#pragma once
/// \file
/// rtcg::sort of a DistributedArray: a sample sort. Each rank sorts its block (rtcg::sort, the
/// radix sort), draws evenly spaced samples from it, and the ranks agree on p - 1 splitters from
/// all the samples; each rank then sends rank j the elements between splitters j - 1 and j
/// (all_to_all_v) and sorts what it receives (a radix sort of the p sorted runs is faster than
/// merging them); on one rank the sorted block is the result.
///
/// \code
///   auto sorted = rtcg::sort(x);          // collective; sorted.gather(0) is numpy.sort(x)
/// \endcode
///
/// The result's blocks are the buckets between splitters, so its partition follows the data: with
/// well-spread keys each rank holds about n / p elements, with many equal keys the bucket of the
/// repeated key is larger. Elements equal to a splitter go to the later rank; NaN goes last, as in
/// numpy.
#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/counting.hpp>
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/reductions.hpp>
#include <rtcg/distributed/distributed_array.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace rtcg {

namespace detail {

/// The samples each rank draws from its sorted block.
inline constexpr std::size_t samples_per_rank = 32;

/// p - 1 splitters from every rank's samples of its sorted block `sorted`: the samples' quantiles
/// k / p (NaN samples left out, so that NaN goes to the last rank).
template <class T>
std::vector<T> splitters(Communicator& comm, const Array<T>& sorted) {
    struct Sample {
        T value;
        int present;
    };
    std::array<Sample, samples_per_rank> mine{};
    const std::size_t m = sorted.size();
    for (std::size_t k = 0; k < samples_per_rank && m > 0; ++k) {
        const std::size_t position = (2 * k + 1) * m / (2 * samples_per_rank);
        const T value = sorted(static_cast<std::int64_t>(position)).item();
        bool usable = true;
        if constexpr (std::is_floating_point_v<T>) usable = !std::isnan(value);
        mine[k] = {value, usable ? 1 : 0};
    }
    std::vector<T> all;
    for (const auto& samples : comm.all_gather(mine))
        for (const Sample& sample : samples)
            if (sample.present) all.push_back(sample.value);
    std::sort(all.begin(), all.end());
    std::vector<T> result;
    const auto p = static_cast<std::size_t>(comm.size());
    for (std::size_t k = 1; k < p && !all.empty(); ++k) result.push_back(all[k * all.size() / p]);
    return result;
}

} // namespace detail

/// The elements of 1-D `x` in ascending order, as a DistributedArray whose blocks are sample
/// sort's buckets (see sample_sort.hpp). Collective. InvalidArgument for an n-d array.
template <detail::DistributedReal T>
DistributedArray<T> sort(const DistributedArray<T>& x) {
    // The ranks agreed on the shape when the array was made, so they all throw here or none does.
    if (x.ndim() != 1)
        throw InvalidArgument("sort takes a 1-D distributed array, not one of " + std::to_string(x.ndim()) +
                                  " axes: sort(x.ravel()) sorts every element, rtcg::sort(x.local()) each row",
                              "rtcg::sort");
    Communicator& comm = x.communicator();
    const auto p = static_cast<std::size_t>(comm.size());
    const Array<T> sorted = x.local().size() ? rtcg::sort(x.local()) : x.local();
    if (p == 1) return DistributedArray<T>::from_local(comm, sorted);
    const std::vector<T> bounds = detail::splitters(comm, sorted);

    // This rank's elements below each splitter (a binary search of the sorted block for each); as
    // the block is sorted, the buckets follow in order.
    std::vector<std::size_t> below;
    if (!bounds.empty() && sorted.size() != 0)
        for (const std::int64_t count : searchsorted(sorted, Array<T>::to_device(comm.context(), bounds)).get())
            below.push_back(static_cast<std::size_t>(count));
    // Without usable samples (every block empty, or all NaN) there are no splitters: everything goes
    // to rank 0.
    below.resize(p - 1, sorted.size());
    std::vector<std::uint64_t> send_counts(p);
    std::size_t start = 0;
    for (std::size_t j = 0; j < p; ++j) {
        const std::size_t end = j + 1 < p ? below[j] : sorted.size();
        send_counts[j] = end - start;
        start = end;
    }
    const auto outgoing = Array<std::uint64_t>::to_device(comm.context(), send_counts);
    const auto incoming = Array<std::uint64_t>::empty(comm.context(), p);
    comm.all_to_all(outgoing, incoming);
    const std::vector<std::uint64_t> recv_counts = incoming.get();

    std::size_t received = 0;
    for (const std::uint64_t count : recv_counts) received += count;
    const Array<T> bucket = Array<T>::empty(comm.context(), received);
    const std::vector<std::size_t> send_sizes(send_counts.begin(), send_counts.end());
    const std::vector<std::size_t> recv_sizes(recv_counts.begin(), recv_counts.end());
    comm.all_to_all_v(sorted, send_sizes, bucket, recv_sizes);
    return DistributedArray<T>::from_local(comm, received ? rtcg::sort(bucket) : bucket);
}

} // namespace rtcg
