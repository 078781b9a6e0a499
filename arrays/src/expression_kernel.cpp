#include "expression_kernel.hpp"

#include "expression_lowering.hpp"

#include <algorithm>

namespace rtcg::detail {
namespace {

using codegen::DType;

// Whether `target` shares storage with an array the expression reads: then no pointer is restrict.
bool shares_storage(const std::vector<CallArgument>& values, const ArrayData* target) {
    return target && std::any_of(values.begin(), values.end(), [&](const CallArgument& v) {
               return v.array && &v.array->buffer() == &target->buffer();
           });
}

std::vector<codegen::Argument> kernel_arguments(const DType& target_type, const std::vector<codegen::Argument>& inputs,
                                                bool restrict_pointers) {
    std::vector<codegen::Argument> arguments{codegen::Argument::pointer(target_type, "out")};
    arguments.insert(arguments.end(), inputs.begin(), inputs.end());
    for (codegen::Argument& argument : arguments) argument.is_restrict = argument.is_pointer && restrict_pointers;
    return arguments;
}

} // namespace

EvaluationKernel evaluation_kernel(const ExprNode& source, const DType& target_type, codegen::Dialect dialect,
                                   const ArrayData* target) {
    DeviceFunctions functions(dialect);
    LoweredExpression lowered = lower(source, dialect, functions);
    return EvaluationKernel{kernel_arguments(target_type, lowered.arguments, !shares_storage(lowered.values, target)),
                            "out[i] = " + lowered.text, functions.definitions(), std::move(lowered.values)};
}

} // namespace rtcg::detail
