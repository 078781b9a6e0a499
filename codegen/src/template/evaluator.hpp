#pragma once
// Computes expressions during a render. Recursion follows the expression tree, whose depth the
// parser bounded.
#include "ast.hpp"
#include "render_budget.hpp"
#include "scope.hpp"

namespace rtcg::codegen::templating {

class Evaluator {
public:
    Evaluator(const Program& program, const Scope& scope, RenderBudget& budget)
        : program_(program), scope_(scope), budget_(budget) {}

    // Throws TemplateError at the node that failed.
    Value evaluate(const Expression& expression);

private:
    Value evaluate_node(const Literal& literal) { return literal.value; }
    Value evaluate_node(const Variable& variable);
    Value evaluate_node(const LoopAttribute& attribute);
    Value evaluate_node(const Unary& unary);
    Value evaluate_node(const Binary& binary);
    Value evaluate_node(const Index& index);
    Value evaluate_node(const ListLiteral& list);

    const Program& program_;
    const Scope& scope_;
    RenderBudget& budget_;
};

} // namespace rtcg::codegen::templating
