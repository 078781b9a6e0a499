#pragma once
/// \file
/// Indexing by arrays, as numpy's functions of the same names: take and put with index arrays
/// (modes raise, wrap, clip; along an axis, numpy's integer-array indexing and assignment), boolean masks (extract, compress, copyto with a mask), flatnonzero
/// and nonzero.
///
/// \code
///   auto rows = rtcg::take(m, idx, 0);                          // numpy: m[idx] (or np.take(m, idx, 0))
///   rtcg::put(m, idx, rows * 2.0f, 0);                          // numpy: m[idx] = rows * 2
///   rtcg::put(m, idx, 0, 1);                                    // numpy: m[:, idx] = 0
///   auto picked = rtcg::extract(x > 0.0f, x);                   // numpy: x[x > 0]
///   rtcg::copyto(x, 0.0f, x < 0.0f);                            // numpy: x[x < 0] = 0
///   auto where = rtcg::flatnonzero(x);                          // numpy: np.flatnonzero(x)
/// \endcode
///
/// Synchronisation: take and put with mode raise read back whether an index was out of range,
/// and extract, compress, flatnonzero and nonzero read back how many elements they select (their
/// result's size depends on it), so these wait for the current queue; each of them also writes
/// into a Counted (counted.hpp), keeping the count on the device, and waits for nothing.
/// The one-argument where(condition) is nonzero(condition), as in numpy. An index out of range with
/// mode raise is InvalidArgument naming it, the axis and its extent; put then writes nothing, and
/// take's result is never returned. Nothing is read or written out of bounds in any mode.
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/counted.hpp>
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

namespace rtcg {

/// What take and put do with an index outside [-n, n) of an axis of extent n (negative indices
/// count from the end in every mode): raise, an InvalidArgument; wrap, modulo n; clip, the
/// nearest end (negative indices clip to 0, as numpy's).
enum class IndexMode { raise, wrap, clip };

namespace detail {
/// out = the elements of `source` (contiguous, viewed as (outer, axis_extent, inner)) at
/// `indices` (contiguous, integers) along the middle axis; `out` is contiguous of shape
/// (outer, indices.size(), inner).
RTCG_API void take(const ArrayData& source, std::size_t axis_extent, std::size_t inner, const ArrayData& indices,
                   const ArrayData& out, IndexMode mode);
/// target.flat[indices[k]] = values[k % values.size()], target contiguous. Values or indices in
/// the target's storage are read from copies.
RTCG_API void put(const ArrayData& target, const ArrayData& indices, const ArrayData& values, IndexMode mode);
/// The inverse of take: `target` (contiguous, viewed as (outer, axis_extent, inner)) receives
/// `values` (of shape (outer, indices.size(), inner), any layout) at `indices` (contiguous,
/// integers) along the middle axis. Values or indices in the target's storage are read from copies.
RTCG_API void put_along(const ArrayData& target, std::size_t axis_extent, std::size_t inner, const ArrayData& indices,
                        const ArrayData& values, IndexMode mode);
/// The elements of `source` where `mask` (bool, of its size) holds, in order, to the front of
/// `out` (of source's dtype, at least its size), and how many into `count` (one int64 element).
RTCG_API void extract(const ArrayData& mask, const ArrayData& source, const ArrayData& out, const ArrayData& count);
/// The positions where `mask` (bool) holds, to the front of `out` (int64, at least the mask's
/// size), and how many into `count` (one int64 element).
RTCG_API void flatnonzero(const ArrayData& mask, const ArrayData& out, const ArrayData& count);
} // namespace detail

/// numpy.take: the elements of `a` at `indices` along `axis` (of the flattened array when none):
/// of shape a.shape[:axis] + indices.shape + a.shape[axis+1:].
template <class T, class I>
    requires(std::is_integral_v<I> && !std::is_same_v<I, bool>)
Array<T> take(const Array<T>& a, const Array<I>& indices, std::optional<std::int64_t> axis = std::nullopt,
              IndexMode mode = IndexMode::raise) {
    const Array<T> source = ascontiguousarray(axis ? a : a.ravel());
    const std::int64_t n = static_cast<std::int64_t>(source.ndim());
    if (axis && (*axis < -n || *axis >= n))
        throw InvalidArgument("axis " + std::to_string(*axis) + " is out of bounds for an array of " +
                                  std::to_string(n) + " dimensions",
                              "take");
    const auto k = static_cast<std::size_t>(axis ? (*axis < 0 ? *axis + n : *axis) : 0);
    std::vector<std::size_t> shape(source.shape().begin(), source.shape().begin() + static_cast<std::ptrdiff_t>(k));
    shape.insert(shape.end(), indices.shape().begin(), indices.shape().end());
    shape.insert(shape.end(), source.shape().begin() + static_cast<std::ptrdiff_t>(k) + 1, source.shape().end());
    std::size_t inner = 1;
    for (std::size_t d = k + 1; d < source.ndim(); ++d) inner *= source.shape()[d];
    Array<T> out = Array<T>::empty(a.context(), shape);
    detail::take(source.data(), source.shape()[k], inner, ascontiguousarray(indices).data(), out.data(), mode);
    return out;
}

/// numpy.put: a.flat[indices[k]] = values[k] (values repeated when fewer), in C order of `a`;
/// values that share `a`'s memory are read as they were before the call.
template <class T, class I>
    requires(std::is_integral_v<I> && !std::is_same_v<I, bool>)
void put(const Array<T>& a, const Array<I>& indices, const Array<T>& values, IndexMode mode = IndexMode::raise) {
    if (a.is_contiguous()) return detail::put(a.data(), ascontiguousarray(indices).data(), ascontiguousarray(values).data(), mode);
    // Through a contiguous copy, written back: put addresses the elements in C order.
    Array<T> packed = a.copy();
    detail::put(packed.data(), ascontiguousarray(indices).data(), ascontiguousarray(values).data(), mode);
    Array<T>(a).assign(packed);
}

/// numpy's integer-array assignment on an axis, `a[:, indices] = values` for axis 1 (`a[indices] =
/// values` for axis 0): the slices of `a` along `axis` (negative counts from the end) at `indices`
/// receive `values`, broadcast to take(a, indices, axis)'s shape, a.shape[:axis] + indices.shape +
/// a.shape[axis+1:]. Where an index repeats, one of its values is kept (which one is unspecified;
/// numpy keeps the last). Values that share `a`'s memory are read as they were before the call.
/// InvalidArgument, before anything is written, for an axis out of range, values that do not
/// broadcast, or with mode raise an index out of range. A non-contiguous `a` is written through a
/// contiguous copy.
template <class T, class I, class V>
    requires(std::is_integral_v<I> && !std::is_same_v<I, bool> && std::is_convertible_v<const V&, Array<T>>)
void put(const Array<T>& a, const Array<I>& indices, const V& values_given, std::int64_t axis,
         IndexMode mode = IndexMode::raise) {
    const Array<T> values = values_given; // an expression is evaluated first
    const std::size_t k = detail::checked_axis("put", axis, a.ndim());
    std::vector<std::size_t> shape(a.shape().begin(), a.shape().begin() + static_cast<std::ptrdiff_t>(k));
    shape.insert(shape.end(), indices.shape().begin(), indices.shape().end());
    shape.insert(shape.end(), a.shape().begin() + static_cast<std::ptrdiff_t>(k) + 1, a.shape().end());
    if (values.context() != a.context()) throw InvalidArgument("the values belong to another context than the array", "put");
    const Array<T> spread = values.broadcast_to(shape);
    std::size_t inner = 1;
    for (std::size_t d = k + 1; d < a.ndim(); ++d) inner *= a.shape()[d];
    const Array<I> positions = ascontiguousarray(indices);
    if (a.is_contiguous())
        return detail::put_along(a.data(), a.shape()[k], inner, positions.data(), spread.data(), mode);
    Array<T> packed = a.copy();
    detail::put_along(packed.data(), a.shape()[k], inner, positions.data(), spread.data(), mode);
    Array<T>(a).assign(packed);
}

/// put along `axis` with one value for every slice it writes (numpy's `a[:, indices] = value`).
template <class T, class I>
    requires(std::is_integral_v<I> && !std::is_same_v<I, bool>)
void put(const Array<T>& a, const Array<I>& indices, const std::type_identity_t<T>& value, std::int64_t axis,
         IndexMode mode = IndexMode::raise) {
    put(a, indices, Array<T>::full(a.context(), std::vector<std::size_t>{}, value), axis, mode);
}

/// numpy.extract into a Counted (counted.hpp): the elements where `condition` holds, in C order,
/// to the front of `into.values`, and their number to `into.count`, without waiting for the
/// device. InvalidArgument unless the shapes are equal and `into` has room for a.size() elements.
template <class T, class C>
void extract(const C& condition, const Array<T>& a, const Counted<T>& into) {
    const Array<bool> mask = ascontiguousarray(Array<bool>(condition));
    if (mask.shape() != a.shape())
        throw InvalidArgument("a mask of shape " + detail::shape_text(mask.shape()) +
                                  " cannot select from an array of shape " + detail::shape_text(a.shape()),
                              "extract");
    detail::extract(mask.data(), ascontiguousarray(a).data(), into.values.data(), into.count.data());
}

/// numpy.extract (numpy's `a[mask]` for a mask of a's shape): the elements where `condition`
/// holds, in C order, as a 1-D array; its size depends on the data, so this waits for the device.
/// InvalidArgument unless the shapes are equal.
template <class T, class C>
Array<T> extract(const C& condition, const Array<T>& a) {
    const auto into = Counted<T>::room(a.context(), a.size());
    extract(condition, a, into);
    return into.trimmed();
}

namespace detail {
// The axis of `a` that compress takes `condition` along, checked: `condition` 1-D and no longer
// than the axis.
template <class T>
std::size_t compress_axis(const Array<bool>& condition, const Array<T>& a, std::int64_t axis) {
    if (condition.ndim() != 1)
        throw InvalidArgument("the condition must be 1-D, not of shape " + shape_text(condition.shape()), "compress");
    const std::size_t k = checked_axis("compress", axis, a.ndim());
    if (condition.size() > a.shape()[k])
        throw InvalidArgument("a condition of " + std::to_string(condition.size()) + " elements is longer than axis " +
                                  std::to_string(k) + " of shape " + shape_text(a.shape()),
                              "compress");
    return k;
}
} // namespace detail

/// numpy.compress with an axis into a Counted (counted.hpp), without waiting: the slices along
/// `axis` where the 1-D `condition` holds (it may be shorter than the axis: the rest are left out)
/// to the front of `into.values` along its axis, their number to `into.count`. `into` is
/// Counted<T>::room(ctx, shape, axis) for a's shape with shape[axis] = condition.size(); the
/// entries past the count are unspecified.
template <class T>
void compress(const Array<bool>& condition, const Array<T>& a, std::int64_t axis, const Counted<T>& into) {
    const std::size_t k = detail::compress_axis(condition, a, axis);
    std::vector<std::size_t> room = a.shape();
    room[k] = condition.size();
    if (into.axis != k || into.values.shape() != room || !into.values.is_contiguous() || into.count.size() != 1)
        throw InvalidArgument("the room must be contiguous of shape " + detail::shape_text(room) + " along axis " +
                                  std::to_string(k) + ", with one count, not of shape " +
                                  detail::shape_text(into.values.shape()) + " along axis " + std::to_string(into.axis),
                              "compress");
    const auto positions = Counted<std::int64_t>::room(a.context(), condition.size());
    detail::flatnonzero(condition.data(), positions.values.data(), positions.count.data());
    // The positions past the count are unspecified: clipped, their slices stay in bounds.
    const Array<T> source = ascontiguousarray(a);
    std::size_t inner = 1;
    for (std::size_t d = k + 1; d < source.ndim(); ++d) inner *= source.shape()[d];
    detail::take(source.data(), source.shape()[k], inner, positions.values.data(), into.values.data(), IndexMode::clip);
    Array<std::int64_t>(into.count).assign(positions.count);
}

/// numpy.compress with an axis: the slices along `axis` where the 1-D `condition` holds (it may
/// be shorter than the axis: the rest are left out). Waits for the device (the size depends on
/// the data).
template <class T>
Array<T> compress(const Array<bool>& condition, const Array<T>& a, std::int64_t axis) {
    detail::compress_axis(condition, a, axis);
    const auto positions = Counted<std::int64_t>::room(a.context(), condition.size());
    detail::flatnonzero(condition.data(), positions.values.data(), positions.count.data());
    return take(a, positions.trimmed(), axis, IndexMode::raise);
}

/// numpy.copyto(a, values, where=mask): `values` where `mask` holds, the element kept elsewhere
/// (numpy's `a[mask] = values`, both broadcast to a's shape): one fused kernel.
template <class T, class V, class M>
void copyto(const Array<T>& a, const V& values, const M& mask) {
    Array<T>(a).assign(where(mask, values, a));
}

/// numpy.flatnonzero into a Counted (counted.hpp): the positions, in C order, of the nonzero
/// elements to the front of `into.values`, their number to `into.count`, without waiting.
template <class T>
void flatnonzero(const Array<T>& a, const Counted<std::int64_t>& into) {
    const Array<bool> mask = a != T{};
    detail::flatnonzero(mask.data(), into.values.data(), into.count.data());
}

/// numpy.flatnonzero: the positions, in C order, of the nonzero elements, as int64; waits for the
/// device (the size depends on the data).
template <class T>
Array<std::int64_t> flatnonzero(const Array<T>& a) {
    const auto into = Counted<std::int64_t>::room(a.context(), a.size());
    flatnonzero(a, into);
    return into.trimmed();
}

/// numpy.nonzero into a Counted (counted.hpp), without waiting: row d of `into.values` holds the
/// coordinates along axis d of the nonzero elements, in C order, and `into.count` how many there
/// are. `into` is Counted<std::int64_t>::room(ctx, {a.ndim(), a.size()}, 1); the entries past the
/// count are unspecified. A 0-d `a` is taken as 1-D, as numpy's atleast_1d.
template <class T>
void nonzero(const Array<T>& a, const Counted<std::int64_t>& into) {
    const std::vector<std::size_t> room{std::max<std::size_t>(a.ndim(), 1), a.size()};
    if (into.axis != 1 || into.values.shape() != room || into.count.size() != 1)
        throw InvalidArgument("the room must be of shape " + detail::shape_text(room) +
                                  " along axis 1, with one count, not of shape " +
                                  detail::shape_text(into.values.shape()) + " along axis " + std::to_string(into.axis),
                              "nonzero");
    if (a.size() == 0) {
        into.count.fill(0);
        return;
    }
    const auto positions = Counted<std::int64_t>::room(a.context(), a.size());
    flatnonzero(a, positions);
    std::int64_t stride = static_cast<std::int64_t>(a.size());
    std::size_t row = 0;
    for (const std::size_t extent : a.shape()) {
        stride /= static_cast<std::int64_t>(extent);
        into.values(row++).assign(floor_divide(positions.values, stride) % static_cast<std::int64_t>(extent));
    }
    if (a.ndim() == 0) into.values(0).assign(positions.values);
    Array<std::int64_t>(into.count).assign(positions.count);
}

/// numpy.nonzero: for each axis, the coordinates of the nonzero elements along it, in C order;
/// waits for the device (the size depends on the data).
template <class T>
std::vector<Array<std::int64_t>> nonzero(const Array<T>& a) {
    const Array<std::int64_t> positions = flatnonzero(a);
    std::vector<Array<std::int64_t>> coordinates;
    std::int64_t stride = static_cast<std::int64_t>(a.size());
    for (const std::size_t extent : a.shape()) {
        if (extent == 0) break;
        stride /= static_cast<std::int64_t>(extent);
        coordinates.push_back(Array<std::int64_t>(floor_divide(positions, stride) % static_cast<std::int64_t>(extent)));
    }
    while (coordinates.size() < a.ndim()) coordinates.push_back(positions.copy()); // empty arrays: no positions
    return coordinates;
}

/// numpy.where with only a condition: nonzero(condition).
template <class T>
std::vector<Array<std::int64_t>> where(const Array<T>& condition) {
    return nonzero(condition);
}

} // namespace rtcg
