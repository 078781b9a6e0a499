// cumsum, cumprod and exclusive_cumsum of the flattened array, and the scans of rows that the
// scans along an axis use: one ScanKernel per element type, operation and context serves the
// inclusive and the exclusive form, and one more each where rows restart the scan.
#include "running_scan.hpp"

#include "storage_overlap.hpp"
#include "untyped_calls.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace rtcg::detail {

std::string running_combine(RunningOperation operation) {
    return operation == RunningOperation::sum ? "a + b" : "a * b";
}

std::string running_neutral(RunningOperation operation) { return operation == RunningOperation::sum ? "0" : "1"; }

namespace {

const char* operation_name(RunningOperation operation) {
    return operation == RunningOperation::sum ? "cumsum" : "cumprod";
}

} // namespace

void scan_rows(const ArrayData& in, const ArrayData& out, std::size_t row_length, RunningOperation operation,
               bool exclusive) {
    if (in.size() == 0) return;
    const codegen::DType& type = in.dtype();
    const bool segmented = row_length < in.size();
    std::vector<codegen::Argument> arguments{codegen::Argument::pointer(type, "x", codegen::AddressSpace::global, true),
                                             codegen::Argument::pointer(type, "y"),
                                             codegen::Argument::scalar(codegen::DType::boolean(), "exclusive")};
    // The row length is an argument only where rows restart the scan: a single row needs no
    // division per element. Below 2^32 elements the division is 32-bit, several times cheaper on
    // GPUs than 64-bit; `narrow` chooses at run time, so that one kernel serves every size.
    if (segmented) {
        arguments.push_back(codegen::Argument::scalar(codegen::DType::int64(), "row_length"));
        arguments.push_back(codegen::Argument::scalar(codegen::DType::boolean(), "narrow"));
    }
    const ScanKernel scan(in.context(), type, std::move(arguments),
                          {.input_expr = "x[i]",
                           .scan_expr = running_combine(operation),
                           .neutral = running_neutral(operation),
                           .output_statement = "y[i] = exclusive ? prev_item : item"},
                          {.name = std::string(operation_name(operation)) + (segmented ? "_rows" : ""),
                           .is_segment_start_expr =
                               segmented ? "(narrow ? (unsigned int)i % (unsigned int)row_length == 0u "
                                           ": i % row_length == 0)"
                                         : ""});
    const auto length = static_cast<std::int64_t>(row_length);
    const bool narrow = in.size() < (std::size_t{1} << 32);
    Queue& queue = current_queue(in.context());
    if (segmented) {
        const CallArgument args[] = {{&in, {}}, {&out, {}}, {nullptr, host_scalar(exclusive)},
                                     {nullptr, host_scalar(length)}, {nullptr, host_scalar(narrow)}};
        UntypedCalls::launch(scan, queue, args);
    } else {
        const CallArgument args[] = {{&in, {}}, {&out, {}}, {nullptr, host_scalar(exclusive)}};
        UntypedCalls::launch(scan, queue, args);
    }
}

void check_distinct_elements(const ArrayData& out, std::string_view where) {
    if (has_repeated_elements(out))
        throw InvalidArgument("the output of shape " + shape_text(out.shape()) +
                                  " repeats elements (a broadcast view), which a scan cannot write",
                              std::string(where));
}

void scan_into(const ArrayData& in, const ArrayData& out, bool needs_contiguous,
               const std::function<void(const ArrayData&)>& scan) {
    const bool fits = (!needs_contiguous || out.is_contiguous()) && (!storage_overlaps(in, out) || same_elements(in, out));
    if (fits) return scan(out);
    const ArrayData staged(out.context(), out.dtype(), out.shape());
    scan(staged);
    copy_elements(out, staged);
}

void running_scan(const ArrayData& in, const ArrayData& out, RunningOperation operation, bool exclusive,
                  std::string_view function) {
    if (in.dtype() != out.dtype() || in.size() != out.size() || in.context() != out.context())
        throw InvalidArgument("the output must be an array of the input's dtype and context, of " +
                                  std::to_string(in.size()) + " elements",
                              std::string(function));
    check_distinct_elements(out, function);
    // The ScanKernel reads and writes each array through its strides in its own C order, so any
    // shape and layout of `out` will do.
    scan_into(in, out, false, [&](const ArrayData& target) { scan_rows(in, target, in.size(), operation, exclusive); });
}

} // namespace rtcg::detail
