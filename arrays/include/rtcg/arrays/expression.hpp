#pragma once
/// \file
/// Expr<T>: arithmetic on arrays, not yet computed. Operators and functions on arrays
/// (rtcg/arrays/operators.hpp) build a tree of them; the tree becomes one generated kernel when it
/// is evaluated, so
///
/// \code
///   rtcg::Array<double> z = a * x + b * rtcg::sin(y);     // one launch, no temporaries
/// \endcode
///
/// reads x and y once and writes z once. The kernel is cached by the tree's shape and types, not
/// its values: scalars are kernel arguments, so the same expression with other numbers, or on other
/// arrays of the same types, reuses the kernel (a map lookup).
///
/// An expression keeps the arrays it reads alive (views share storage), and it is evaluated against
/// their contents at evaluation time, not at construction. Arrays in one expression must have equal
/// shapes, except that 0-dimensional arrays (such as reduction results) apply to every element;
/// anything else, or arrays of different contexts, is InvalidArgument when the expression is built.
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/expression_types.hpp>
#include <rtcg/arrays/host_scalar.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace rtcg {

namespace detail {

/// An untyped node of an expression tree. The library types and lowers it; Expr<T> gives it T.
struct ExprNode;
using ExprPtr = std::shared_ptr<const ExprNode>;

RTCG_API ExprPtr array_node(const ArrayData& array);
/// A weak C++ scalar (see expression_types.hpp); its bytes are copied.
RTCG_API ExprPtr scalar_node(const HostScalar& value);
/// InvalidArgument where numpy refuses the operation on these types, the shapes do not combine, or
/// the arrays belong to different contexts.
RTCG_API ExprPtr unary_node(expr::UnaryOp op, ExprPtr operand);
RTCG_API ExprPtr binary_node(expr::BinaryOp op, ExprPtr a, ExprPtr b);
RTCG_API ExprPtr where_node(ExprPtr condition, ExprPtr if_true, ExprPtr if_false);
/// a * b + c in the operands' promoted type (not bool), rounded once where the type is floating.
RTCG_API ExprPtr fma_node(ExprPtr a, ExprPtr b, ExprPtr c);
/// Conversion to `type`, as numpy's astype (see Array::astype for the rules).
RTCG_API ExprPtr cast_node(ExprPtr operand, const codegen::DType& type);

RTCG_API const codegen::DType& node_type(const ExprNode& node);
RTCG_API const std::vector<std::size_t>& node_shape(const ExprNode& node);
RTCG_API const Context& node_context(const ExprNode& node);

/// A new array holding the expression's values: one kernel launch on the context's current queue.
RTCG_API ArrayData evaluate(const ExprPtr& node);
/// Writes the expression into `target`, converting to its type (InvalidArgument unless the shapes
/// are equal or the expression is 0-dimensional). Where the expression reads elements of
/// `target`'s storage other than the ones being written, it is evaluated into a temporary first,
/// so that `x(rtcg::slice(1, n)).assign(x(rtcg::slice(0, n - 1)))` shifts the values as numpy would.
RTCG_API void assign(const ArrayData& target, const ExprPtr& node);
/// The source of the kernel that evaluate() builds for the node, in `dialect`.
RTCG_API std::string expression_source(const ExprPtr& node, codegen::Dialect dialect);

} // namespace detail

/// An array expression of element type T, computed by one generated kernel when it is assigned,
/// converted to an Array or read; see expression.hpp.
template <class T>
class Expr {
public:
    /// The element type.
    using value_type = T;

    /// \private Wraps a node; expressions come from operators and functions on arrays.
    explicit Expr(detail::ExprPtr node) : node_(std::move(node)) {}

    /// The values, in a new array (one kernel launch).
    Array<T> eval() const { return Array<T>(*this); }
    /// The values, computed and copied to the host.
    std::vector<T> get() const { return eval().get(); }

    /// The result's element type as a DType.
    const codegen::DType& dtype() const noexcept { return detail::node_type(*node_); }
    /// The result's shape, from numpy's broadcasting of the operands.
    const std::vector<std::size_t>& shape() const noexcept { return detail::node_shape(*node_); }
    /// The number of elements of the result.
    std::size_t size() const noexcept {
        std::size_t n = 1;
        for (std::size_t d : shape()) n *= d;
        return n;
    }
    /// The context of the arrays in the expression.
    const Context& context() const noexcept { return detail::node_context(*node_); }

    /// Reductions (rtcg/arrays/reductions.hpp defines them): `(x * y).sum()` is one reduction.
    ///@{
    auto sum() const;
    auto min() const;
    auto max() const;
    ///@}

    /// See Array::astype.
    template <class U>
    Expr<U> astype() const {
        return Expr<U>(detail::cast_node(node_, codegen::dtype_of<U>()));
    }

    /// The generated kernel evaluating the expression, for `dialect` (what eval() compiles for the
    /// context's dialect): for reading, and for checking what fused.
    std::string source(codegen::Dialect dialect) const { return detail::expression_source(node_, dialect); }

    /// \private The expression's tree, for rtcg's generators.
    const detail::ExprPtr& node() const noexcept { return node_; }

private:
    detail::ExprPtr node_;
};

template <class Element>
Array<Element>::Array(const Expr<Element>& expression) : data_(detail::evaluate(expression.node())) {}

/// Writes the expression's values into the array's own elements (see the declaration).
template <class Element>
template <class U>
Array<Element>& Array<Element>::assign(const Expr<U>& expression) {
    detail::assign(data_, expression.node());
    return *this;
}

template <class Element>
Array<Element>& Array<Element>::assign(const Array<Element>& values) {
    detail::assign(data_, detail::array_node(values.data()));
    return *this;
}

template <class Element>
template <class U>
Expr<U> Array<Element>::astype() const {
    return Expr<U>(detail::cast_node(detail::array_node(data_), codegen::dtype_of<U>()));
}

/// Prints the values, as numpy prints an array.
template <class T>
std::ostream& operator<<(std::ostream& out, const Expr<T>& expression) {
    return out << expression.eval();
}

} // namespace rtcg
