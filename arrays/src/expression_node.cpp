// Building expression trees: types by expression_types.hpp, shapes and contexts checked, numpy's
// conversions made explicit as cast nodes (and weak scalars converted on the host).
#include "expression_node.hpp"

#include "scalar_conversion.hpp"

#include <rtcg/core/error.hpp>

#include <cstring>
#include <string>

namespace rtcg::detail {
namespace {

using codegen::DType;
using expr::Code;

constexpr std::string_view unary_names[] = {
    "negative", "logical_not", "bitwise_not", "absolute", "conjugate", "sin", "cos", "tan", "arcsin", "arccos",
    "arctan", "sinh", "cosh", "tanh", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p",
    "sqrt", "cbrt", "fabs", "floor", "ceil", "round", "trunc", "sinpi", "cospi", "tanpi", "arcsinpi", "arccospi",
    "arctanpi", "real", "imag", "angle", "frexp", "frexp", "modf", "modf"};
constexpr std::string_view binary_names[] = {
    "add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power", "fmod",
    "hypot", "arctan2", "minimum", "maximum", "equal", "not_equal", "less", "less_equal", "greater",
    "greater_equal", "logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or",
    "bitwise_xor", "left_shift", "right_shift", "arctan2pi", "ldexp", "jn", "yn"};

HostKind host_kind(const DType& type) {
    if (type.kind() == codegen::TypeKind::boolean) return HostKind::boolean;
    if (type.is_integer()) return type.is_signed() ? HostKind::signed_integer : HostKind::unsigned_integer;
    if (type.is_complex()) return HostKind::complex;
    return HostKind::floating;
}

expr::Operand operand_of(const ExprNode& node) { return {code_of(node.type), node.weak}; }

std::string operand_text(const ExprNode& node) {
    return node.weak ? "a C++ " + std::string(node.type.name()) + " scalar"
                     : std::string(node.type.name()) + " " + shape_text(node.shape);
}

// The weak scalar's value in `type`, with numpy's checks (an integer must fit).
ExprPtr concrete_scalar(const ExprNode& weak, const DType& type) {
    ArgumentSlot slot;
    const KernelArgument converted =
        convert_scalar(codegen::Argument::scalar(type, "value"), weak.scalar.view(), slot, "rtcg expression");
    auto node = std::make_shared<ExprNode>(ExprNode{ExprNode::Kind::scalar, type, false, {}, {}, {}, {}, {}, {}, {}});
    node->scalar.kind = host_kind(type);
    node->scalar.size = type.size();
    std::memcpy(node->scalar.bytes.data(), converted.value, type.size());
    return node;
}

// `operand` as `type`: unchanged, converted on the host (weak scalars), or through a cast node.
ExprPtr converted(const ExprPtr& operand, const DType& type) {
    if (operand->weak) return concrete_scalar(*operand, type);
    if (operand->type == type) return operand;
    return cast_node(operand, type);
}

// The shape (numpy's broadcasting of the operands') and context of a node combining `operands`.
void combine(ExprNode& node, std::string_view operation) {
    std::vector<std::vector<std::size_t>> shapes;
    for (const ExprPtr& operand : node.operands) {
        if (operand->context) {
            if (node.context && *node.context != *operand->context)
                throw InvalidArgument(std::string(operation) + ": the arrays belong to different contexts");
            node.context = operand->context;
        }
        shapes.push_back(operand->shape);
    }
    if (!node.context) throw InvalidArgument(std::string(operation) + ": an expression needs at least one array");
    node.shape = broadcast_shapes("rtcg " + std::string(operation), shapes);
}

} // namespace

Code code_of(const DType& type) {
    static const DType types[] = {DType::boolean(), DType::int8(),    DType::uint8(),     DType::int16(),
                                  DType::uint16(),  DType::int32(),   DType::uint32(),    DType::int64(),
                                  DType::uint64(),  DType::float32(), DType::float64(),   DType::complex64(),
                                  DType::complex128()};
    for (int c = 0; c < static_cast<int>(Code::invalid); ++c)
        if (types[c] == type) return static_cast<Code>(c);
    return Code::invalid;
}

DType dtype_of(Code code) {
    switch (code) {
    case Code::b: return DType::boolean();
    case Code::i8: return DType::int8();
    case Code::u8: return DType::uint8();
    case Code::i16: return DType::int16();
    case Code::u16: return DType::uint16();
    case Code::i32: return DType::int32();
    case Code::u32: return DType::uint32();
    case Code::i64: return DType::int64();
    case Code::u64: return DType::uint64();
    case Code::f32: return DType::float32();
    case Code::f64: return DType::float64();
    case Code::c64: return DType::complex64();
    case Code::c128: return DType::complex128();
    case Code::invalid: break;
    }
    throw InvalidArgument("rtcg expression: no element type for an invalid code");
}

ExprPtr array_node(const ArrayData& array) {
    if (code_of(array.dtype()) == Code::invalid)
        throw InvalidArgument("rtcg expression: arrays of " + std::string(array.dtype().name()) +
                              " take no part in arithmetic (only bool, integers, floating and complex types do)");
    return std::make_shared<ExprNode>(
        ExprNode{ExprNode::Kind::array, array.dtype(), false, array.shape(), array.context(), array, {}, {}, {}, {}});
}

ExprPtr scalar_node(const HostScalar& value) {
    DType kind_type = DType::boolean();
    switch (value.kind) {
    case HostKind::boolean: break;
    case HostKind::signed_integer:
    case HostKind::unsigned_integer: kind_type = DType::int64(); break;
    case HostKind::floating: kind_type = DType::float64(); break;
    case HostKind::complex: kind_type = DType::complex128(); break;
    case HostKind::other: throw InvalidArgument("rtcg expression: only numbers can be scalars in arithmetic");
    }
    auto node = std::make_shared<ExprNode>(ExprNode{ExprNode::Kind::scalar, kind_type, true, {}, {}, {}, {}, {}, {}, {}});
    node->scalar.kind = value.kind;
    node->scalar.size = value.size;
    std::memcpy(node->scalar.bytes.data(), value.bytes, value.size);
    return node;
}

ExprPtr unary_node(expr::UnaryOp op, ExprPtr operand) {
    const std::string_view name = unary_names[static_cast<int>(op)];
    const Code operand_code = expr::operand_type(op, code_of(operand->type));
    if (operand_code == Code::invalid)
        throw InvalidArgument("rtcg " + std::string(name) + ": not defined for " + operand_text(*operand));
    auto node = std::make_shared<ExprNode>(ExprNode{ExprNode::Kind::unary, dtype_of(expr::result_type(op, code_of(operand->type))),
                                                    false, {}, {}, {}, {}, op, {}, {}});
    node->operands.push_back(converted(operand, dtype_of(operand_code)));
    combine(*node, name);
    return node;
}

ExprPtr binary_node(expr::BinaryOp op, ExprPtr a, ExprPtr b) {
    const std::string_view name = binary_names[static_cast<int>(op)];
    const Code operand_code = expr::operand_type(op, operand_of(*a), operand_of(*b));
    if (operand_code == Code::invalid)
        throw InvalidArgument("rtcg " + std::string(name) + ": not defined for " + operand_text(*a) + " and " +
                              operand_text(*b));
    const DType operand_type = dtype_of(operand_code);
    auto node = std::make_shared<ExprNode>(ExprNode{ExprNode::Kind::binary,
                                                    dtype_of(expr::result_type(op, operand_of(*a), operand_of(*b))),
                                                    false, {}, {}, {}, {}, {}, op, {}});
    // ldexp's exponent and the Bessel functions' order keep to integers, in int64 (the other
    // operand converts as operands do).
    const bool order_first = op == expr::BinaryOp::bessel_jn || op == expr::BinaryOp::bessel_yn;
    node->operands = {converted(a, order_first ? DType::int64() : operand_type),
                      converted(b, op == expr::BinaryOp::ldexp ? DType::int64() : operand_type)};
    combine(*node, name);
    if (order_first && !node->context->device().supports_fp64)
        throw Error("the device '" + node->context->device().name +
                        "' has no double precision (fp64), in which the Bessel functions compute",
                    "rtcg " + std::string(name));
    return node;
}

ExprPtr where_node(ExprPtr condition, ExprPtr if_true, ExprPtr if_false) {
    const Code value_code = expr::types::promote(operand_of(*if_true), operand_of(*if_false));
    if (value_code == Code::invalid)
        throw InvalidArgument("rtcg where: no common type for " + operand_text(*if_true) + " and " +
                              operand_text(*if_false));
    const DType value_type = dtype_of(value_code);
    auto node = std::make_shared<ExprNode>(ExprNode{ExprNode::Kind::where, value_type, false, {}, {}, {}, {}, {}, {}, {}});
    node->operands = {condition->weak ? concrete_scalar(*condition, condition->type) : condition,
                      converted(if_true, value_type), converted(if_false, value_type)};
    combine(*node, "where");
    return node;
}

ExprPtr fma_node(ExprPtr a, ExprPtr b, ExprPtr c) {
    const expr::Operand product{expr::types::promote(operand_of(*a), operand_of(*b)), a->weak && b->weak};
    const Code code = expr::types::promote(product, operand_of(*c));
    if (code == Code::invalid || code == Code::b)
        throw InvalidArgument("rtcg fma: not defined for " + operand_text(*a) + ", " + operand_text(*b) + " and " +
                              operand_text(*c));
    const DType type = dtype_of(code);
    auto node = std::make_shared<ExprNode>(ExprNode{ExprNode::Kind::fma, type, false, {}, {}, {}, {}, {}, {}, {}});
    node->operands = {converted(a, type), converted(b, type), converted(c, type)};
    combine(*node, "fma");
    return node;
}

ExprPtr cast_node(ExprPtr operand, const DType& type) {
    if (code_of(type) == Code::invalid)
        throw InvalidArgument("rtcg astype: cannot convert to " + std::string(type.name()) +
                              " (only bool, integers, floating and complex types)");
    if (operand->weak) return concrete_scalar(*operand, type);
    if (operand->type == type) return operand;
    auto node = std::make_shared<ExprNode>(ExprNode{ExprNode::Kind::cast, type, false, operand->shape,
                                                    operand->context, {}, {}, {}, {}, {operand}});
    return node;
}

const DType& node_type(const ExprNode& node) { return node.type; }
const std::vector<std::size_t>& node_shape(const ExprNode& node) { return node.shape; }
const Context& node_context(const ExprNode& node) { return *node.context; }

} // namespace rtcg::detail
