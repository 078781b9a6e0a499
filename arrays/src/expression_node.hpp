#pragma once
// The nodes of expression trees. Construction (expression_node.cpp) types each node by
// expression_types.hpp and inserts the conversions numpy performs, so that every operation node
// sees operands of exactly its operand type and lowering (expression_lowering.cpp) only spells
// operations out.
#include <rtcg/arrays/expression.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

namespace rtcg::detail {

// A scalar's value, owned: the node outlives the HostScalar it was made from.
struct ScalarValue {
    HostKind kind = HostKind::other;
    std::size_t size = 0;
    alignas(16) std::array<std::byte, 16> bytes{};

    HostScalar view() const noexcept { return HostScalar{kind, size, bytes.data(), nullptr}; }
};

struct ExprNode {
    enum class Kind { array, scalar, unary, binary, where, cast, fma };

    Kind kind;
    codegen::DType type;
    // A C++ scalar not yet combined with an array: its type stands for its kind only.
    bool weak = false;
    // numpy's broadcasting of the operands' shapes; empty for scalars and 0-dimensional arrays.
    std::vector<std::size_t> shape;
    // Unset for scalars.
    std::optional<Context> context;

    std::optional<ArrayData> array;
    ScalarValue scalar;
    expr::UnaryOp unary{};
    expr::BinaryOp binary{};
    // Already converted to the operation's operand type (for where: condition, if_true, if_false;
    // for fma: a, b and c of a * b + c).
    std::vector<ExprPtr> operands;
};

// The code of a scalar DType, and back.
expr::Code code_of(const codegen::DType& type);
codegen::DType dtype_of(expr::Code code);

} // namespace rtcg::detail
