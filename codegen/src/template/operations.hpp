#pragma once
// The operators and conversions of template values, with Jinja's (Python's) semantics where
// kernel code can tell the difference, and errors where C++ would have undefined behaviour.
// Each throws OperationError for operands it does not take.
#include "ast.hpp"
#include "render_budget.hpp"

#include <rtcg/codegen/template_value.hpp>

#include <string>
#include <string_view>

namespace rtcg::codegen::templating {

// "int", "float", "bool", "string", "list".
std::string_view type_name(const Value& value) noexcept;

// Python's truth: false, 0, 0.0, "" and [] are false.
bool is_true(const Value& value) noexcept;

Value negate(const Value& operand);

// The arithmetic and comparison operators (`and` and `or` need the evaluator: they may not
// evaluate their right side). Joining or comparing strings takes text from `budget`.
Value apply(BinaryOperator op, const Value& left, const Value& right, RenderBudget& budget);

// sequence[index]; a negative index counts from the end.
Value element(const Value& sequence, const Value& index);

// The value as {{ }} writes it.
std::string to_output(const Value& value);

} // namespace rtcg::codegen::templating
