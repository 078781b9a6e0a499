// reduce_by_key: the run starts flagged, numbered by the offsets scan of list_offsets.hpp (whose
// total is the run count), each run's key written at its number, and the values reduced by a scan
// that restarts at each flag and writes a run's value at its last element. Only this last scan
// depends on the values' type and the operation, and no scan on the keys' type: scans are the
// costly kernels to compile.
#include "expression_functions.hpp"
#include "list_offsets.hpp"
#include "reduction_operations.hpp"
#include "storage_overlap.hpp"
#include "untyped_calls.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/reduce_by_key.hpp>
#include <rtcg/arrays/scan.hpp>
#include <rtcg/core/error.hpp>

#include <cstdint>
#include <string>

namespace rtcg::detail {
namespace {

using codegen::AddressSpace;
using codegen::Argument;
using codegen::DType;

constexpr std::string_view where = "reduce_by_key";

void check_output(std::string_view what, const ArrayData& out, const ArrayData& in) {
    if (out.dtype() != in.dtype() || out.context() != in.context() || !out.is_contiguous() || out.size() < in.size())
        throw InvalidArgument("the output " + std::string(what) + " must be a contiguous array of " +
                                  std::string(in.dtype().name()) + " in the inputs' context, of at least " +
                                  std::to_string(in.size()) + " elements (one per key)",
                              std::string(where));
}

void check_arguments(const ArrayData& keys, const ArrayData& values, const ArrayData& out_keys,
                     const ArrayData& out_values, const ArrayData& run_count, const RunOperation& operation) {
    if (keys.size() != values.size())
        throw InvalidArgument(std::to_string(keys.size()) + " keys for " + std::to_string(values.size()) + " values",
                              std::string(where));
    if (keys.context() != values.context())
        throw InvalidArgument("the keys and values are arrays of different contexts", std::string(where));
    check_output("keys", out_keys, keys);
    check_output("values", out_values, values);
    for (const ArrayData* out : {&out_keys, &out_values, &run_count})
        for (const ArrayData* in : {&keys, &values})
            if (storage_overlaps(*out, *in))
                throw InvalidArgument("the outputs must not overlap the keys or the values", std::string(where));
    if (run_count.dtype() != DType::int64() || run_count.size() != 1 || run_count.context() != keys.context())
        throw InvalidArgument("the run count must be one int64 in the inputs' context", std::string(where));
    if (operation.reduce_expr.empty() || operation.neutral.empty())
        throw InvalidArgument("the operation needs a reduce_expr and a neutral", std::string(where));
}

// flags[i] = 1 where a run starts (i == 0 or another key than at i - 1), else 0.
ElementwiseKernel run_starts(const Context& context, const DType& key_type) {
    return ElementwiseKernel(context,
                             {Argument::pointer(key_type, "keys", AddressSpace::global, true),
                              Argument::pointer(DType::int64(), "flags")},
                             "flags[i] = (i == 0 || !(keys[i - 1] == keys[i])) ? 1 : 0;", {.name = "reduce_by_key_starts"});
}

// out_keys[r] = the key of run r, where positions (the exclusive scan of the flags) numbers the runs.
ElementwiseKernel run_keys(const Context& context, const DType& key_type) {
    return ElementwiseKernel(context,
                             {Argument::pointer(DType::int64(), "flags", AddressSpace::global, true),
                              Argument::pointer(DType::int64(), "positions", AddressSpace::global, true),
                              Argument::pointer(key_type, "keys", AddressSpace::global, true),
                              Argument::pointer(key_type, "out_keys")},
                             "if (flags[i] != 0) out_keys[positions[i]] = keys[i];", {.name = "reduce_by_key_keys"});
}

// out_values[r] = the reduction of run r's values: a scan restarting at each run start, whose item
// at a run's last element is the run's result. positions[i + 1] - 1 is the run of element i.
ScanKernel run_values(const Context& context, const DType& value_type, const RunOperation& operation) {
    return ScanKernel(
        context, value_type,
        {Argument::pointer(value_type, "values", AddressSpace::global, true),
         Argument::pointer(DType::int64(), "flags", AddressSpace::global, true),
         Argument::pointer(DType::int64(), "positions", AddressSpace::global, true),
         Argument::pointer(value_type, "out_values")},
        {.input_expr = "values[i]",
         .scan_expr = operation.reduce_expr,
         .neutral = operation.neutral,
         .output_statement = "if (i == n - 1 || flags[i + 1] != 0) out_values[positions[i + 1] - 1] = item;"},
        {.name = "reduce_by_key_values",
         .preamble = operation.preamble,
         .is_segment_start_expr = "flags[i] != 0",
         .any_size_arrays = {"positions", "out_values"}});
}

} // namespace

RunOperation run_operation(RunReduction reduction, const DType& type, const Context& context) {
    const auto kind = type.kind();
    if (kind != codegen::TypeKind::signed_integer && kind != codegen::TypeKind::unsigned_integer &&
        kind != codegen::TypeKind::floating)
        throw InvalidArgument("the named reductions take integer and floating values, not " +
                                  std::string(type.name()) + ": give a RunOperation",
                              std::string(where));
    const codegen::Dialect dialect = codegen::dialect_of(context.device());
    if (reduction == RunReduction::sum) return {sum_of(type, dialect), "0", {}};
    DeviceFunctions functions(dialect);
    const bool minimum = reduction == RunReduction::min;
    const std::string function = minimum ? functions.minimum(type) : functions.maximum(type);
    return {function + "(a, b)", extreme(type, dialect, minimum), functions.definitions()};
}

void reduce_runs(const ArrayData& keys, const ArrayData& values, const ArrayData& out_keys,
                 const ArrayData& out_values, const ArrayData& run_count, const RunOperation& operation) {
    check_arguments(keys, values, out_keys, out_values, run_count, operation);
    // Every kernel is built before any runs, so that an operation that does not compile writes
    // nothing.
    const Context& context = keys.context();
    const ElementwiseKernel starts = run_starts(context, keys.dtype());
    const ElementwiseKernel scatter_keys = run_keys(context, keys.dtype());
    const ScanKernel reduction = run_values(context, values.dtype(), operation);
    const std::size_t n = keys.size();
    if (n == 0) return fill(run_count, host_scalar(std::int64_t{0}));
    const ArrayData flat_keys = contiguous(keys);
    const ArrayData flat_values = contiguous(values);
    const ArrayData flags(context, DType::int64(), {n});
    const ArrayData positions(context, DType::int64(), {n + 1});
    Queue& queue = current_queue(context);
    const CallArgument flagged[] = {{&flat_keys, {}}, {&flags, {}}};
    UntypedCalls::launch(starts, queue, flagged);
    // The scan's total, the number of runs, goes straight into run_count.
    scan_offsets(flags, positions, run_count, 0);
    const CallArgument scattered[] = {{&flags, {}}, {&positions, {}, true}, {&flat_keys, {}}, {&out_keys, {}, true}};
    UntypedCalls::launch(scatter_keys, queue, scattered);
    const CallArgument reduced[] = {{&flat_values, {}}, {&flags, {}}, {&positions, {}}, {&out_values, {}}};
    UntypedCalls::launch(reduction, queue, reduced);
}

} // namespace rtcg::detail
