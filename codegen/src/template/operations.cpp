#include "operations.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>

namespace rtcg::codegen::templating {
namespace {

using Kind = Value::Kind;

bool is_number(const Value& value) noexcept { return value.kind() == Kind::integer || value.kind() == Kind::floating; }

double to_double(const Value& value) {
    return value.kind() == Kind::integer ? static_cast<double>(value.as_int()) : value.as_float();
}

std::string_view symbol(BinaryOperator op) noexcept {
    switch (op) {
    case BinaryOperator::add: return "+";
    case BinaryOperator::subtract: return "-";
    case BinaryOperator::multiply: return "*";
    case BinaryOperator::divide: return "/";
    case BinaryOperator::floor_divide: return "//";
    case BinaryOperator::modulo: return "%";
    case BinaryOperator::equal: return "==";
    case BinaryOperator::not_equal: return "!=";
    case BinaryOperator::less: return "<";
    case BinaryOperator::less_equal: return "<=";
    case BinaryOperator::greater: return ">";
    case BinaryOperator::greater_equal: return ">=";
    case BinaryOperator::logical_and: return "and";
    case BinaryOperator::logical_or: return "or";
    }
    return "?";
}

std::string_view verb(BinaryOperator op) noexcept {
    switch (op) {
    case BinaryOperator::add: return "add";
    case BinaryOperator::subtract: return "subtract";
    case BinaryOperator::multiply: return "multiply";
    case BinaryOperator::divide: return "divide";
    case BinaryOperator::floor_divide: return "floor-divide";
    case BinaryOperator::modulo: return "take the remainder of";
    default: return "compare";
    }
}

[[noreturn]] void fail_operands(BinaryOperator op, const Value& left, const Value& right) {
    throw OperationError{"cannot " + std::string(verb(op)) + " " + std::string(type_name(left)) + " and " +
                         std::string(type_name(right))};
}

[[noreturn]] void fail_overflow(std::int64_t left, BinaryOperator op, std::int64_t right) {
    throw OperationError{"integer overflow: " + std::to_string(left) + " " + std::string(symbol(op)) + " " +
                         std::to_string(right) + " does not fit in 64 bits"};
}

[[noreturn]] void fail_zero_divisor(BinaryOperator op) {
    throw OperationError{op == BinaryOperator::modulo ? "modulo by zero" : "division by zero"};
}

// Python's integer operators on 64 bits: / gives a float, // and % round towards negative
// infinity (so -7 // 2 == -4 and -7 % 3 == 2), and overflow is an error, not a wrap.
Value integer_arithmetic(BinaryOperator op, std::int64_t left, std::int64_t right) {
    std::int64_t result = 0;
    switch (op) {
    case BinaryOperator::add:
        if (__builtin_add_overflow(left, right, &result)) fail_overflow(left, op, right);
        return result;
    case BinaryOperator::subtract:
        if (__builtin_sub_overflow(left, right, &result)) fail_overflow(left, op, right);
        return result;
    case BinaryOperator::multiply:
        if (__builtin_mul_overflow(left, right, &result)) fail_overflow(left, op, right);
        return result;
    case BinaryOperator::divide:
        if (right == 0) fail_zero_divisor(op);
        return static_cast<double>(left) / static_cast<double>(right);
    case BinaryOperator::floor_divide:
        if (right == 0) fail_zero_divisor(op);
        if (left == std::numeric_limits<std::int64_t>::min() && right == -1) fail_overflow(left, op, right);
        result = left / right;
        if (left % right != 0 && ((left < 0) != (right < 0))) --result;
        return result;
    case BinaryOperator::modulo:
        if (right == 0) fail_zero_divisor(op);
        // INT64_MIN % -1 overflows in C++; every integer is a multiple of -1.
        if (right == -1) return std::int64_t{0};
        result = left % right;
        if (result != 0 && ((result < 0) != (right < 0))) result += right;
        return result;
    default: fail_operands(op, Value(left), Value(right));
    }
}

Value float_arithmetic(BinaryOperator op, double left, double right) {
    switch (op) {
    case BinaryOperator::add: return left + right;
    case BinaryOperator::subtract: return left - right;
    case BinaryOperator::multiply: return left * right;
    case BinaryOperator::divide:
        if (right == 0) fail_zero_divisor(op);
        return left / right;
    case BinaryOperator::floor_divide:
        if (right == 0) fail_zero_divisor(op);
        return std::floor(left / right);
    case BinaryOperator::modulo: {
        if (right == 0) fail_zero_divisor(op);
        double remainder = std::fmod(left, right);
        if (remainder != 0 && ((remainder < 0) != (right < 0))) remainder += right;
        return remainder;
    }
    default: fail_operands(op, Value(left), Value(right));
    }
}

// Comparing long strings again and again is slow work too, so it takes text from the budget.
void take_comparison(const std::string& left, const std::string& right, RenderBudget& budget) {
    budget.take_text(std::min(left.size(), right.size()));
}

// Numbers compare by value (1 == 1.0), other kinds only with their own kind; values of
// different kinds are unequal. Lists are not compared at all: list equality would have to walk
// shared sublists, which a template can nest exponentially.
bool equal(const Value& left, const Value& right, RenderBudget& budget) {
    if (left.kind() == Kind::list || right.kind() == Kind::list) fail_operands(BinaryOperator::equal, left, right);
    if (left.kind() == Kind::integer && right.kind() == Kind::integer) return left.as_int() == right.as_int();
    if (is_number(left) && is_number(right)) return to_double(left) == to_double(right);
    if (left.kind() != right.kind()) return false;
    if (left.kind() == Kind::boolean) return left.as_bool() == right.as_bool();
    take_comparison(left.as_string(), right.as_string(), budget);
    return left.as_string() == right.as_string();
}

template <class T>
bool ordered(BinaryOperator op, const T& left, const T& right) {
    switch (op) {
    case BinaryOperator::less: return left < right;
    case BinaryOperator::less_equal: return left <= right;
    case BinaryOperator::greater: return left > right;
    default: return left >= right;
    }
}

// < <= > >=: numbers with numbers (a nan is unordered: every comparison is false), strings
// with strings by bytes.
bool ordered(BinaryOperator op, const Value& left, const Value& right, RenderBudget& budget) {
    if (left.kind() == Kind::integer && right.kind() == Kind::integer) return ordered(op, left.as_int(), right.as_int());
    if (is_number(left) && is_number(right)) return ordered(op, to_double(left), to_double(right));
    if (left.kind() == Kind::string && right.kind() == Kind::string) {
        take_comparison(left.as_string(), right.as_string(), budget);
        return ordered(op, left.as_string(), right.as_string());
    }
    fail_operands(op, left, right);
}

std::string float_to_output(double value) {
    if (!std::isfinite(value))
        throw OperationError{"float " + std::string(std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf")) +
                             " has no C literal"};
    std::array<char, 32> buffer{};
    const auto written = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value).ptr;
    std::string text(buffer.data(), written);
    // The shortest text that reads back as the same double; "1" would be an int in C.
    if (text.find_first_of(".e") == std::string::npos) text += ".0";
    return text;
}

} // namespace

std::string_view type_name(const Value& value) noexcept {
    switch (value.kind()) {
    case Kind::integer: return "int";
    case Kind::floating: return "float";
    case Kind::boolean: return "bool";
    case Kind::string: return "string";
    case Kind::list: return "list";
    }
    return "?";
}

bool is_true(const Value& value) noexcept {
    switch (value.kind()) {
    case Kind::integer: return value.as_int() != 0;
    case Kind::floating: return value.as_float() != 0;
    case Kind::boolean: return value.as_bool();
    case Kind::string: return !value.as_string().empty();
    case Kind::list: return !value.as_list().empty();
    }
    return false;
}

Value negate(const Value& operand) {
    if (operand.kind() == Kind::floating) return -operand.as_float();
    if (operand.kind() != Kind::integer) throw OperationError{"cannot negate " + std::string(type_name(operand))};
    if (operand.as_int() == std::numeric_limits<std::int64_t>::min())
        throw OperationError{"integer overflow: -(" + std::to_string(operand.as_int()) + ") does not fit in 64 bits"};
    return -operand.as_int();
}

Value apply(BinaryOperator op, const Value& left, const Value& right, RenderBudget& budget) {
    switch (op) {
    case BinaryOperator::equal: return equal(left, right, budget);
    case BinaryOperator::not_equal: return !equal(left, right, budget);
    case BinaryOperator::less:
    case BinaryOperator::less_equal:
    case BinaryOperator::greater:
    case BinaryOperator::greater_equal: return ordered(op, left, right, budget);
    default: break;
    }
    if (left.kind() == Kind::integer && right.kind() == Kind::integer)
        return integer_arithmetic(op, left.as_int(), right.as_int());
    if (is_number(left) && is_number(right)) return float_arithmetic(op, to_double(left), to_double(right));
    if (op == BinaryOperator::add && left.kind() == Kind::string && right.kind() == Kind::string) {
        budget.take_text(left.as_string().size() + right.as_string().size());
        return left.as_string() + right.as_string();
    }
    fail_operands(op, left, right);
}

Value element(const Value& sequence, const Value& index) {
    if (sequence.kind() != Kind::list) throw OperationError{"cannot index " + std::string(type_name(sequence)) + "; only lists have elements"};
    if (index.kind() != Kind::integer) throw OperationError{"a list index must be an int, not " + std::string(type_name(index))};
    const auto& items = sequence.as_list();
    const auto size = static_cast<std::int64_t>(items.size());
    const std::int64_t position = index.as_int() < 0 ? index.as_int() + size : index.as_int();
    if (index.as_int() < -size || position >= size)
        throw OperationError{"index " + std::to_string(index.as_int()) + " is out of range for a list of " +
                             std::to_string(size) + (size == 1 ? " item" : " items")};
    return items[static_cast<std::size_t>(position)];
}

std::string to_output(const Value& value) {
    switch (value.kind()) {
    case Kind::integer: return std::to_string(value.as_int());
    case Kind::floating: return float_to_output(value.as_float());
    case Kind::boolean: return value.as_bool() ? "true" : "false";
    case Kind::string: return value.as_string();
    case Kind::list: break;
    }
    throw OperationError{"cannot output a list; loop over it or index it"};
}

} // namespace rtcg::codegen::templating
