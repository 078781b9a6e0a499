#pragma once
/// \file
/// Searching and counting, as numpy's functions of the same names: searchsorted, bincount and
/// histogram.
///
/// \code
///   auto at = rtcg::searchsorted(sorted, values);          // where each value would go
///   auto counts = rtcg::bincount(labels);                  // occurrences of 0, 1, ... max(labels)
///   auto [h, edges] = rtcg::histogram(x, 64);              // 64 equal bins over [min(x), max(x)]
/// \endcode
///
/// Order: numpy's, NaN after every number. Synchronisation: bincount reads the smallest and
/// largest value back (the result's size depends on them), and histogram without a range reads
/// back the smallest and largest; searchsorted and histogram with a range only enqueue. Counts are
/// int64, made with atomic additions.
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/reductions.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace rtcg {

/// Which of the places that keep the order searchsorted gives: the first (left) or the last (right).
enum class Side { left, right };

namespace detail {
/// out[i] = the position of values[i] in the sorted, contiguous, 1-D `sorted`.
RTCG_API void searchsorted(const ArrayData& sorted, const ArrayData& values, const ArrayData& out, Side side);
/// counts[values[i]] += 1 for every i; `counts` is int64, zeroed, long enough.
RTCG_API void count_occurrences(const ArrayData& values, const ArrayData& counts);
/// counts[bin of values[i]] += 1 with numpy's bins over `edges` (float64, contiguous, bins + 1
/// increasing values); values outside [edges[0], edges[bins]] are left out.
RTCG_API void count_in_bins(const ArrayData& values, const ArrayData& edges, const ArrayData& counts);
/// numpy.linspace(low, high, bins + 1), on the host.
RTCG_API std::vector<double> bin_edges(double low, double high, std::size_t bins);
} // namespace detail

/// numpy.searchsorted: for each element of `values`, the position in the sorted 1-D `sorted` where
/// it would go to keep the order (the first such position with Side::left, the last with
/// Side::right), as int64 of `values`' shape.
template <class T>
    requires(std::is_arithmetic_v<T>)
Array<std::int64_t> searchsorted(const Array<T>& sorted, const Array<T>& values, Side side = Side::left) {
    if (sorted.ndim() != 1)
        throw InvalidArgument("the sorted array must be 1-D, not of shape " + detail::shape_text(sorted.shape()),
                              "searchsorted");
    Array<std::int64_t> out = Array<std::int64_t>::empty(values.context(), values.shape());
    detail::searchsorted(ascontiguousarray(sorted).data(), values.data(), out.data(), side);
    return out;
}

/// numpy.bincount: how often each of 0, 1, ..., max(x) occurs in the non-negative integers `x`, at
/// least `minlength` counts. InvalidArgument, naming it, for a negative value.
template <class T>
    requires(std::is_integral_v<T> && !std::is_same_v<T, bool>)
Array<std::int64_t> bincount(const Array<T>& x, std::size_t minlength = 0) {
    std::size_t length = minlength;
    if (x.size() > 0) {
        const T lowest = min(x).get();
        if (lowest < 0)
            throw InvalidArgument("the values must not be negative; the smallest is " + std::to_string(lowest),
                                  "bincount");
        length = std::max(length, static_cast<std::size_t>(max(x).get()) + 1);
    }
    Array<std::int64_t> counts = Array<std::int64_t>::zeros(x.context(), length);
    if (x.size() > 0) detail::count_occurrences(x.data(), counts.data());
    return counts;
}

/// numpy.histogram: the counts of `x` in `bins` equal bins over [low, high] (the last bin closed),
/// over [min(x), max(x)] without a range, and the bins' edges (float64). Values outside the range,
/// and NaN, are not counted. InvalidArgument for no bins, or a range that is not finite and
/// increasing.
template <class T>
    requires(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>)
std::pair<Array<std::int64_t>, Array<double>> histogram(const Array<T>& x, std::size_t bins,
                                                        std::optional<std::pair<double, double>> range = std::nullopt) {
    if (bins == 0) throw InvalidArgument("needs at least one bin", "histogram");
    std::pair<double, double> limits = range.value_or(std::pair<double, double>{0.0, 1.0});
    if (!range && x.size() > 0) limits = {static_cast<double>(min(x).get()), static_cast<double>(max(x).get())};
    if (!(limits.first <= limits.second) || !std::isfinite(limits.first) || !std::isfinite(limits.second))
        throw InvalidArgument("the range [" + std::to_string(limits.first) + ", " + std::to_string(limits.second) +
                                  "] is not finite and increasing",
                              "histogram");
    // numpy widens an empty range by 0.5 each way.
    if (limits.first == limits.second) limits = {limits.first - 0.5, limits.second + 0.5};
    const std::vector<double> edges_host = detail::bin_edges(limits.first, limits.second, bins);
    Array<double> edges = Array<double>::to_device(x.context(), edges_host);
    Array<std::int64_t> counts = Array<std::int64_t>::zeros(x.context(), bins);
    if (x.size() > 0) detail::count_in_bins(x.data(), edges.data(), counts.data());
    return {counts, edges};
}

} // namespace rtcg
