#pragma once
/// \file
/// reduce_by_key: one value per run of consecutive equal keys, as thrust::reduce_by_key:
///
/// \code
///   auto [k, sums] = rtcg::reduce_by_key(keys, values);                     // sums of each run
///   auto [k2, lows] = rtcg::reduce_by_key(keys, values, rtcg::RunReduction::min);
///   auto [k3, prods] = rtcg::reduce_by_key(keys, values, rtcg::RunOperation{"a * b", "1"});
///   auto into = rtcg::CountedRuns<int, float>::room(ctx, keys.size());
///   rtcg::reduce_by_key(keys, values, into);                                 // no wait for the host
/// \endcode
///
/// keys [1, 1, 2, 1] and values [1, 2, 3, 4] give keys [1, 2, 1] and sums [3, 3, 4]: runs, not
/// groups (sort first, with sort_by_key, for one value per distinct key). Keys are compared with
/// C's `==`, so every NaN key is a run of its own. The values of a run are combined in their order
/// (a segmented scan), so the operation must be associative but need not be commutative.
///
/// Synchronisation: the number of runs depends on the data. reduce_by_key reads it back to the
/// host to size its results (views of the first `runs` elements of arrays of the input's size), so
/// it waits for the queue. The form that takes a CountedRuns (as the selections take a Counted,
/// counted.hpp) writes it into a device array instead, and the runs into arrays the caller gives,
/// sized for the worst case of one run per key; it only enqueues.
/// Both run two scans on the context's current queue (queue_scope.hpp). Keys and values of any
/// shape, strided or not, are taken as their elements in C order.
#include <rtcg/arrays/array.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

namespace rtcg {

/// The reductions reduce_by_key names: numpy's sum (integers wrap), and the minimum and maximum
/// (a NaN in a run is the run's result, as in numpy).
enum class RunReduction { sum, min, max };

/// A reduction of a run given as C: an associative expression of `a` (the earlier values) and `b`
/// (the later), with a neutral element, as ReductionKernel and ScanKernel take them.
struct RunOperation {
    std::string reduce_expr;   ///< combines `a` and `b`, two values of the values' type
    std::string neutral;       ///< reduce_expr(neutral, v) == v
    std::string preamble = {}; ///< functions the expressions may call
};

/// The result of reduce_by_key: each run's key and reduced value, in order.
template <class K, class V>
struct ReducedRuns {
    Array<K> keys;   ///< the key of each run
    Array<V> values; ///< the reduction of each run's values
};

namespace detail {
/// The operation a RunReduction names, for values of `type` in `context`'s dialect. InvalidArgument
/// for types it does not apply to (complex, bool, vectors, structs).
RTCG_API RunOperation run_operation(RunReduction reduction, const codegen::DType& type, const Context& context);
/// reduce_by_key into CountedRuns, untyped.
RTCG_API void reduce_runs(const ArrayData& keys, const ArrayData& values, const ArrayData& out_keys,
                          const ArrayData& out_values, const ArrayData& run_count, const RunOperation& operation);
} // namespace detail

/// Where reduce_by_key writes without the host waiting: the runs' keys and values from the first
/// element of `keys` and `values`, and their number into `count`, all on the device.
template <class K, class V>
struct CountedRuns {
    Array<K> keys;             ///< each run's key, from the first; room for one run per input key
    Array<V> values;           ///< each run's reduced value
    Array<std::int64_t> count; ///< one element: the number of runs

    /// Room for the runs of `n` keys in `context`: keys and values not initialized, a 0-d count.
    static CountedRuns room(const Context& context, std::size_t n) {
        return CountedRuns{Array<K>::empty(context, n), Array<V>::empty(context, n),
                           Array<std::int64_t>::empty(context, std::vector<std::size_t>{})};
    }

    /// The runs as views of `keys` and `values`. Reads the count, so it waits for the work that wrote it.
    ReducedRuns<K, V> trimmed() const {
        const std::int64_t runs = count.item();
        return {keys(rtcg::slice(0, runs)), values(rtcg::slice(0, runs))};
    }
};

/// Reduces each run of equal consecutive `keys` (same size as `values`) with `operation` into
/// `into`, without waiting for the queue. Its arrays must be contiguous, of the inputs' types and
/// context, must not overlap the inputs, and keys and values must have at least as many elements
/// as `keys` (the most runs there can be), since the number of runs is not known to the host.
/// InvalidArgument otherwise, before anything is written; CompileError for an operation that does
/// not compile.
template <class K, class V>
void reduce_by_key(const Array<K>& keys, const Array<V>& values, const CountedRuns<K, V>& into,
                   const RunOperation& operation) {
    detail::reduce_runs(keys.data(), values.data(), into.keys.data(), into.values.data(), into.count.data(), operation);
}

/// reduce_by_key into CountedRuns with a named reduction (sum by default).
template <class K, class V>
void reduce_by_key(const Array<K>& keys, const Array<V>& values, const CountedRuns<K, V>& into,
                   RunReduction reduction = RunReduction::sum) {
    reduce_by_key(keys, values, into, detail::run_operation(reduction, values.data().dtype(), values.context()));
}

/// Each run of equal consecutive `keys` (same size as `values`), reduced with `operation`. The
/// results have one element per run, a number known only after the reduction: this reads it back
/// and so waits for the queue (the form into CountedRuns does not).
template <class K, class V>
ReducedRuns<K, V> reduce_by_key(const Array<K>& keys, const Array<V>& values, const RunOperation& operation) {
    const auto into = CountedRuns<K, V>::room(keys.context(), keys.size());
    reduce_by_key(keys, values, into, operation);
    return into.trimmed();
}

/// reduce_by_key with a named reduction (sum by default).
template <class K, class V>
ReducedRuns<K, V> reduce_by_key(const Array<K>& keys, const Array<V>& values,
                                RunReduction reduction = RunReduction::sum) {
    return reduce_by_key(keys, values, detail::run_operation(reduction, values.data().dtype(), values.context()));
}

} // namespace rtcg
