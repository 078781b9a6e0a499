#pragma once
/// \file
/// Results whose size depends on the data, kept on the device: the operations that select
/// elements (copy_if, remove_if, partition, unique, extract, flatnonzero, compress, nonzero)
/// return arrays of the selected elements, for which the host must learn how many there are and so
/// waits for the device. Each also has a form that writes into a Counted instead and returns at
/// once: the elements go to the front of `values` (along its `axis`) and their number to `count`,
/// both on the device, so that later work on the same queue can use them without the host waiting.
///
/// \code
///   auto into = rtcg::Counted<float>::room(ctx, x.size());
///   rtcg::copy_if(x, "x[i] > 0", into);           // nothing waits
///   ...                                            // more work on the queue, reading into.count
///   rtcg::Array<float> positive = into.trimmed();  // waits: reads the count
/// \endcode
#include <rtcg/arrays/array.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rtcg {

/// A result of data-dependent size on the device: the first `count` entries of `values` along
/// `axis` (elements of a 1-D result; slices of an n-d one, as compress and nonzero give).
template <class T>
struct Counted {
    Array<T> values;            ///< the result, from the first entry along `axis`; room for as many as the input can give
    Array<std::int64_t> count;  ///< one element: how many entries of `values` the result holds
    std::size_t axis = 0;       ///< the axis of `values` along which the entries run

    /// Room for a result of up to `n` elements in `context`: `values` not initialized, a 0-d count.
    static Counted room(const Context& context, std::size_t n) { return room(context, {n}, 0); }

    /// Room for a result of up to `shape[axis]` entries along `axis` of an array of `shape` (C order,
    /// not initialized), and a 0-d count.
    static Counted room(const Context& context, std::vector<std::size_t> shape, std::size_t axis) {
        return Counted{Array<T>::empty(context, std::move(shape)),
                       Array<std::int64_t>::empty(context, std::vector<std::size_t>{}), axis};
    }

    /// The result as a view of `values`. Reads the count, so it waits for the work that wrote it.
    Array<T> trimmed() const {
        std::vector<Index> indices(axis, Index(slice(none)));
        indices.push_back(slice(0, count.item()));
        return values.index(indices);
    }
};

} // namespace rtcg
