// Evaluating an expression: build (or find) the elementwise kernel that computes it into the
// target for the context, and launch it once on the context's queue.
#include "expression_kernel.hpp"
#include "expression_node.hpp"
#include "storage_overlap.hpp"
#include "untyped_calls.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/elementwise_source.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>

namespace rtcg::detail {
namespace {

// Whether writing the target's element at an index can change a value the expression reads for
// another index: an overlapping array that is not the target's own elements.
bool reads_other_elements(const ArrayData& target, const ExprNode& node) {
    if (node.kind == ExprNode::Kind::array) return storage_overlaps(*node.array, target) && !same_elements(*node.array, target);
    return std::any_of(node.operands.begin(), node.operands.end(),
                       [&](const ExprPtr& operand) { return reads_other_elements(target, *operand); });
}

constexpr std::string_view kernel_name = "expr";

void launch(const ArrayData& target, const ExprPtr& source) {
    const Context& context = target.context();
    EvaluationKernel built = evaluation_kernel(*source, target.dtype(), codegen::dialect_of(context.device()), &target);
    const ElementwiseKernel kernel(context, std::move(built.arguments), built.operation,
                                   {.name = std::string(kernel_name), .preamble = std::move(built.functions)});

    std::vector<CallArgument> values{CallArgument{&target, {}, false}};
    values.insert(values.end(), built.values.begin(), built.values.end());
    UntypedCalls::launch(kernel, current_queue(context), values);
}

} // namespace

ArrayData evaluate(const ExprPtr& node) {
    ArrayData result(node_context(*node), node->type, node->shape);
    launch(result, node);
    return result;
}

void assign(const ArrayData& target, const ExprPtr& node) {
    if (*node->context != target.context())
        throw InvalidArgument("Array::assign: the values belong to another context than the array");
    // The values must broadcast to the target's shape as it is, as numpy's x[...] = values.
    bool fits = node->shape.size() <= target.shape().size();
    for (std::size_t k = 0; fits && k < node->shape.size(); ++k) {
        const std::size_t extent = node->shape[node->shape.size() - 1 - k];
        fits = extent == 1 || extent == target.shape()[target.shape().size() - 1 - k];
    }
    if (!fits)
        throw InvalidArgument("Array::assign: could not broadcast values of shape " + shape_text(node->shape) +
                              " into an array of shape " + shape_text(target.shape()));
    ExprPtr source = reads_other_elements(target, *node) ? array_node(evaluate(node)) : node;
    if (source->type != target.dtype()) source = cast_node(source, target.dtype());
    launch(target, source);
}

} // namespace rtcg::detail

namespace rtcg::detail {

std::string expression_source(const ExprPtr& node, codegen::Dialect dialect) {
    const EvaluationKernel built = evaluation_kernel(*node, node->type, dialect, nullptr);
    return elementwise_source(dialect, built.arguments, built.operation, kernel_name, built.functions);
}

} // namespace rtcg::detail
