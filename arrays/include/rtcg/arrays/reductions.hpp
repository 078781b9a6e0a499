#pragma once
/// \file
/// Reductions of arrays and expressions, as numpy's, each one ReductionKernel call (at most two
/// kernels) whatever the expression: `rtcg::sum(x * y)` multiplies as it reduces, with no
/// temporary array. Results stay on the device as DeviceScalars (`.get()` copies to the host).
///
/// \code
///   sum      numpy's sum type: int64 for bool and signed integers, uint64 for unsigned, the
///            type itself otherwise. Integers wrap; 0 for an empty operand.
///   min, max the operand's type; a NaN anywhere is the result, as in numpy. InvalidArgument for
///            an empty operand (numpy raises: a minimum has no identity).
///   all, any bool: every / some element nonzero (true / false for an empty operand).
///   dot      sum(a * b) in the operands' promoted type (numpy's dot does not widen integers);
///   vdot     dot(conj(a), b).
///   norm     Norm::l1 sum(|x|), Norm::l2 sqrt(sum(|x|²)), Norm::max max(|x|) (0 when empty), in
///            the floating type: float32 for float32 and complex64, float64 otherwise.
/// \endcode
///
/// Floating sums are added in a tree (see ReductionKernel), not left to right: results differ
/// from a sequential sum by rounding, the same way every time on one device.
#include <rtcg/arrays/device_scalar.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/core/export.hpp>

namespace rtcg {

/// Which norm rtcg::norm computes: sum of magnitudes, Euclidean, or largest magnitude.
enum class Norm { l1, l2, max };

namespace detail {

/// largest_magnitude is max over values known to be at least 0, which makes 0 its identity.
enum class Reduction { sum, min, max, largest_magnitude, all, any };

/// Reduces the node into `result`, a 0-dimensional array of the result type, on the context's
/// queue. The node is converted to the result type first.
RTCG_API void reduce(Reduction reduction, const ExprPtr& operand, const ArrayData& result);
/// The source, for `dialect`, of the kernels reduce() builds for `operand` and a result of `type`.
RTCG_API std::string expression_reduction_source(Reduction reduction, const ExprPtr& operand,
                                                 const codegen::DType& type, codegen::Dialect dialect);

template <class R>
DeviceScalar<R> reduce_to(Reduction reduction, const ExprPtr& operand) {
    Array<R> result = Array<R>::empty(node_context(*operand), std::vector<std::size_t>{});
    reduce(reduction, operand, result.data());
    return DeviceScalar<R>(std::move(result));
}

template <class X>
constexpr expr::Code element_code() {
    return expr::code_of<typename array_operand<std::remove_cvref_t<X>>::element>();
}

} // namespace detail

namespace expr {

/// The type rtcg::sum accumulates and returns, as numpy's sum.
constexpr Code sum_type(Code c) {
    if (c == Code::b || (types::is_integer(c) && !types::is_unsigned(c))) return Code::i64;
    if (types::is_unsigned(c)) return Code::u64;
    return c;
}

/// The floating type rtcg::norm returns.
constexpr Code norm_type(Code c) { return c == Code::f32 || c == Code::c64 ? Code::f32 : Code::f64; }

} // namespace expr

/// The sum of every element; see reductions.hpp for the type.
template <ArrayOperand X>
auto sum(const X& x) {
    using R = expr::type_of_t<expr::sum_type(detail::element_code<X>())>;
    return detail::reduce_to<R>(detail::Reduction::sum, detail::node_of(x));
}

/// The smallest element; NaN if any is. InvalidArgument when empty.
template <ArrayOperand X>
    requires(expr::types::kind(detail::element_code<X>()) < 3)
auto min(const X& x) {
    using R = typename detail::array_operand<X>::element;
    return detail::reduce_to<R>(detail::Reduction::min, detail::node_of(x));
}

/// The largest element; NaN if any is. InvalidArgument when empty.
template <ArrayOperand X>
    requires(expr::types::kind(detail::element_code<X>()) < 3)
auto max(const X& x) {
    using R = typename detail::array_operand<X>::element;
    return detail::reduce_to<R>(detail::Reduction::max, detail::node_of(x));
}

/// Whether every element is nonzero (true when empty).
template <ArrayOperand X>
DeviceScalar<bool> all(const X& x) {
    return detail::reduce_to<bool>(detail::Reduction::all, detail::node_of(x));
}

/// Whether some element is nonzero (false when empty).
template <ArrayOperand X>
DeviceScalar<bool> any(const X& x) {
    return detail::reduce_to<bool>(detail::Reduction::any, detail::node_of(x));
}

/// sum(a * b) in the operands' promoted type.
template <ArrayOperand A, ArrayOperand B>
auto dot(const A& a, const B& b) {
    using R = expr::type_of_t<expr::types::promote(detail::element_code<A>(), detail::element_code<B>())>;
    return detail::reduce_to<R>(detail::Reduction::sum, (a * b).node());
}

/// dot(conj(a), b).
template <ArrayOperand A, ArrayOperand B>
auto vdot(const A& a, const B& b) {
    return dot(conj(a), b);
}

/// The l1, l2 or max norm, in the floating type (norm_type).
template <ArrayOperand X>
auto norm(const X& x, Norm kind = Norm::l2) {
    using R = expr::type_of_t<expr::norm_type(detail::element_code<X>())>;
    const auto magnitude = abs(x).template astype<R>();
    switch (kind) {
    case Norm::l1: return detail::reduce_to<R>(detail::Reduction::sum, magnitude.node());
    case Norm::max: return detail::reduce_to<R>(detail::Reduction::largest_magnitude, magnitude.node());
    case Norm::l2: break;
    }
    const DeviceScalar<R> squares = detail::reduce_to<R>(detail::Reduction::sum, (magnitude * magnitude).node());
    return DeviceScalar<R>(Array<R>(sqrt(squares.array())));
}

/// The same as members, so that `(x * y).sum()` reads as in numpy.
template <class T>
auto Expr<T>::sum() const {
    return rtcg::sum(*this);
}
template <class T>
auto Expr<T>::min() const {
    return rtcg::min(*this);
}
template <class T>
auto Expr<T>::max() const {
    return rtcg::max(*this);
}
template <class Element>
auto Array<Element>::sum() const {
    return rtcg::sum(*this);
}
template <class Element>
auto Array<Element>::min() const {
    return rtcg::min(*this);
}
template <class Element>
auto Array<Element>::max() const {
    return rtcg::max(*this);
}

} // namespace rtcg
