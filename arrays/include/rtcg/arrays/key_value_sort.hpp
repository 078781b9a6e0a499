#pragma once
/// \file
/// KeyValueSorter: values grouped by small integer keys, as PyOpenCL's
/// pyopencl.algorithm.KeyValueSorter:
///
/// \code
///   rtcg::KeyValueSorter sorter(ctx);
///   auto [starts, lists] = sorter(keys, values, nkeys);   // keys: Array<int> in [0, nkeys)
///   // the values of key k are lists[starts[k], starts[k + 1]), in their order in `values`
/// \endcode
///
/// The values are sorted by key with the stable radix sort of rtcg/arrays/algorithms.hpp, so that
/// the values of one key keep their order; `starts` comes from the keys' counts (atomic additions)
/// and an exclusive scan of them. Keys and values of any shape, strided or not, are taken as their
/// elements in C order. Everything runs on the context's current queue (queue_scope.hpp).
///
/// Synchronisation: the keys are checked on the device, and the index of the first key outside
/// [0, nkeys) read back, so a call waits for the queue once, before it sorts.
#include <rtcg/arrays/array.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace rtcg {

namespace detail {
/// The starts (int64, nkeys + 1) and the values sorted by key, stable; what KeyValueSorter returns.
struct GroupedValues {
    ArrayData starts;
    ArrayData lists;
};
/// KeyValueSorter's call, untyped: `keys` of an integer type, `values` of any type and the keys'
/// size, both in `context`.
RTCG_API GroupedValues group_by_key(const Context& context, const ArrayData& keys, const ArrayData& values,
                                    std::size_t nkeys);
} // namespace detail

/// The result of a KeyValueSorter: values grouped by key.
template <class V>
struct KeyValueLists {
    /// nkeys + 1 offsets into `lists`: key k's values are lists[starts[k], starts[k + 1]).
    Array<std::int64_t> starts;
    /// The values, by ascending key; those of one key in their order in the input.
    Array<V> lists;
};

/// Groups values by integer keys in [0, nkeys); see key_value_sort.hpp.
class KeyValueSorter {
public:
    /// A sorter for arrays of `context`.
    explicit KeyValueSorter(const Context& context) : context_(context) {}

    /// The context whose arrays it sorts.
    const Context& context() const noexcept { return context_; }

    /// `values` grouped by `keys` (same size, both of the sorter's context). InvalidArgument, and
    /// nothing returned, when the sizes or contexts differ, or a key is outside [0, nkeys): the
    /// message names the first such key and its index.
    template <class K, class V>
        requires(std::is_integral_v<K> && !std::is_same_v<K, bool>)
    KeyValueLists<V> operator()(const Array<K>& keys, const Array<V>& values, std::size_t nkeys) const {
        detail::GroupedValues grouped = detail::group_by_key(context_, keys.data(), values.data(), nkeys);
        return {Array<std::int64_t>::from_data(std::move(grouped.starts)), Array<V>::from_data(std::move(grouped.lists))};
    }

private:
    Context context_;
};

} // namespace rtcg
