#pragma once
// The parsed template: a tree of statements holding expression trees. Every node keeps the
// offset in the template that errors while rendering it point at.
#include "name_table.hpp"
#include "source.hpp"

#include <rtcg/codegen/template_value.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace rtcg::codegen::templating {

struct Expression;
using ExpressionPtr = std::unique_ptr<const Expression>;

struct Literal {
    Value value;
};

struct Variable {
    NameId name;
};

// loop.index0 and friends, of the innermost for loop.
struct LoopAttribute {
    enum class Field { index0, index, revindex0, revindex, first, last, length } field;
};

enum class UnaryOperator { negate, logical_not };

struct Unary {
    UnaryOperator op;
    ExpressionPtr operand;
};

enum class BinaryOperator {
    add, subtract, multiply, divide, floor_divide, modulo,
    equal, not_equal, less, less_equal, greater, greater_equal,
    logical_and, logical_or,
};

struct Binary {
    BinaryOperator op;
    ExpressionPtr left;
    ExpressionPtr right;
};

struct Index {
    ExpressionPtr sequence;
    ExpressionPtr index;
};

struct ListLiteral {
    std::vector<ExpressionPtr> items;
};

struct Expression {
    std::size_t offset; // the operator for operations, else where the expression starts
    std::size_t depth;  // of this tree: evaluation recurses this deep
    std::variant<Literal, Variable, LoopAttribute, Unary, Binary, Index, ListLiteral> node;
};

struct Statement;
using Block = std::vector<Statement>;

struct TextStatement {
    std::string text;
};

struct OutputStatement {
    ExpressionPtr value;
};

struct SetStatement {
    NameId name;
    ExpressionPtr value;
};

// `for x in range(start, stop, step)`; start and step may be absent.
struct RangeArguments {
    ExpressionPtr start;
    ExpressionPtr stop;
    ExpressionPtr step;
};

struct ForStatement {
    NameId variable;
    std::variant<ExpressionPtr, RangeArguments> sequence;
    Block body;
};

struct IfStatement {
    struct Branch {
        ExpressionPtr condition; // null for else
        Block body;
    };
    std::vector<Branch> branches;
};

struct Statement {
    std::size_t offset;
    std::variant<TextStatement, OutputStatement, SetStatement, ForStatement, IfStatement> node;
};

// What a Template holds: the source for error messages, the variable names by NameId, and the
// statements to run.
struct Program {
    TemplateSource source;
    std::vector<std::string> names;
    Block body;
};

} // namespace rtcg::codegen::templating
