#pragma once
// The elementwise kernels that evaluate an expression into an array: one index per step of the
// loop (any arrays), or two adjacent indices per step, for which arrays of 4-byte elements are
// read and written as 8-byte vectors. A GPU moves 4-byte elements well below its bandwidth (an
// H200 reached 87% of copy bandwidth for z = a*x + b*y in float32, 97% with 8-byte vectors; see
// bench/NOTES.md), so the paired form is used wherever its alignment holds.
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
    bool paired = false; // launch over ceil(size / 2) indices with the element count as the last value
};

// `out[i] = <expression>`. `target`, when given, is the array the kernel will write: if it shares
// storage with no input, every pointer can be restrict.
EvaluationKernel evaluation_kernel(const ExprNode& source, const codegen::DType& target_type, codegen::Dialect dialect,
                                   const ArrayData* target);

// An expression's text for elements 2i and 2i + 1 of its arrays (rtcg_first = 2i), for kernels
// that handle two adjacent elements at a time.
struct PairedLanes {
    std::string loads;        // statements: the loads, as 8-byte vectors for 4-byte elements
    std::string lane0, lane1; // the expression at rtcg_first and rtcg_first + 1, after `loads`
    std::string alone;        // the expression at rtcg_first, reading memory (the last, odd element)
    // As lower() gives them, then the element count `count` (int64), whose value the caller
    // appends to `values` when it launches.
    std::vector<codegen::Argument> arguments;
    std::vector<CallArgument> values;
};

// nullopt when no array read (or written, with elements of type `written`, by a kernel that stores
// element by element) has 4-byte elements, or one of those starts at an odd element of its
// storage (the vector would be misaligned). With `target` null, the output is taken as aligned.
std::optional<PairedLanes> paired_lanes(const ExprNode& source, const std::optional<codegen::DType>& written,
                                        codegen::Dialect dialect, DeviceFunctions& functions, const ArrayData* target);

// The indices a paired kernel runs over for `elements` elements: one per pair, and one for a last,
// odd element.
Range paired_range(std::int64_t elements);

// Index i of the kernel computes elements 2i and 2i + 1 (the last, of an odd count, alone); its
// last argument is the element count. nullopt where paired_lanes is.
std::optional<EvaluationKernel> paired_evaluation_kernel(const ExprNode& source, const codegen::DType& target_type,
                                                         codegen::Dialect dialect, const ArrayData* target);

} // namespace rtcg::detail
