// The selection scan (selection_scan.hpp).
#include "selection_scan.hpp"

#include "untyped_calls.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/scan.hpp>
#include <rtcg/core/error.hpp>

#include <cstdint>
#include <limits>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::DType;

// 32-bit counters wherever they can hold the element count: half the local memory and traffic of
// 64-bit ones.
DType count_type(std::size_t n) {
    return n <= std::numeric_limits<std::uint32_t>::max() ? DType::uint32() : DType::int64();
}

} // namespace

void check_selection_outputs(std::string_view operation, const Context& context, const DType& dtype, std::size_t n,
                             const ArrayData& out, const ArrayData& count) {
    if (out.dtype() != dtype || out.context() != context || out.size() < n)
        throw InvalidArgument("the output must be an array of " + std::string(dtype.name()) + " in the input's context with " +
                                  std::to_string(n) + " elements at least, not one of shape " + shape_text(out.shape()) +
                                  " of " + std::string(out.dtype().name()),
                              std::string(operation));
    if (count.dtype() != DType::int64() || count.size() != 1 || count.context() != context)
        throw InvalidArgument("the count must be one int64 element in the input's context, not an array of shape " +
                                  shape_text(count.shape()) + " of " + std::string(count.dtype().name()),
                              std::string(operation));
}

void select_by_scan(const SelectionScan& selection, const ArrayData& count) {
    const ArrayData& first = *selection.values.front().array;
    const Context& context = first.context();
    Queue& queue = current_queue(context);
    if (first.size() == 0) {
        fill(count, host_scalar(std::int64_t{0}));
        return;
    }
    const DType counter = count_type(first.size());
    std::vector<Argument> arguments = selection.arguments;
    arguments.push_back(Argument::pointer(DType::int64(), "count"));
    const ScanKernel scan(context, counter, std::move(arguments),
                          {.input_expr = "(" + selection.predicate + ") ? 1 : 0",
                           .scan_expr = "a + b",
                           .neutral = "0",
                           .output_statement = selection.statement + ";\nif (i == n - 1) count[0] = item"},
                          {.name = selection.name, .preamble = selection.preamble, .any_size_arrays = {"out", "count"}});
    std::vector<CallArgument> values = selection.values;
    values.push_back(CallArgument{&count, {}});
    UntypedCalls::launch(scan, queue, values);
}

} // namespace rtcg::detail
