// Array fills and copies as generated elementwise kernels, one per element type and context.
#include "untyped_calls.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/core/error.hpp>

#include <vector>

namespace rtcg::detail {
namespace {

using codegen::Argument;

void launch_fill(const ArrayData& array, std::vector<Argument> arguments, std::string_view operation,
                 std::string name, std::span<const CallArgument> values) {
    const ElementwiseKernel kernel(array.context(), std::move(arguments), operation, {.name = std::move(name)});
    std::vector<CallArgument> args{CallArgument{&array, {}}};
    args.insert(args.end(), values.begin(), values.end());
    UntypedCalls::launch(kernel, current_queue(array.context()), args);
}

// copy_elements' arguments and kernel: the source broadcast to the target's shape (which checks
// the shapes), then `out[i] = x[i]` of their type.
struct CopyCall {
    ArrayData broadcast;
    ElementwiseKernel kernel;

    CopyCall(const ArrayData& target, const ArrayData& source)
        : broadcast(checked(target, source).broadcast_to(target.shape())),
          kernel(target.context(),
                 {Argument::pointer(target.dtype(), "out"),
                  Argument::pointer(target.dtype(), "x", codegen::AddressSpace::global, true)},
                 "out[i] = x[i]", {.name = "copy"}) {}

    static const ArrayData& checked(const ArrayData& target, const ArrayData& source) {
        if (target.dtype() != source.dtype() || target.context() != source.context())
            throw InvalidArgument("copying an array of " + std::string(source.dtype().name()) + " into one of " +
                                      std::string(target.dtype().name()) +
                                      (target.context() != source.context() ? " of another context" : ""),
                                  "Array copy");
        return source;
    }
};

} // namespace

void fill(const ArrayData& array, const HostScalar& value) {
    const CallArgument values[] = {{nullptr, value}};
    launch_fill(array, {Argument::pointer(array.dtype(), "x"), Argument::scalar(array.dtype(), "value")},
                "x[i] = value", "fill", values);
}

void fill_arange(const ArrayData& array, const HostScalar& start, const HostScalar& step) {
    const CallArgument values[] = {{nullptr, start}, {nullptr, step}};
    launch_fill(array,
                {Argument::pointer(array.dtype(), "x"), Argument::scalar(array.dtype(), "start"),
                 Argument::scalar(array.dtype(), "step")},
                "x[i] = start + i * step", "arange", values);
}

void copy_elements(const ArrayData& target, const ArrayData& source) {
    const CopyCall call(target, source);
    const CallArgument args[] = {{&target, {}}, {&call.broadcast, {}}};
    UntypedCalls::launch(call.kernel, current_queue(target.context()), args);
}

std::string copy_elements_source(const ArrayData& target, const ArrayData& source) {
    const CopyCall call(target, source);
    const CallArgument args[] = {{&target, {}}, {&call.broadcast, {}}};
    return UntypedCalls::source(call.kernel, args);
}

ArrayData contiguous(const ArrayData& array) {
    if (array.is_contiguous()) return array;
    ArrayData copy(array.context(), array.dtype(), array.shape());
    copy_elements(copy, array);
    return copy;
}

} // namespace rtcg::detail
