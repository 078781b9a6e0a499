// Reductions of expressions: the expression, lowered, is the map of a ReductionKernel whose
// combining expression and identity depend on the reduction and the result type.
#include "expression_kernel.hpp"
#include "expression_lowering.hpp"
#include "reduction_operations.hpp"
#include "reduction_source.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/reduction.hpp>
#include <rtcg/arrays/reductions.hpp>
#include <rtcg/codegen/literal.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>

namespace rtcg::detail {
namespace {

using codegen::Dialect;
using codegen::DType;

constexpr std::string_view reduction_names[] = {"sum", "min", "max", "max", "all", "any"};

struct Combination {
    std::string reduce_expr;
    std::string neutral;
};

Combination combination(Reduction reduction, const DType& type, Dialect dialect, DeviceFunctions& functions) {
    const std::string zero = type.is_complex() ? codegen::complex_literal(dialect, type, 0) : "0";
    switch (reduction) {
    case Reduction::sum: return {sum_of(type, dialect), zero};
    case Reduction::min: return {functions.minimum(type) + "(a, b)", extreme(type, dialect, true)};
    case Reduction::max: return {functions.maximum(type) + "(a, b)", extreme(type, dialect, false)};
    case Reduction::largest_magnitude: return {functions.maximum(type) + "(a, b)", zero};
    case Reduction::all: return {"(a && b)", "1"};
    case Reduction::any: return {"(a || b)", "0"};
    }
    throw InvalidArgument("rtcg reduction: unknown reduction");
}

std::size_t element_count(const std::vector<std::size_t>& shape) {
    std::size_t n = 1;
    for (std::size_t d : shape) n *= d;
    return n;
}

// What reduces `operand` into a result of `type`, in `dialect`, and the values to call it with.
// ReductionKernel reads its arrays in pairs where they line up for it (element_pairing.hpp).
struct ExpressionReduction {
    ReductionDescription description;
    std::vector<CallArgument> values;
};

ExpressionReduction expression_reduction(Reduction reduction, const ExprPtr& operand, const DType& type,
                                         Dialect dialect) {
    const ExprPtr source = operand->type == type ? operand : cast_node(operand, type);
    DeviceFunctions functions(dialect);
    const Combination combine = combination(reduction, type, dialect, functions);
    LoweredExpression lowered = lower(*source, dialect, functions);
    return ExpressionReduction{ReductionDescription{type, combine.neutral, combine.reduce_expr, std::move(lowered.text),
                                                    std::move(lowered.arguments), functions.definitions(), "expr"},
                               std::move(lowered.values)};
}

// Whether the reduction's kernel reads every array of the tree as it is: each contiguous and of
// the expression's shape, or 0-dimensional (read at index 0).
bool reads_in_place(const ExprNode& node, const std::vector<std::size_t>& shape) {
    if (node.kind == ExprNode::Kind::array)
        return node.array->shape().empty() || (node.array->is_contiguous() && node.array->shape() == shape);
    return std::all_of(node.operands.begin(), node.operands.end(),
                       [&](const ExprPtr& operand) { return reads_in_place(*operand, shape); });
}

} // namespace

void reduce(Reduction reduction, const ExprPtr& given, const ArrayData& result) {
    // Strided and broadcast arrays are evaluated into one contiguous temporary first.
    const ExprPtr operand = reads_in_place(*given, given->shape) ? given : array_node(evaluate(given));
    const std::string_view name = reduction_names[static_cast<int>(reduction)];
    const bool needs_identity = reduction == Reduction::min || reduction == Reduction::max;
    const auto count = static_cast<std::int64_t>(element_count(operand->shape));
    if (needs_identity && count == 0)
        throw InvalidArgument("rtcg::" + std::string(name) +
                              ": the operand is empty, and a " + std::string(name) + " has no identity");
    const Context& context = result.context();
    ExpressionReduction built =
        expression_reduction(reduction, operand, result.dtype(), codegen::dialect_of(context.device()));
    ReductionDescription& d = built.description;
    const UntypedReductionKernel kernel(
        context, std::move(d.dtype_out), std::move(d.arguments),
        {.map_expr = std::move(d.map_expr), .reduce_expr = std::move(d.reduce_expr), .neutral = std::move(d.neutral)},
        {.name = std::move(d.name), .preamble = std::move(d.preamble)});
    // A 0-dimensional operand reads only arrays flagged broadcast, which give no size.
    const Range single{0, 1, 1};
    kernel.launch_into(current_queue(context), built.values, result, operand->shape.empty() ? &single : nullptr);
}

std::string expression_reduction_source(Reduction reduction, const ExprPtr& operand, const DType& type,
                                        Dialect dialect) {
    // The shape changes constants only; this one is common on GPUs.
    const ReductionDescription description = expression_reduction(reduction, operand, type, dialect).description;
    const std::optional<PairedSnippet> pairs = reduction_pairs(description);
    return reduction_source(dialect, description, WorkShape{256, 16}, pairs ? &*pairs : nullptr);
}

} // namespace rtcg::detail
