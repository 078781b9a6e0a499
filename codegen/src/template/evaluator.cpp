#include "evaluator.hpp"

#include "operations.hpp"

namespace rtcg::codegen::templating {

Value Evaluator::evaluate(const Expression& expression) {
    // The operands' own failures arrive here as TemplateErrors already; what is caught is this
    // node's, and gets this node's place.
    try {
        budget_.take_step();
        return std::visit([this](const auto& node) { return evaluate_node(node); }, expression.node);
    } catch (const OperationError& error) {
        program_.source.fail(expression.offset, error.problem);
    }
}

Value Evaluator::evaluate_node(const Variable& variable) {
    const Value* value = scope_.find(variable.name);
    if (value == nullptr) throw OperationError{"unknown variable '" + program_.names[variable.name] + "'"};
    return *value;
}

Value Evaluator::evaluate_node(const LoopAttribute& attribute) {
    const auto [index, length] = scope_.innermost_loop();
    switch (attribute.field) {
    case LoopAttribute::Field::index0: return index;
    case LoopAttribute::Field::index: return index + 1;
    case LoopAttribute::Field::revindex0: return length - index - 1;
    case LoopAttribute::Field::revindex: return length - index;
    case LoopAttribute::Field::first: return index == 0;
    case LoopAttribute::Field::last: return index + 1 == length;
    case LoopAttribute::Field::length: return length;
    }
    return Value();
}

Value Evaluator::evaluate_node(const Unary& unary) {
    const Value operand = evaluate(*unary.operand);
    return unary.op == UnaryOperator::negate ? negate(operand) : Value(!is_true(operand));
}

Value Evaluator::evaluate_node(const Binary& binary) {
    Value left = evaluate(*binary.left);
    // `and` and `or` give the operand that decided, and skip the right one when the left decides.
    if (binary.op == BinaryOperator::logical_and) return is_true(left) ? evaluate(*binary.right) : left;
    if (binary.op == BinaryOperator::logical_or) return is_true(left) ? left : evaluate(*binary.right);
    return apply(binary.op, left, evaluate(*binary.right), budget_);
}

Value Evaluator::evaluate_node(const Index& index) {
    const Value sequence = evaluate(*index.sequence);
    return element(sequence, evaluate(*index.index));
}

Value Evaluator::evaluate_node(const ListLiteral& list) {
    std::vector<Value> items;
    items.reserve(list.items.size());
    for (const auto& item : list.items) items.push_back(evaluate(*item));
    return items;
}

} // namespace rtcg::codegen::templating
