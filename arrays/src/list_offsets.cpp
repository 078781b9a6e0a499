// The scan is one ScanKernel of int64; the compaction and the narrowing are ElementwiseKernels.
#include "list_offsets.hpp"

#include "reduction_operations.hpp"
#include "untyped_calls.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/scan.hpp>

#include <array>
#include <cstdint>
#include <string>

namespace rtcg::detail {
namespace {

using codegen::AddressSpace;
using codegen::Argument;
using codegen::DType;

Argument input(const DType& type, std::string name) {
    return Argument::pointer(type, std::move(name), AddressSpace::global, true);
}

} // namespace

void scan_offsets(const ArrayData& counts, const ArrayData& starts, const ArrayData& totals, std::size_t slot,
                  bool nonempty_only) {
    if (counts.size() == 0) {
        const Index first[] = {rtcg::slice(0, 1)};
        return fill(starts.index(first), host_scalar(std::int64_t{0}));
    }
    const Context& context = counts.context();
    const std::string largest = extreme(DType::int64(), codegen::dialect_of(context.device()), true);
    const ScanKernel scan(
        context, DType::int64(),
        {input(DType::int64(), "counts"), Argument::pointer(DType::int64(), "starts"),
         Argument::pointer(DType::int64(), "totals"), Argument::scalar(DType::int64(), "slot"),
         Argument::scalar(DType::boolean(), "nonempty_only")},
        {.input_expr = "nonempty_only ? (counts[i] != 0 ? 1 : 0) : counts[i]",
         // Counts are never negative, so a sum past INT64_MAX is the only way this can overflow;
         // saturating keeps the operation associative.
         .scan_expr = "((a) > " + largest + " - (b) ? " + largest + " : (a) + (b))",
         .neutral = "0",
         .output_statement = "starts[i] = prev_item;\n"
                             "if (i == n - 1) { starts[n] = item; totals[slot] = item; }"},
        {.name = "list_offsets", .any_size_arrays = {"starts", "totals"}});
    const auto at = static_cast<std::int64_t>(slot);
    const CallArgument args[] = {
        {&counts, {}}, {&starts, {}}, {&totals, {}}, {nullptr, host_scalar(at)}, {nullptr, host_scalar(nonempty_only)}};
    UntypedCalls::launch(scan, current_queue(context), args);
}

void compact_offsets(const ArrayData& counts, const ArrayData& starts, const ArrayData& positions,
                     const ArrayData& compact_starts, const ArrayData& indices) {
    const Context& context = counts.context();
    const ElementwiseKernel compact(
        context,
        {input(DType::int64(), "counts"), input(DType::int64(), "starts"), input(DType::int64(), "positions"),
         Argument::pointer(DType::int64(), "compact_starts"), Argument::pointer(DType::int64(), "indices")},
        "if (counts[i] != 0) { compact_starts[positions[i]] = starts[i]; indices[positions[i]] = i; }\n"
        "if (i == n - 1) compact_starts[positions[n]] = starts[n];",
        {.name = "list_offsets_compact"});
    const CallArgument args[] = {
        {&counts, {}}, {&starts, {}, true}, {&positions, {}, true}, {&compact_starts, {}, true}, {&indices, {}, true}};
    UntypedCalls::launch(compact, current_queue(context), args);
}

void narrow_offsets(const ArrayData& starts, const ArrayData& narrow) {
    const Context& context = starts.context();
    const ElementwiseKernel convert(context, {input(DType::int64(), "wide"), Argument::pointer(DType::int32(), "narrow")},
                                    "narrow[i] = (int)wide[i];", {.name = "list_offsets_narrow"});
    const CallArgument args[] = {{&starts, {}}, {&narrow, {}}};
    UntypedCalls::launch(convert, current_queue(context), args);
}

} // namespace rtcg::detail
