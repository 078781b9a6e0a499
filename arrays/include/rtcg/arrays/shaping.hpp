#pragma once
/// \file
/// Building arrays from arrays, as numpy's functions of the same names: flip (a view), split
/// (views), concatenate, stack, tile, repeat, roll, pad, diff and clip (new arrays). Each new array
/// is filled by copies of views, one kernel per input piece, on the context's current queue.
///
/// \code
///   auto m = rtcg::concatenate<float>({a, b}, 0);         // numpy.concatenate((a, b), axis=0)
///   auto parts = rtcg::split(m, 4, 1);                     // four views along axis 1
///   auto t = rtcg::tile(row, {3, 1});                      // numpy.tile(row, (3, 1))
///   auto d = rtcg::diff(x);                                // x[1:] - x[:-1]
/// \endcode
///
/// Shapes that do not fit, axes out of range and sections that do not divide an axis are
/// InvalidArgument, naming the shapes or the axis.
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/index.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/core/error.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rtcg {

namespace detail {

/// The index that takes `along` on `axis` and every element of the other axes of `ndim`.
inline std::vector<Index> on_axis(std::size_t ndim, std::size_t axis, Slice along) {
    std::vector<Index> items(ndim, Index(Slice{}));
    items[axis] = along;
    return items;
}

} // namespace detail

/// numpy.flip: the elements along `axis` reversed (along every axis when none is given), a view.
template <class T>
Array<T> flip(const Array<T>& a, std::optional<std::int64_t> axis = std::nullopt) {
    if (!axis) return a.index(std::vector<Index>(a.ndim(), Index(slice(none, none, -1))));
    return a.index(detail::on_axis(a.ndim(), detail::checked_axis("flip", *axis, a.ndim()), slice(none, none, -1)));
}

/// numpy.split: views of `a` along `axis`, cut before each of `cuts` (increasing positions;
/// beyond the axis they give empty pieces, as numpy's).
template <class T>
std::vector<Array<T>> split(const Array<T>& a, const std::vector<std::int64_t>& cuts, std::int64_t axis = 0) {
    const std::size_t k = detail::checked_axis("split", axis, a.ndim());
    std::vector<Array<T>> pieces;
    std::int64_t start = 0;
    for (const std::int64_t cut : cuts) {
        pieces.push_back(a.index(detail::on_axis(a.ndim(), k, slice(start, cut))));
        start = cut;
    }
    pieces.push_back(a.index(detail::on_axis(a.ndim(), k, slice(start, none))));
    return pieces;
}

/// numpy.split into `sections` equal views along `axis`; InvalidArgument unless they divide it.
template <class T>
std::vector<Array<T>> split(const Array<T>& a, std::size_t sections, std::int64_t axis = 0) {
    const std::size_t k = detail::checked_axis("split", axis, a.ndim());
    if (sections == 0 || a.shape()[k] % sections != 0)
        throw InvalidArgument("an axis of extent " + std::to_string(a.shape()[k]) + " does not split into " +
                                  std::to_string(sections) + " equal sections",
                              "split");
    std::vector<std::int64_t> cuts;
    const std::size_t step = a.shape()[k] / sections;
    for (std::size_t s = 1; s < sections; ++s) cuts.push_back(static_cast<std::int64_t>(s * step));
    return split(a, cuts, axis);
}

/// numpy.concatenate: the arrays one after another along `axis`, in a new array. They must have
/// the same number of dimensions and the same extents but along `axis`, and one context.
template <class T>
Array<T> concatenate(const std::vector<Array<T>>& arrays, std::int64_t axis = 0) {
    if (arrays.empty()) throw InvalidArgument("needs at least one array to concatenate", "concatenate");
    const Array<T>& first = arrays.front();
    if (first.ndim() == 0) throw InvalidArgument("0-dimensional arrays cannot be concatenated", "concatenate");
    const std::size_t k = detail::checked_axis("concatenate", axis, first.ndim());
    std::vector<std::size_t> shape = first.shape();
    shape[k] = 0;
    for (const Array<T>& a : arrays) {
        bool fits = a.ndim() == first.ndim() && a.context() == first.context();
        for (std::size_t d = 0; fits && d < shape.size(); ++d) fits = d == k || a.shape()[d] == first.shape()[d];
        if (!fits)
            throw InvalidArgument("an array of shape " + detail::shape_text(a.shape()) +
                                      " cannot be concatenated with one of shape " + detail::shape_text(first.shape()) +
                                      " along axis " + std::to_string(k) +
                                      (a.context() != first.context() ? " (they belong to different contexts)" : ""),
                                  "concatenate");
        shape[k] += a.shape()[k];
    }
    Array<T> out = Array<T>::empty(first.context(), shape);
    std::int64_t start = 0;
    for (const Array<T>& a : arrays) {
        const auto extent = static_cast<std::int64_t>(a.shape()[k]);
        out.index(detail::on_axis(shape.size(), k, slice(start, start + extent))).assign(a);
        start += extent;
    }
    return out;
}

/// numpy.stack: the arrays, all of one shape, along a new axis `axis` of the result.
template <class T>
Array<T> stack(const std::vector<Array<T>>& arrays, std::int64_t axis = 0) {
    if (arrays.empty()) throw InvalidArgument("needs at least one array to stack", "stack");
    std::vector<Array<T>> expanded;
    for (const Array<T>& a : arrays) {
        if (a.shape() != arrays.front().shape())
            throw InvalidArgument("all arrays must have the same shape: " + detail::shape_text(a.shape()) + " and " +
                                      detail::shape_text(arrays.front().shape()),
                                  "stack");
        expanded.push_back(a.expand_dims(axis));
    }
    return concatenate(expanded, axis);
}

/// numpy.tile: `a` repeated `reps[k]` times along axis k (the shorter of the two padded with
/// leading 1s), in a new array.
template <class T>
Array<T> tile(const Array<T>& a, std::vector<std::size_t> reps) {
    const std::size_t ndim = std::max(reps.size(), a.ndim());
    reps.insert(reps.begin(), ndim - reps.size(), 1);
    std::vector<std::size_t> shape(ndim - a.ndim(), 1);
    shape.insert(shape.end(), a.shape().begin(), a.shape().end());
    // (1, s0, 1, s1, ...) broadcast to (r0, s0, r1, s1, ...), copied, then merged pairwise.
    std::vector<std::int64_t> interleaved;
    std::vector<std::size_t> broadcast, result;
    for (std::size_t k = 0; k < ndim; ++k) {
        interleaved.insert(interleaved.end(), {1, static_cast<std::int64_t>(shape[k])});
        broadcast.insert(broadcast.end(), {reps[k], shape[k]});
        result.push_back(reps[k] * shape[k]);
    }
    return a.reshape(std::span<const std::int64_t>(interleaved)).broadcast_to(broadcast).copy().reshape(result);
}

/// numpy.repeat: each element `repeats` times along `axis` (of the flattened array when none).
template <class T>
Array<T> repeat(const Array<T>& a, std::size_t repeats, std::optional<std::int64_t> axis = std::nullopt) {
    const Array<T> source = axis ? a : a.ravel();
    const std::size_t k = detail::checked_axis("repeat", axis.value_or(0), source.ndim());
    std::vector<std::size_t> broadcast = source.shape(), result = source.shape();
    broadcast.insert(broadcast.begin() + static_cast<std::ptrdiff_t>(k) + 1, repeats);
    result[k] *= repeats;
    return source.expand_dims(static_cast<std::int64_t>(k) + 1).broadcast_to(broadcast).copy().reshape(result);
}

/// numpy.roll: the elements shifted by `shift` along `axis` (of the flattened array, reshaped
/// back, when none), those that leave one end coming in at the other, in a new array.
template <class T>
Array<T> roll(const Array<T>& a, std::int64_t shift, std::optional<std::int64_t> axis = std::nullopt) {
    if (!axis) return roll(a.ravel(), shift, 0).reshape(a.shape());
    const std::size_t k = detail::checked_axis("roll", *axis, a.ndim());
    Array<T> out = Array<T>::empty(a.context(), a.shape());
    const auto n = static_cast<std::int64_t>(a.shape()[k]);
    if (n == 0) return out;
    const std::int64_t s = ((shift % n) + n) % n;
    out.index(detail::on_axis(a.ndim(), k, slice(s, none))).assign(a.index(detail::on_axis(a.ndim(), k, slice(none, n - s))));
    out.index(detail::on_axis(a.ndim(), k, slice(none, s))).assign(a.index(detail::on_axis(a.ndim(), k, slice(n - s, none))));
    return out;
}

/// numpy.pad with mode "constant": `widths[k]` elements of `value` before and after axis k.
/// InvalidArgument unless there is one pair per axis.
template <class T>
Array<T> pad(const Array<T>& a, const std::vector<std::pair<std::size_t, std::size_t>>& widths, const T& value = T{}) {
    if (widths.size() != a.ndim())
        throw InvalidArgument(std::to_string(widths.size()) + " pad widths for an array of shape " +
                                  detail::shape_text(a.shape()) + " (one pair per axis)",
                              "pad");
    std::vector<std::size_t> shape = a.shape();
    std::vector<Index> inner;
    for (std::size_t k = 0; k < shape.size(); ++k) {
        inner.emplace_back(slice(static_cast<std::int64_t>(widths[k].first),
                                 static_cast<std::int64_t>(widths[k].first + shape[k])));
        shape[k] += widths[k].first + widths[k].second;
    }
    Array<T> out = Array<T>::full(a.context(), shape, value);
    out.index(inner).assign(a);
    return out;
}

/// numpy.diff: the `n`-th differences along `axis` (a[1:] - a[:-1], n times), in a new array.
template <class T>
Array<T> diff(const Array<T>& a, std::size_t n = 1, std::int64_t axis = -1) {
    const std::size_t k = detail::checked_axis("diff", axis, a.ndim());
    Array<T> out = a;
    for (std::size_t round = 0; round < n && out.shape()[k] > 0; ++round)
        out = Array<T>((out.index(detail::on_axis(a.ndim(), k, slice(1, none))) -
                        out.index(detail::on_axis(a.ndim(), k, slice(none, -1))))
                           .template astype<T>());
    return n == 0 ? a.copy() : out;
}

/// numpy.clip: each element limited to [low, high] (NaN stays NaN), as one fused kernel.
template <class T, Operand L, Operand H>
auto clip(const Array<T>& a, const L& low, const H& high) {
    return minimum(maximum(a, low), high);
}

} // namespace rtcg
