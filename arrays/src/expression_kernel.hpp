#pragma once
// The elementwise kernel that evaluates an expression into an array: `out[i] = <expression>`,
// which ElementwiseKernel runs two indices per step where its arrays line up for it
// (element_pairing.hpp).
#include "expression_functions.hpp"
#include "expression_node.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rtcg::detail {

// The arguments (the output `out` first), operation and device functions of an ElementwiseKernel.
struct EvaluationKernel {
    std::vector<codegen::Argument> arguments;
    std::string operation;
    std::string functions;
    std::vector<CallArgument> values; // without the output
};

// `out[i] = <expression>`. `target`, when given, is the array the kernel will write: if it shares
// storage with no input, every pointer can be restrict.
EvaluationKernel evaluation_kernel(const ExprNode& source, const codegen::DType& target_type, codegen::Dialect dialect,
                                   const ArrayData* target);

} // namespace rtcg::detail
