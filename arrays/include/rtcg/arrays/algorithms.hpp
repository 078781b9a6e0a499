#pragma once
/// \file
/// Algorithms built on ScanKernel (rtcg/arrays/scan.hpp), and a radix sort with its own kernels,
/// after PyOpenCL's pyopencl.algorithm:
///
/// \code
///   auto positive = rtcg::copy_if(x, "x[i] > 0");           // the elements where it holds, in order
///   auto rest = rtcg::remove_if(x, "x[i] > 0");             // the others, in order
///   auto [parted, trues] = rtcg::partition(x, "x[i] > 0");  // those, then the others (stable)
///   auto distinct = rtcg::unique(sorted);                    // one of each run of equal elements
///   auto ordered = rtcg::sort(keys);                         // LSD radix sort, stable
///   auto [k, v] = rtcg::sort_by_key(keys, values);           // values follow their keys
///   auto rows = rtcg::sort(m, -1);                           // numpy.sort(m, axis=-1): each line
///   auto order = rtcg::argsort(m, 0);                        // positions along axis 0, stable
///   auto both = rtcg::merge(sorted_a, sorted_b);             // one sorted array, stable
/// \endcode
///
/// Predicates are C expressions of `x` (the array, so x[i] is the element and x[i - 1] its
/// neighbour), the index `i` (rtcg_index_t) and the element count `n`, evaluated on the device;
/// `preamble` may declare functions for them. Each algorithm runs on the context's current queue
/// (queue_scope.hpp) and returns new arrays (1-D, of the input's context, but for the sorts along
/// an axis, which keep the input's shape); inputs are never modified. An array of any shape,
/// strided or not, is taken as its elements in C order.
///
/// Synchronisation: copy_if, remove_if, partition and unique size their result by the number of
/// selected elements, which they read back to the host, so they wait for the queue. The result is
/// a view of an array of the input's size (its first `count` elements), as PyOpenCL's copy_if
/// returns the full-size output and the count. Each also writes into a Counted (counted.hpp)
/// instead, the count staying on the device: that form waits for nothing. From 2^24 keys, sort and sort_by_key read back the
/// histogram of every digit position once (256 counts per byte of the key), before the first pass,
/// to skip the passes where every key has the same digit; the passes themselves, and smaller sorts
/// entirely, queue their kernels without waiting.
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/counted.hpp>
#include <rtcg/arrays/scan.hpp>
#include <rtcg/core/export.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

namespace rtcg {

namespace detail {
/// What the templates below forward to. `out` has the input's dtype and context and at least
/// its size; each writes how many elements it selected (partition: how many satisfy the
/// predicate) to `count`, one int64 element. InvalidArgument for outputs that do not fit.
RTCG_API void copy_selected(const ArrayData& in, const ArrayData& out, std::string_view predicate,
                            std::string_view preamble, bool keep_where_true, const ArrayData& count);
RTCG_API void partition(const ArrayData& in, const ArrayData& out, std::string_view predicate,
                        std::string_view preamble, const ArrayData& count);
RTCG_API void unique(const ArrayData& in, const ArrayData& out, std::string_view equal, std::string_view preamble,
                     const ArrayData& count);
/// Sorts `keys` (and `values` with them, when not null) through the two scratch arrays of each,
/// which have the keys' size; returns the index (0 or 1) of the ones holding the result.
RTCG_API std::size_t radix_sort(const ArrayData& keys, const ArrayData* values,
                                const std::array<const ArrayData*, 2>& keys_out,
                                const std::array<const ArrayData*, 2>& values_out);

/// Sorts every line along `axis` of `keys` (negative counts from the end) as sort() does, writing
/// the sorted lines to `out` (sort) or each element's position along the axis in the input to
/// `positions` (int64; argsort): one of them null, the other a new contiguous array of the keys'
/// shape and context. InvalidArgument naming `function` for an axis out of range.
RTCG_API void sort_along(const ArrayData& keys, std::int64_t axis, const ArrayData* out, const ArrayData* positions,
                         std::string_view function);
/// Merges the sorted `a` and `b` into `out` (of a.size() + b.size() elements), stable; with values
/// (all three or none), moves them with their keys.
RTCG_API void merge(const ArrayData& a, const ArrayData& b, const ArrayData& out, const ArrayData* a_values,
                    const ArrayData* b_values, const ArrayData* out_values);

template <class T>
Array<T> flat_empty(const Array<T>& like) {
    return Array<T>::empty(like.context(), like.size());
}
} // namespace detail

/// copy_if into a Counted: the elements where `predicate` holds, in their order, to the front of
/// `into.values` (room for x.size() elements), their number to `into.count`; waits for nothing.
template <class T>
void copy_if(const Array<T>& x, std::string_view predicate, const Counted<T>& into, std::string_view preamble = {}) {
    detail::copy_selected(x.data(), into.values.data(), predicate, preamble, true, into.count.data());
}

/// The elements where `predicate` holds, in their order.
template <class T>
Array<T> copy_if(const Array<T>& x, std::string_view predicate, std::string_view preamble = {}) {
    const auto into = Counted<T>::room(x.context(), x.size());
    copy_if(x, predicate, into, preamble);
    return into.trimmed();
}

/// remove_if into a Counted: the elements where `predicate` does not hold, as copy_if's form.
template <class T>
void remove_if(const Array<T>& x, std::string_view predicate, const Counted<T>& into, std::string_view preamble = {}) {
    detail::copy_selected(x.data(), into.values.data(), predicate, preamble, false, into.count.data());
}

/// The elements where `predicate` does not hold, in their order.
template <class T>
Array<T> remove_if(const Array<T>& x, std::string_view predicate, std::string_view preamble = {}) {
    const auto into = Counted<T>::room(x.context(), x.size());
    remove_if(x, predicate, into, preamble);
    return into.trimmed();
}

/// The result of partition().
template <class T>
struct Partition {
    Array<T> values;          ///< the elements where the predicate holds, then the others; both in order
    std::size_t true_count;   ///< how many hold: values(rtcg::slice(0, true_count)) are they
};

/// partition into a Counted: every element of `x` to `into.values`, those where `predicate` holds
/// first, and how many hold to `into.count`; waits for nothing.
template <class T>
void partition(const Array<T>& x, std::string_view predicate, const Counted<T>& into, std::string_view preamble = {}) {
    detail::partition(x.data(), into.values.data(), predicate, preamble, into.count.data());
}

/// The elements of `x` where `predicate` (a C expression of `x[i]`, as copy_if takes) holds, then
/// the others, each part in its order; stable. One scan.
template <class T>
Partition<T> partition(const Array<T>& x, std::string_view predicate, std::string_view preamble = {}) {
    const auto into = Counted<T>::room(x.context(), x.size());
    partition(x, predicate, into, preamble);
    const auto true_count = static_cast<std::size_t>(into.count.item());
    return Partition<T>{into.values, true_count};
}

/// unique into a Counted: the first element of each run, to the front of `into.values`, and how
/// many runs to `into.count`; waits for nothing.
template <class T>
void unique(const Array<T>& x, const Counted<T>& into, std::string_view equal = "a == b", std::string_view preamble = {}) {
    detail::unique(x.data(), into.values.data(), equal, preamble, into.count.data());
}

/// The first element of each run of consecutive equal elements: on sorted input, each distinct
/// value once. `equal` is an expression of `a` and `b` (two elements); with the default `a == b`
/// every NaN is kept, as NaN != NaN ("a == b || (a != a && b != b)" keeps one per run of NaNs, as
/// numpy.unique does). Structs need their own `equal`.
template <class T>
Array<T> unique(const Array<T>& x, std::string_view equal = "a == b", std::string_view preamble = {}) {
    const auto into = Counted<T>::room(x.context(), x.size());
    unique(x, into, equal, preamble);
    return into.trimmed();
}

/// Key types LSD radix sort orders: integers of every width, float and double.
template <class K>
concept RadixSortable = (std::is_integral_v<K> && !std::is_same_v<K, bool>) || std::is_same_v<K, float> ||
                        std::is_same_v<K, double>;

/// The keys in ascending order, in numpy's order: -inf < ... < -0.0 == 0.0 < ... < inf < NaN (every
/// NaN last, whatever its sign bit). Stable: equal keys (0.0 and -0.0 included) and NaNs keep their
/// order. LSD radix sort, 8 bits per pass (4 passes for 32-bit keys). Up to one tile of keys (a few
/// thousand), one work-group runs every pass in one launch. Beyond, one kernel counts every digit
/// position's histogram in a single read of the keys; each pass is then one kernel that reads the
/// keys once, ranks each tile stably (by warp votes on NVIDIA GPUs, CUDA and OpenCL alike, in local
/// memory elsewhere), finds where the tile's digits go by a look-back over the earlier tiles'
/// counts, and writes the tile digit run by digit run. A pass whose digit is the same for every key
/// only copies the keys, and from 2^24 keys is skipped.
/// Needs device memory for two more copies of the keys (and values), the result and a scratch
/// array, and 256 status words per tile of a few thousand keys (two each from 2^30 keys).
/// An n-d array's elements are sorted as one run in C order, into a 1-D array: numpy's
/// sort(keys, axis=None), not numpy's default of the last axis, which is sort(keys, -1).
template <RadixSortable K>
Array<K> sort(const Array<K>& keys) {
    const std::array<Array<K>, 2> out{detail::flat_empty(keys), detail::flat_empty(keys)};
    return out[detail::radix_sort(keys.data(), nullptr, {&out[0].data(), &out[1].data()}, {nullptr, nullptr})];
}

/// The keys sorted as sort() does, and the values (any element type, of the keys' size) moved with
/// them. Stable. InvalidArgument when the sizes or contexts differ.
template <RadixSortable K, class V>
std::pair<Array<K>, Array<V>> sort_by_key(const Array<K>& keys, const Array<V>& values) {
    const std::array<Array<K>, 2> keys_out{detail::flat_empty(keys), detail::flat_empty(keys)};
    const std::array<Array<V>, 2> values_out{detail::flat_empty(values), detail::flat_empty(values)};
    const std::size_t result = detail::radix_sort(keys.data(), &values.data(),
                                                  {&keys_out[0].data(), &keys_out[1].data()},
                                                  {&values_out[0].data(), &values_out[1].data()});
    return {keys_out[result], values_out[result]};
}

/// numpy.sort(keys, axis) (kind='stable'): every line along `axis` (negative counts from the end)
/// sorted on its own in sort()'s order (NaNs last), as an array of the keys' shape. sort(keys) with
/// no axis is numpy's axis=None instead: the flattened elements, 1-D. InvalidArgument for an axis
/// out of range (a 0-d array has none).
///
/// Two stable radix sorts of the whole array, the axis first moved innermost by a copy: by key,
/// carrying each element's position, then by the position's line, carrying the positions; the
/// second keeps the first's order within each line, and the keys are gathered by the positions. This reuses the tuned sort of any size, whatever the lines' number and
/// length, at about twice a flat sort's cost; a segmented sort would need kernels of its own.
template <RadixSortable K>
Array<K> sort(const Array<K>& keys, std::int64_t axis) {
    Array<K> out = Array<K>::empty(keys.context(), keys.shape());
    detail::sort_along(keys.data(), axis, &out.data(), nullptr, "sort");
    return out;
}

/// numpy.argsort(keys, axis, kind='stable'): for each line along `axis`, the positions along it of
/// its elements in sort()'s order (equal keys in their order), int64, of the keys' shape. As
/// sort(keys, axis) otherwise.
template <RadixSortable K>
Array<std::int64_t> argsort(const Array<K>& keys, std::int64_t axis = -1) {
    Array<std::int64_t> positions = Array<std::int64_t>::empty(keys.context(), keys.shape());
    detail::sort_along(keys.data(), axis, nullptr, &positions.data(), "argsort");
    return positions;
}

/// The elements of the sorted `a` and `b` (any shape, taken as their elements in C order) in
/// one sorted 1-D array of a.size() + b.size() elements, in sort()'s order (NaNs last); stable:
/// equal elements of `a` come before those of `b`. Where an input is not sorted the result is
/// unspecified (some order of some of the elements), but the call still ends and writes only the
/// result. InvalidArgument for arrays of different contexts.
///
/// Merge path: each work-item writes a run of consecutive outputs, finding by a binary search how
/// many of the elements before its run come from `a`, then merging sequentially.
template <RadixSortable T>
Array<T> merge(const Array<T>& a, const Array<T>& b) {
    Array<T> out = Array<T>::empty(a.context(), a.size() + b.size());
    detail::merge(a.data(), b.data(), out.data(), nullptr, nullptr, nullptr);
    return out;
}

/// merge() of the keys, each value (any element type, of its keys' size) moved with its key.
/// InvalidArgument where the sizes or contexts differ.
template <RadixSortable K, class V>
std::pair<Array<K>, Array<V>> merge_by_key(const Array<K>& a_keys, const Array<V>& a_values, const Array<K>& b_keys,
                                           const Array<V>& b_values) {
    Array<K> keys = Array<K>::empty(a_keys.context(), a_keys.size() + b_keys.size());
    Array<V> values = Array<V>::empty(a_keys.context(), a_keys.size() + b_keys.size());
    detail::merge(a_keys.data(), b_keys.data(), keys.data(), &a_values.data(), &b_values.data(), &values.data());
    return {keys, values};
}

} // namespace rtcg
