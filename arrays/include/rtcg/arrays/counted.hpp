#pragma once
/// \file
/// Results whose size depends on the data, kept on the device: the operations that select
/// elements (copy_if, remove_if, partition, unique, extract, flatnonzero) return an array of the
/// selected elements, for which the host must learn how many there are and so waits for the
/// device. Each also has a form that writes into a Counted instead and returns at once: the
/// elements go to the front of `values` and their number to `count`, both on the device, so that
/// later work on the same queue can use them without the host waiting.
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

/// A result of data-dependent size on the device: the first `count` elements of `values`.
template <class T>
struct Counted {
    Array<T> values;            ///< the result's elements, from the first; at least as many as the input can give
    Array<std::int64_t> count;  ///< one element: how many of `values` the result holds

    /// Room for a result of up to `n` elements in `context`: `values` not initialized, a 0-d count.
    static Counted room(const Context& context, std::size_t n) {
        return Counted{Array<T>::empty(context, n), Array<std::int64_t>::empty(context, std::vector<std::size_t>{})};
    }

    /// The result as a view of `values`. Reads the count, so it waits for the work that wrote it.
    Array<T> trimmed() const { return values(slice(0, count.item())); }
};

} // namespace rtcg
