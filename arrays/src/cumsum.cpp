// cumsum and exclusive_cumsum: one ScanKernel per element type and context serves both forms.
#include "untyped_calls.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/scan.hpp>
#include <rtcg/core/error.hpp>

namespace rtcg::detail {

void cumsum(const ArrayData& in, const ArrayData& out, bool exclusive) {
    if (in.dtype() != out.dtype() || in.size() != out.size() || in.context() != out.context())
        throw InvalidArgument("cumsum: the output must be an array of the input's dtype, size and context");
    const codegen::DType& type = in.dtype();
    const ScanKernel scan(in.context(), type,
                          {codegen::Argument::pointer(type, "x", codegen::AddressSpace::global, true),
                           codegen::Argument::pointer(type, "y"), codegen::Argument::scalar(codegen::DType::boolean(), "exclusive")},
                          {.input_expr = "x[i]",
                           .scan_expr = "a + b",
                           .neutral = "0",
                           .output_statement = "y[i] = exclusive ? prev_item : item"}, {.name = "cumsum"});
    const CallArgument args[] = {{&in, {}}, {&out, {}}, {nullptr, host_scalar(exclusive)}};
    UntypedCalls::launch(scan, current_queue(in.context()), args);
}

} // namespace rtcg::detail
