#include "expression_parser.hpp"

#include "limits.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

namespace rtcg::codegen::templating {
namespace {

struct BinaryOperatorSyntax {
    std::string_view text;
    bool is_keyword; // `and`, `or` are names, the rest symbols
    BinaryOperator op;
    int precedence;
};

constexpr int not_precedence = 3;
constexpr int comparison_precedence = 4;

constexpr std::array<BinaryOperatorSyntax, 14> binary_operators = {{
    {"or", true, BinaryOperator::logical_or, 1},
    {"and", true, BinaryOperator::logical_and, 2},
    {"==", false, BinaryOperator::equal, comparison_precedence},
    {"!=", false, BinaryOperator::not_equal, comparison_precedence},
    {"<", false, BinaryOperator::less, comparison_precedence},
    {"<=", false, BinaryOperator::less_equal, comparison_precedence},
    {">", false, BinaryOperator::greater, comparison_precedence},
    {">=", false, BinaryOperator::greater_equal, comparison_precedence},
    {"+", false, BinaryOperator::add, 5},
    {"-", false, BinaryOperator::subtract, 5},
    {"*", false, BinaryOperator::multiply, 6},
    {"/", false, BinaryOperator::divide, 6},
    {"//", false, BinaryOperator::floor_divide, 6},
    {"%", false, BinaryOperator::modulo, 6},
}};

struct LoopFieldName {
    std::string_view name;
    LoopAttribute::Field field;
};

constexpr std::array<LoopFieldName, 7> loop_fields = {{
    {"index0", LoopAttribute::Field::index0},
    {"index", LoopAttribute::Field::index},
    {"revindex0", LoopAttribute::Field::revindex0},
    {"revindex", LoopAttribute::Field::revindex},
    {"first", LoopAttribute::Field::first},
    {"last", LoopAttribute::Field::last},
    {"length", LoopAttribute::Field::length},
}};

std::optional<BinaryOperatorSyntax> binary_operator_at(const Token& token) {
    const auto kind = token.kind;
    const auto found = std::find_if(binary_operators.begin(), binary_operators.end(), [&](const auto& syntax) {
        return syntax.text == token.text && kind == (syntax.is_keyword ? Token::Kind::name : Token::Kind::symbol);
    });
    if (found == binary_operators.end()) return std::nullopt;
    return *found;
}

class ExpressionParser {
public:
    ExpressionParser(TokenCursor& tokens, NameTable& names, bool inside_loop)
        : tokens_(tokens), names_(names), inside_loop_(inside_loop) {}

    ExpressionPtr parse_binary(int min_precedence) {
        ExpressionPtr left = parse_unary();
        bool left_is_comparison = false;
        while (const auto syntax = binary_operator_at(tokens_.peek())) {
            if (syntax->precedence < min_precedence) break;
            const bool comparison = syntax->precedence == comparison_precedence;
            if (comparison && left_is_comparison)
                fail(tokens_.peek().offset, "comparisons do not chain; join them with 'and'");
            const std::size_t offset = tokens_.next().offset;
            ExpressionPtr right = parse_binary(syntax->precedence + 1);
            const std::size_t depth = std::max(left->depth, right->depth) + 1;
            left = make(offset, depth, Binary{syntax->op, std::move(left), std::move(right)});
            left_is_comparison = comparison;
        }
        return left;
    }

private:
    // Every way the parser recurses passes here, so this bounds the stack for input like
    // "((((((...".
    ExpressionPtr parse_unary() {
        const Token& token = tokens_.peek();
        if (++nesting_ > max_nesting_depth) fail(token.offset, nesting_problem());
        ExpressionPtr parsed;
        if (token.kind == Token::Kind::name && token.text == "not") {
            tokens_.next();
            ExpressionPtr operand = parse_binary(not_precedence + 1);
            const std::size_t depth = operand->depth + 1;
            parsed = make(token.offset, depth, Unary{UnaryOperator::logical_not, std::move(operand)});
        } else if (tokens_.at_symbol("-")) {
            tokens_.next();
            ExpressionPtr operand = parse_unary();
            const std::size_t depth = operand->depth + 1;
            parsed = make(token.offset, depth, Unary{UnaryOperator::negate, std::move(operand)});
        } else {
            parsed = parse_postfix();
        }
        --nesting_;
        return parsed;
    }

    ExpressionPtr parse_postfix() {
        ExpressionPtr parsed = parse_primary();
        while (true) {
            if (tokens_.at_symbol("[")) {
                const std::size_t offset = tokens_.next().offset;
                ExpressionPtr index = parse_binary(0);
                tokens_.expect_symbol("]");
                const std::size_t depth = std::max(parsed->depth, index->depth) + 1;
                parsed = make(offset, depth, Index{std::move(parsed), std::move(index)});
            } else if (tokens_.at_symbol(".")) {
                fail(tokens_.peek().offset, "only 'loop' has attributes (loop.index and the like)");
            } else {
                return parsed;
            }
        }
    }

    ExpressionPtr parse_primary() {
        const Token& token = tokens_.next();
        if (token.kind == Token::Kind::literal) return make(token.offset, 1, Literal{token.literal});
        if (token.kind == Token::Kind::symbol && token.text == "(") {
            ExpressionPtr inner = parse_binary(0);
            tokens_.expect_symbol(")");
            return inner;
        }
        if (token.kind == Token::Kind::symbol && token.text == "[") return parse_list(token.offset);
        if (token.kind != Token::Kind::name) fail(token.offset, "expected an expression, found " + describe(token));
        if (token.text == "true" || token.text == "True") return make(token.offset, 1, Literal{Value(true)});
        if (token.text == "false" || token.text == "False") return make(token.offset, 1, Literal{Value(false)});
        if (is_keyword(token.text)) fail(token.offset, "expected an expression, found " + describe(token));
        if (token.text == "loop" && tokens_.at_symbol(".")) return parse_loop_attribute(token.offset);
        if (tokens_.at_symbol("("))
            fail(token.offset, "there are no functions to call; range() is only for the sequence of a for loop");
        return make(token.offset, 1, Variable{names_.id_of(token.text)});
    }

    // [a, b, c], with an optional trailing comma.
    ExpressionPtr parse_list(std::size_t offset) {
        ListLiteral list;
        std::size_t depth = 1;
        while (!tokens_.at_symbol("]")) {
            list.items.push_back(parse_binary(0));
            depth = std::max(depth, list.items.back()->depth + 1);
            if (!tokens_.accept_symbol(",")) break;
        }
        tokens_.expect_symbol("]");
        return make(offset, depth, std::move(list));
    }

    ExpressionPtr parse_loop_attribute(std::size_t offset) {
        if (!inside_loop_) fail(offset, "'loop' only exists inside a for loop");
        tokens_.expect_symbol(".");
        const Token& attribute = tokens_.next();
        const auto found = std::find_if(loop_fields.begin(), loop_fields.end(),
                                        [&](const auto& field) { return field.name == attribute.text; });
        if (attribute.kind != Token::Kind::name || found == loop_fields.end())
            fail(attribute.offset, "'loop' has no attribute " + describe(attribute) +
                                       " (it has index0, index, revindex0, revindex, first, last, length)");
        return make(offset, 1, LoopAttribute{found->field});
    }

    template <class Node>
    ExpressionPtr make(std::size_t offset, std::size_t depth, Node node) const {
        if (depth > max_nesting_depth) fail(offset, nesting_problem());
        return std::make_unique<const Expression>(Expression{offset, depth, std::move(node)});
    }

    static std::string nesting_problem() {
        return "expression nested too deeply (more than " + std::to_string(max_nesting_depth) + " levels)";
    }

    [[noreturn]] void fail(std::size_t offset, std::string problem) const { tokens_.source().fail(offset, std::move(problem)); }

    TokenCursor& tokens_;
    NameTable& names_;
    bool inside_loop_;
    std::size_t nesting_ = 0;
};

} // namespace

ExpressionPtr parse_expression(TokenCursor& tokens, NameTable& names, bool inside_loop) {
    return ExpressionParser(tokens, names, inside_loop).parse_binary(0);
}

} // namespace rtcg::codegen::templating
