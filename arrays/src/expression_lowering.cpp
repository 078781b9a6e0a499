// Spelling expression trees as C: every node's text is an expression of the node's type in the
// dialect. Nodes arrive with their operands already converted (expression_node.cpp), so each
// operation is spelled for one type. bool values are C ints 0 and 1.
#include "expression_lowering.hpp"

#include "expression_functions.hpp"
#include "storage_overlap.hpp"

#include <rtcg/codegen/literal.hpp>
#include <rtcg/core/error.hpp>

#include <cmath>
#include <numbers>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::Dialect;
using codegen::DType;
using expr::BinaryOp;
using expr::UnaryOp;

std::string call(std::string_view function, const std::string& a) { return std::string(function) + "(" + a + ")"; }
std::string call(std::string_view function, const std::string& a, const std::string& b) {
    return std::string(function) + "(" + a + ", " + b + ")";
}
std::string infix(const std::string& a, std::string_view op, const std::string& b) {
    return "(" + a + " " + std::string(op) + " " + b + ")";
}

bool is_bool(const DType& type) { return type.kind() == codegen::TypeKind::boolean; }

class Lowering {
public:
    Lowering(Dialect dialect, DeviceFunctions& functions) : dialect_(dialect), functions_(functions) {}

    std::string text(const ExprNode& node) {
        switch (node.kind) {
        case ExprNode::Kind::array: return array(node);
        case ExprNode::Kind::scalar: return scalar(node);
        case ExprNode::Kind::cast: return cast(text(*node.operands[0]), node.operands[0]->type, node.type);
        case ExprNode::Kind::unary: return unary(node.unary, text(*node.operands[0]), node.operands[0]->type);
        case ExprNode::Kind::binary:
            // The Bessel functions' first operand is the integer order: their type is x's.
            return binary(node.binary, text(*node.operands[0]), text(*node.operands[1]),
                          node.operands[node.binary == BinaryOp::bessel_jn || node.binary == BinaryOp::bessel_yn]->type);
        case ExprNode::Kind::where:
            return "(" + nonzero(text(*node.operands[0]), node.operands[0]->type) + " ? " + text(*node.operands[1]) +
                   " : " + text(*node.operands[2]) + ")";
        case ExprNode::Kind::fma:
            return fma(text(*node.operands[0]), text(*node.operands[1]), text(*node.operands[2]), node.type);
        }
        throw InvalidArgument("rtcg expression: unknown node");
    }

    LoweredExpression finish(std::string text) {
        return LoweredExpression{std::move(arguments_), std::move(values_), std::move(text)};
    }

private:
    // Each distinct array (same elements: storage_overlap.hpp) is one argument, read once per
    // index. A 0-dimensional array is read at index 0 and takes no part in the call's shape, so
    // that it leaves a call over contiguous arrays flat (call_layout.hpp).
    std::string array(const ExprNode& node) {
        const ArrayData& data = *node.array;
        const bool single = data.shape().empty();
        std::size_t k = 0;
        while (k < values_.size() &&
               !(values_[k].array && same_elements(*values_[k].array, data)))
            ++k;
        if (k == values_.size()) {
            arguments_.push_back(Argument::pointer(data.dtype(), "x" + std::to_string(k),
                                                   codegen::AddressSpace::global, true));
            values_.push_back(CallArgument{&data, {}, single});
        }
        return arguments_[k].name + (single ? "[0]" : "[i]");
    }

    std::string scalar(const ExprNode& node) {
        const std::size_t k = values_.size();
        arguments_.push_back(Argument::scalar(node.type, "s" + std::to_string(k)));
        values_.push_back(CallArgument{nullptr, node.scalar.view(), false});
        return arguments_.back().name;
    }

    std::string real_literal(const DType& real, double value) const {
        return codegen::floating_literal(dialect_, real, value);
    }

    std::string nonzero(const std::string& x, const DType& type) {
        if (type.is_complex()) return call(functions_.complex_nonzero(type), x);
        if (is_bool(type)) return x;
        return "(" + x + " != 0)";
    }

    std::string cast(const std::string& x, const DType& from, const DType& to) {
        if (from == to) return x;
        if (is_bool(to)) return nonzero(x, from);
        if (to.is_complex()) {
            if (from.is_complex()) return call(complex_prefix(to) + "_from" + complex_prefix(from), x);
            return call(complex_prefix(to) + "_fromreal", cast(x, from, to.element()));
        }
        if (from.is_complex()) return cast("(" + x + ").real", from.element(), to);
        if (from.is_floating() && to.is_integer()) return call(functions_.saturating_cast(from, to), x);
        return "((" + c_type(to, dialect_) + ")" + x + ")";
    }

    std::string unary(UnaryOp op, const std::string& a, const DType& type) {
        const bool complex = type.is_complex();
        const std::string prefix = complex ? complex_prefix(type) : "";
        switch (op) {
        case UnaryOp::negative:
            if (complex) return call(prefix + "_neg", a);
            if (type.is_integer()) return wrapped("0", "-", a, type);
            return "(-" + a + ")";
        case UnaryOp::logical_not: return "(!" + nonzero(a, type) + ")";
        case UnaryOp::conjugate: return complex ? call(prefix + "_conj", a) : a;
        case UnaryOp::bitwise_not: return is_bool(type) ? "(!" + a + ")" : "((" + c_type(type, dialect_) + ")~" + a + ")";
        case UnaryOp::absolute:
            if (complex) return call(prefix + "_abs", a);
            if (type.is_integer()) return type.is_signed() ? call(functions_.integer_absolute(type), a) : a;
            if (is_bool(type)) return a;
            return call(math_function("fabs", type, dialect_), a);
        case UnaryOp::floor:
        case UnaryOp::ceil:
        case UnaryOp::trunc:
            if (!type.is_floating()) return a; // integers and bools are whole already
            break;
        case UnaryOp::round:
            if (complex) return call(functions_.complex_round(type), a);
            if (!type.is_floating()) return a;
            return call(math_function("rint", type, dialect_), a); // numpy rounds halves to even
        case UnaryOp::real: return complex ? "(" + a + ").real" : a;
        case UnaryOp::imag: return complex ? "(" + a + ").imag" : "((" + c_type(type, dialect_) + ")0)";
        case UnaryOp::angle:
            if (complex) return call(functions_.complex_angle(type), a);
            return call(math_function("atan2", type, dialect_), real_literal(type, 0), a);
        case UnaryOp::sinpi:
        case UnaryOp::cospi: return call(math_function(op == UnaryOp::sinpi ? "sinpi" : "cospi", type, dialect_), a);
        case UnaryOp::tanpi:
            return dialect_ == Dialect::opencl ? call("tanpi", a) : call(functions_.tanpi(type), a);
        case UnaryOp::asinpi:
        case UnaryOp::acospi:
        case UnaryOp::atanpi: {
            const std::string_view inverse = op == UnaryOp::asinpi ? "asin" : op == UnaryOp::acospi ? "acos" : "atan";
            // OpenCL has the builtins; CUDA divides the inverse function by pi.
            if (dialect_ == Dialect::opencl) return call(std::string(inverse) + "pi", a);
            return "(" + call(math_function(inverse, type, dialect_), a) + " * " +
                   real_literal(type, std::numbers::inv_pi) + ")";
        }
        case UnaryOp::frexp_mantissa: return call(functions_.frexp_mantissa(type), a);
        case UnaryOp::frexp_exponent: return call(functions_.frexp_exponent(type), a);
        case UnaryOp::modf_fraction: return call(functions_.modf_fraction(type), a);
        case UnaryOp::modf_integral: return call(functions_.modf_integral(type), a);
        default: break;
        }
        if (complex) return complex_function(op, a, type);
        return call(math_function(real_function_name(op), type, dialect_), a);
    }

    static std::string_view real_function_name(UnaryOp op) {
        constexpr std::string_view names[] = {"",     "",      "",     "",     "",      "sin",   "cos",   "tan",
                                              "asin", "acos",  "atan", "sinh", "cosh",  "tanh",  "exp",
                                              "exp2", "expm1", "log",  "log2", "log10", "log1p", "sqrt",
                                              "cbrt", "fabs",  "floor", "ceil", "",     "trunc"};
        // The operations after trunc are all spelled in unary() itself.
        if (static_cast<std::size_t>(op) >= std::size(names)) return "";
        return names[static_cast<int>(op)];
    }

    std::string complex_function(UnaryOp op, const std::string& a, const DType& type) {
        const std::string prefix = complex_prefix(type);
        const DType real = type.element();
        switch (op) {
        case UnaryOp::log2: return call(prefix + "_mulr", call(prefix + "_log", a), real_literal(real, 1 / std::numbers::ln2));
        case UnaryOp::log10:
            return call(prefix + "_mulr", call(prefix + "_log", a), real_literal(real, 1 / std::numbers::ln10));
        case UnaryOp::exp2: return call(prefix + "_exp", call(prefix + "_mulr", a, real_literal(real, std::numbers::ln2)));
        default: return call(prefix + "_" + std::string(real_function_name(op)), a);
        }
    }

    // a op b in the unsigned type integers wrap in, converted back: C's signed overflow (and the
    // int that narrow types promote to) is undefined, numpy's wraps.
    std::string wrapped(const std::string& a, std::string_view op, const std::string& b, const DType& type) const {
        const std::string wide = c_type(type.size() <= 4 ? DType::uint32() : DType::uint64(), dialect_);
        return "((" + c_type(type, dialect_) + ")((" + wide + ")" + a + " " + std::string(op) + " (" + wide + ")" + b +
               "))";
    }

    // a * b + c: C's fma for floating types (one rounding); the prelude's complex product and sum;
    // wrapping integer arithmetic.
    std::string fma(const std::string& a, const std::string& b, const std::string& c, const DType& type) {
        if (type.is_complex()) return call(complex_prefix(type) + "_add", call(complex_prefix(type) + "_mul", a, b), c);
        if (type.is_integer()) return wrapped(wrapped(a, "*", b, type), "+", c, type);
        return std::string(math_function("fma", type, dialect_)) + "(" + a + ", " + b + ", " + c + ")";
    }

    std::string binary(BinaryOp op, const std::string& a, const std::string& b, const DType& type) {
        const bool complex = type.is_complex();
        const bool integer = type.is_integer();
        const std::string prefix = complex ? complex_prefix(type) : "";
        switch (op) {
        case BinaryOp::add:
            if (is_bool(type)) return infix(a, "||", b);
            if (complex) return call(prefix + "_add", a, b);
            return integer ? wrapped(a, "+", b, type) : infix(a, "+", b);
        case BinaryOp::subtract:
            if (complex) return call(prefix + "_sub", a, b);
            return integer ? wrapped(a, "-", b, type) : infix(a, "-", b);
        case BinaryOp::multiply:
            if (is_bool(type)) return infix(a, "&&", b);
            if (complex) return call(prefix + "_mul", a, b);
            return integer ? wrapped(a, "*", b, type) : infix(a, "*", b);
        case BinaryOp::true_divide: return complex ? call(prefix + "_div", a, b) : infix(a, "/", b);
        case BinaryOp::floor_divide: return call(functions_.floor_divide(type), a, b);
        case BinaryOp::remainder: return call(functions_.remainder(type), a, b);
        case BinaryOp::fmod:
            return integer ? call(functions_.integer_fmod(type), a, b) : call(math_function("fmod", type, dialect_), a, b);
        case BinaryOp::power:
            if (complex) return call(prefix + "_pow", a, b);
            return integer ? call(functions_.integer_power(type), a, b) : call(math_function("pow", type, dialect_), a, b);
        case BinaryOp::hypot: return call(math_function("hypot", type, dialect_), a, b);
        case BinaryOp::arctan2: return call(math_function("atan2", type, dialect_), a, b);
        case BinaryOp::arctan2pi:
            if (dialect_ == Dialect::opencl) return call("atan2pi", a, b);
            return "(" + call(math_function("atan2", type, dialect_), a, b) + " * " +
                   real_literal(type, std::numbers::inv_pi) + ")";
        case BinaryOp::ldexp: return call(functions_.ldexp(type), a, b);
        case BinaryOp::bessel_jn: return call(functions_.bessel_jn(type), a, b);
        case BinaryOp::bessel_yn: return call(functions_.bessel_yn(type), a, b);
        case BinaryOp::minimum: return call(functions_.minimum(type), a, b);
        case BinaryOp::maximum: return call(functions_.maximum(type), a, b);
        case BinaryOp::equal: return complex ? call(prefix + "_eq", a, b) : infix(a, "==", b);
        case BinaryOp::not_equal: return complex ? call(prefix + "_ne", a, b) : infix(a, "!=", b);
        case BinaryOp::less: return infix(a, "<", b);
        case BinaryOp::less_equal: return infix(a, "<=", b);
        case BinaryOp::greater: return infix(a, ">", b);
        case BinaryOp::greater_equal: return infix(a, ">=", b);
        case BinaryOp::logical_and: return infix(nonzero(a, type), "&&", nonzero(b, type));
        case BinaryOp::logical_or: return infix(nonzero(a, type), "||", nonzero(b, type));
        case BinaryOp::logical_xor: return infix(nonzero(a, type), "!=", nonzero(b, type));
        case BinaryOp::bitwise_and: return "((" + c_type(type, dialect_) + ")" + infix(a, "&", b) + ")";
        case BinaryOp::bitwise_or: return "((" + c_type(type, dialect_) + ")" + infix(a, "|", b) + ")";
        case BinaryOp::bitwise_xor: return "((" + c_type(type, dialect_) + ")" + infix(a, "^", b) + ")";
        case BinaryOp::left_shift: return call(functions_.left_shift(type), a, b);
        case BinaryOp::right_shift: return call(functions_.right_shift(type), a, b);
        }
        throw InvalidArgument("rtcg expression: unknown operation");
    }

    Dialect dialect_;
    DeviceFunctions& functions_;
    std::vector<Argument> arguments_;
    std::vector<CallArgument> values_;
};

} // namespace

LoweredExpression lower(const ExprNode& root, Dialect dialect, DeviceFunctions& functions) {
    Lowering lowering(dialect, functions);
    std::string text = lowering.text(root);
    return lowering.finish(std::move(text));
}

} // namespace rtcg::detail
