#pragma once
/// \file
/// reduce_by_key: one value per run of consecutive equal keys, as thrust::reduce_by_key:
///
/// \code
///   auto [k, sums] = rtcg::reduce_by_key(keys, values);                     // sums of each run
///   auto [k2, lows] = rtcg::reduce_by_key(keys, values, rtcg::RunReduction::min);
///   auto [k3, prods] = rtcg::reduce_by_key(keys, values, rtcg::RunOperation{"a * b", "1"});
///   rtcg::reduce_by_key_into(keys, values, out_keys, out_values, run_count);  // no wait for the host
/// \endcode
///
/// keys [1, 1, 2, 1] and values [1, 2, 3, 4] give keys [1, 2, 1] and sums [3, 3, 4]: runs, not
/// groups (sort first, with sort_by_key, for one value per distinct key). Keys are compared with
/// C's `==`, so every NaN key is a run of its own. The values of a run are combined in their order
/// (a segmented scan), so the operation must be associative but need not be commutative.
///
/// Synchronisation: the number of runs depends on the data. reduce_by_key reads it back to the
/// host to size its results (views of the first `runs` elements of arrays of the input's size), so
/// it waits for the queue. reduce_by_key_into writes it into a device array instead, and the runs
/// into arrays the caller gives, sized for the worst case of one run per key; it only enqueues.
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
/// reduce_by_key_into, untyped.
RTCG_API void reduce_runs(const ArrayData& keys, const ArrayData& values, const ArrayData& out_keys,
                          const ArrayData& out_values, const ArrayData& run_count, const RunOperation& operation);
} // namespace detail

/// Reduces each run of equal consecutive `keys` (same size as `values`) with `operation`, writing
/// the runs' keys and values into the first elements of `out_keys` and `out_values` and their
/// number into `run_count` (one int64), without waiting for the queue. The outputs must be
/// contiguous, of the inputs' types and context, must not overlap the inputs, and have at least as
/// many elements as `keys` (the most runs there can be), since the number of runs is not known to
/// the host.
/// InvalidArgument otherwise, before anything is written; CompileError for an operation that does
/// not compile.
template <class K, class V>
void reduce_by_key_into(const Array<K>& keys, const Array<V>& values, const Array<K>& out_keys,
                        const Array<V>& out_values, const Array<std::int64_t>& run_count,
                        const RunOperation& operation) {
    detail::reduce_runs(keys.data(), values.data(), out_keys.data(), out_values.data(), run_count.data(), operation);
}

/// reduce_by_key_into with a named reduction (sum by default).
template <class K, class V>
void reduce_by_key_into(const Array<K>& keys, const Array<V>& values, const Array<K>& out_keys,
                        const Array<V>& out_values, const Array<std::int64_t>& run_count,
                        RunReduction reduction = RunReduction::sum) {
    reduce_by_key_into(keys, values, out_keys, out_values, run_count,
                       detail::run_operation(reduction, values.data().dtype(), values.context()));
}

/// Each run of equal consecutive `keys` (same size as `values`), reduced with `operation`. The
/// results have one element per run, a number known only after the reduction: this reads it back
/// and so waits for the queue (reduce_by_key_into does not).
template <class K, class V>
ReducedRuns<K, V> reduce_by_key(const Array<K>& keys, const Array<V>& values, const RunOperation& operation) {
    const Array<K> out_keys = Array<K>::empty(keys.context(), keys.size());
    const Array<V> out_values = Array<V>::empty(values.context(), values.size());
    const Array<std::int64_t> run_count = Array<std::int64_t>::empty(keys.context(), 1);
    reduce_by_key_into(keys, values, out_keys, out_values, run_count, operation);
    const auto runs = static_cast<std::int64_t>(run_count.get()[0]);
    return {out_keys(rtcg::slice(0, runs)), out_values(rtcg::slice(0, runs))};
}

/// reduce_by_key with a named reduction (sum by default).
template <class K, class V>
ReducedRuns<K, V> reduce_by_key(const Array<K>& keys, const Array<V>& values,
                                RunReduction reduction = RunReduction::sum) {
    return reduce_by_key(keys, values, detail::run_operation(reduction, values.data().dtype(), values.context()));
}

} // namespace rtcg
