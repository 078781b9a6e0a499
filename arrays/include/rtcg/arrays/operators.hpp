#pragma once
/// \file
/// Elementwise arithmetic on arrays and expressions, with numpy's types (expression_types.hpp):
///
/// \code
///   auto z = 2 * x + y;                  // Expr<float> for Array<float> x, y
///   auto w = rtcg::where(x > 0, rtcg::sqrt(x), -x);
///   rtcg::Array<float> r = rtcg::maximum(z, w).astype<float>();
/// \endcode
///
/// Operands are Arrays, Exprs, DeviceScalars (reduction results, 0-dimensional), and C++ numbers (bool, integers, float, double, std::complex), the
/// numbers weak as in numpy 2. An operation numpy refuses on the operands' types (a bool minus a
/// bool, a complex floor_divide, a float bitwise and...) does not compile. A weak integer that
/// does not fit the type it meets (uint8 array + 300) is InvalidArgument, as numpy raises.
///
/// Semantics where C's differ from numpy's, all as numpy computes them:
/// - integer +, -, *, negation and absolute wrap around; integer division and remainder by 0 give
///   0, and INT_MIN / -1 gives INT_MIN;
/// - `/` of integers is float64 division; floor_divide rounds toward minus infinity and `%`
///   (remainder) takes the divisor's sign, for floating values too; fmod takes the dividend's;
/// - an integer to a negative integer power is 0 (1 for a base of 1, ±1 for -1): numpy raises
///   there, which a kernel cannot;
/// - shifts by the type's width or more, or by a negative amount, give 0 (-1 for a negative value
///   shifted right);
/// - minimum and maximum propagate NaN; round is numpy's, halves to even;
/// - comparisons of complex numbers other than == and != do not compile (numpy orders them by
///   real, then imaginary part);
/// - complex division, by arrays and scalars alike, and exp, log, sqrt and abs keep numpy's
///   results where a part is zero, infinite or NaN ((1 + 1j) / 0 is inf + inf j).
/// Complex sin, cos, tan, sinh, cosh, tanh and pow differ from numpy's where a part is infinite
/// or NaN, and pow for a zero base or an integer exponent (rtcg/codegen/prelude.hpp).
/// Also left out: asin, acos, atan, expm1, log1p, cbrt and fabs of complex numbers.
#include <rtcg/arrays/device_scalar.hpp>
#include <rtcg/arrays/expression.hpp>

#include <complex>
#include <type_traits>
#include <utility>

namespace rtcg {

namespace detail {

template <class X>
struct array_operand : std::false_type {};
template <class T>
struct array_operand<Array<T>> : std::true_type {
    using element = T;
    static ExprPtr node(const Array<T>& x) { return array_node(x.data()); }
};
template <class T>
struct array_operand<Expr<T>> : std::true_type {
    using element = T;
    static ExprPtr node(const Expr<T>& x) { return x.node(); }
};
/// A reduction's result stays on the device and applies to every element: x / rtcg::sum(x).
template <class T>
struct array_operand<DeviceScalar<T>> : std::true_type {
    using element = T;
    static ExprPtr node(const DeviceScalar<T>& x) { return array_node(x.array().data()); }
};

template <class X>
inline constexpr bool is_host_number =
    std::is_arithmetic_v<X> || std::is_same_v<X, std::complex<float>> || std::is_same_v<X, std::complex<double>>;

} // namespace detail

/// Arrays and expressions of the element types arithmetic knows.
template <class X>
concept ArrayOperand = detail::array_operand<std::remove_cvref_t<X>>::value &&
                       expr::code_of<typename detail::array_operand<std::remove_cvref_t<X>>::element>() !=
                           expr::Code::invalid;

template <class X>
concept ScalarOperand = detail::is_host_number<std::remove_cvref_t<X>> && !std::is_same_v<std::remove_cvref_t<X>, long double>;

template <class X>
concept Operand = ArrayOperand<X> || ScalarOperand<X>;

namespace detail {

template <class X>
constexpr expr::Operand operand_of() {
    using U = std::remove_cvref_t<X>;
    if constexpr (ArrayOperand<U>) return {expr::code_of<typename array_operand<U>::element>(), false};
    else return {expr::code_of<U>(), true};
}

template <class X>
ExprPtr node_of(const X& x) {
    if constexpr (ArrayOperand<X>) return array_operand<X>::node(x);
    else return scalar_node(host_scalar(x));
}

/// Whether numpy defines the operation on these operands; operators require it, so that what numpy
/// refuses does not compile (and `requires` can test for it).
template <expr::BinaryOp Op, class A, class B>
inline constexpr bool numpy_defines_binary = expr::result_type(Op, operand_of<A>(), operand_of<B>()) != expr::Code::invalid;
template <expr::UnaryOp Op, class A>
inline constexpr bool numpy_defines_unary = expr::result_type(Op, operand_of<A>().code) != expr::Code::invalid;

template <expr::BinaryOp Op, class A, class B>
auto binary(const A& a, const B& b) {
    constexpr expr::Code result = expr::result_type(Op, operand_of<A>(), operand_of<B>());
    return Expr<expr::type_of_t<result>>(binary_node(Op, node_of(a), node_of(b)));
}

template <expr::UnaryOp Op, class A>
auto unary(const A& a) {
    constexpr expr::Code result = expr::result_type(Op, operand_of<A>().code);
    return Expr<expr::type_of_t<result>>(unary_node(Op, node_of(a)));
}

} // namespace detail

// At least one operand of a binary operator is an array or an expression.
/// Defines binary operator `symbol` (numpy's `op`) on arrays and expressions.
#define RTCG_BINARY_OPERATOR(symbol, op)                                                                         \
    template <Operand A, Operand B>                                                                             \
        requires((ArrayOperand<A> || ArrayOperand<B>) && detail::numpy_defines_binary<expr::BinaryOp::op, A, B>) \
    auto operator symbol(const A& a, const B& b) {                                                              \
        return detail::binary<expr::BinaryOp::op>(a, b);                                                        \
    }
RTCG_BINARY_OPERATOR(+, add)
RTCG_BINARY_OPERATOR(-, subtract)
RTCG_BINARY_OPERATOR(*, multiply)
RTCG_BINARY_OPERATOR(/, true_divide)
RTCG_BINARY_OPERATOR(%, remainder)
RTCG_BINARY_OPERATOR(==, equal)
RTCG_BINARY_OPERATOR(!=, not_equal)
RTCG_BINARY_OPERATOR(<, less)
RTCG_BINARY_OPERATOR(<=, less_equal)
RTCG_BINARY_OPERATOR(>, greater)
RTCG_BINARY_OPERATOR(>=, greater_equal)
RTCG_BINARY_OPERATOR(&, bitwise_and)
RTCG_BINARY_OPERATOR(|, bitwise_or)
RTCG_BINARY_OPERATOR(^, bitwise_xor)
RTCG_BINARY_OPERATOR(<<, left_shift)
RTCG_BINARY_OPERATOR(>>, right_shift)
#undef RTCG_BINARY_OPERATOR

/// Defines function `name` (numpy's `op`) of two operands, an array or expression among them.
#define RTCG_BINARY_FUNCTION(name, op)                                                                           \
    template <Operand A, Operand B>                                                                             \
        requires((ArrayOperand<A> || ArrayOperand<B>) && detail::numpy_defines_binary<expr::BinaryOp::op, A, B>) \
    auto name(const A& a, const B& b) {                                                                         \
        return detail::binary<expr::BinaryOp::op>(a, b);                                                        \
    }
RTCG_BINARY_FUNCTION(floor_divide, floor_divide)
RTCG_BINARY_FUNCTION(pow, power)
RTCG_BINARY_FUNCTION(fmod, fmod)
RTCG_BINARY_FUNCTION(hypot, hypot)
RTCG_BINARY_FUNCTION(atan2, arctan2)
// clmath's atan2pi, atan2(a, b) / pi; numpy.ldexp, a * 2^b for integers b.
RTCG_BINARY_FUNCTION(atan2pi, arctan2pi)
RTCG_BINARY_FUNCTION(ldexp, ldexp)
RTCG_BINARY_FUNCTION(minimum, minimum)
RTCG_BINARY_FUNCTION(maximum, maximum)
RTCG_BINARY_FUNCTION(logical_and, logical_and)
RTCG_BINARY_FUNCTION(logical_or, logical_or)
RTCG_BINARY_FUNCTION(logical_xor, logical_xor)
#undef RTCG_BINARY_FUNCTION

/// -a, elementwise; not for bool (numpy refuses it).
template <ArrayOperand A>
    requires detail::numpy_defines_unary<expr::UnaryOp::negative, A>
auto operator-(const A& a) {
    return detail::unary<expr::UnaryOp::negative>(a);
}
/// Logical not, elementwise: a bool result.
template <ArrayOperand A>
    requires detail::numpy_defines_unary<expr::UnaryOp::logical_not, A>
auto operator!(const A& a) {
    return detail::unary<expr::UnaryOp::logical_not>(a);
}
/// Bitwise not, elementwise: integers and bool.
template <ArrayOperand A>
    requires detail::numpy_defines_unary<expr::UnaryOp::bitwise_not, A>
auto operator~(const A& a) {
    return detail::unary<expr::UnaryOp::bitwise_not>(a);
}

/// Defines function `name` (numpy's `op`) of an array or expression, elementwise.
#define RTCG_UNARY_FUNCTION(name, op)                                                                            \
    template <ArrayOperand A>                                                                                   \
        requires detail::numpy_defines_unary<expr::UnaryOp::op, A>                                              \
    auto name(const A& a) {                                                                                     \
        return detail::unary<expr::UnaryOp::op>(a);                                                             \
    }
RTCG_UNARY_FUNCTION(logical_not, logical_not)
RTCG_UNARY_FUNCTION(abs, absolute)
RTCG_UNARY_FUNCTION(conj, conjugate)
RTCG_UNARY_FUNCTION(sin, sin)
RTCG_UNARY_FUNCTION(cos, cos)
RTCG_UNARY_FUNCTION(tan, tan)
RTCG_UNARY_FUNCTION(asin, asin)
RTCG_UNARY_FUNCTION(acos, acos)
RTCG_UNARY_FUNCTION(atan, atan)
RTCG_UNARY_FUNCTION(sinh, sinh)
RTCG_UNARY_FUNCTION(cosh, cosh)
RTCG_UNARY_FUNCTION(tanh, tanh)
RTCG_UNARY_FUNCTION(exp, exp)
RTCG_UNARY_FUNCTION(exp2, exp2)
RTCG_UNARY_FUNCTION(expm1, expm1)
RTCG_UNARY_FUNCTION(log, log)
RTCG_UNARY_FUNCTION(log2, log2)
RTCG_UNARY_FUNCTION(log10, log10)
RTCG_UNARY_FUNCTION(log1p, log1p)
RTCG_UNARY_FUNCTION(sqrt, sqrt)
RTCG_UNARY_FUNCTION(cbrt, cbrt)
RTCG_UNARY_FUNCTION(fabs, fabs)
RTCG_UNARY_FUNCTION(floor, floor)
RTCG_UNARY_FUNCTION(ceil, ceil)
RTCG_UNARY_FUNCTION(round, round)
RTCG_UNARY_FUNCTION(trunc, trunc)
// PyOpenCL's clmath: sin(pi x), cos(pi x), tan(pi x) (exact at whole and half x, where the
// product with pi would round), and the inverse functions in units of pi.
RTCG_UNARY_FUNCTION(sinpi, sinpi)
RTCG_UNARY_FUNCTION(cospi, cospi)
RTCG_UNARY_FUNCTION(tanpi, tanpi)
RTCG_UNARY_FUNCTION(asinpi, asinpi)
RTCG_UNARY_FUNCTION(acospi, acospi)
RTCG_UNARY_FUNCTION(atanpi, atanpi)
// numpy.real and numpy.imag (of the real element type for complex operands; a real operand is
// its own real part and has zeros for imaginary parts) and numpy.angle (in radians).
RTCG_UNARY_FUNCTION(real, real)
RTCG_UNARY_FUNCTION(imag, imag)
RTCG_UNARY_FUNCTION(angle, angle)
#undef RTCG_UNARY_FUNCTION

/// numpy.frexp: mantissas in [0.5, 1) (by magnitude) and int32 exponents with x = m * 2^e; 0 and
/// non-finite values give themselves and exponent 0.
template <ArrayOperand A>
    requires detail::numpy_defines_unary<expr::UnaryOp::frexp_mantissa, A>
auto frexp(const A& a) {
    return std::pair{detail::unary<expr::UnaryOp::frexp_mantissa>(a), detail::unary<expr::UnaryOp::frexp_exponent>(a)};
}

/// numpy.modf: the fractional and the whole parts, both with the sign of x.
template <ArrayOperand A>
    requires detail::numpy_defines_unary<expr::UnaryOp::modf_fraction, A>
auto modf(const A& a) {
    return std::pair{detail::unary<expr::UnaryOp::modf_fraction>(a), detail::unary<expr::UnaryOp::modf_integral>(a)};
}

/// clmath's bessel_jn (C's jn): the Bessel function of the first kind J_n(x) of integer order n,
/// elementwise; n and x are arrays, expressions or C++ numbers (an int for every element, or an
/// integer array), x not complex. The result has x's floating type (expression_types.hpp); float
/// results are computed in double and rounded once, so the device needs double precision: on one
/// without it, building the expression throws rtcg::Error.
/// J_-n(x) = J_n(-x) = (-1)^n J_n(x); J_n(0) is 1 for n = 0, else 0; J_n(+-inf) = 0; NaN x, and
/// orders beyond C's int, give NaN.
///
/// Accuracy in double, measured against libstdc++'s long double std::cyl_bessel_j: for n in 0 .. 50
/// and x in (0, 100], within 5e-14 relative where |J_n(x)| is at least a tenth of the envelope
/// e(x) = sqrt(2 / (pi x)) (or wherever x <= n), and within 5e-15 e(x) absolute near the zeros;
/// for x around 1e3 and 1e5, within 1e-14 e(x) (measured: 5e-15). Float results are the double
/// ones rounded. The work grows with max(|n|, |x|) where n > |x| or |x| < 20, and with |n|
/// elsewhere.
template <Operand N, Operand X>
    requires((ArrayOperand<N> || ArrayOperand<X>) && detail::numpy_defines_binary<expr::BinaryOp::bessel_jn, N, X>)
auto jn(const N& n, const X& x) {
    return detail::binary<expr::BinaryOp::bessel_jn>(n, x);
}

/// clmath's bessel_yn (C's yn): the Bessel function of the second kind Y_n(x) of integer order n,
/// elementwise, with jn's operands and result type. Y_-n(x) = (-1)^n Y_n(x); Y_n(0) = -inf
/// (times (-1)^n for n < 0), as C's yn; Y_n(inf) = 0; x < 0, NaN x and orders beyond C's int give
/// NaN; values beyond double's range are -inf (or +inf).
///
/// Accuracy in double, measured against libstdc++'s long double std::cyl_neumann: for n in
/// 0 .. 50 and x in (0, 100], within 5e-14 relative where |Y_n(x)| is at least a tenth of
/// e(x) = sqrt(2 / (pi x)) (or wherever x <= n), and within 5e-15 e(x) absolute near the zeros;
/// for x around 1e3 and 1e5, within 1e-14 e(x) (measured: 5e-15). The work grows with |n| (and
/// with |x| below 20).
template <Operand N, Operand X>
    requires((ArrayOperand<N> || ArrayOperand<X>) && detail::numpy_defines_binary<expr::BinaryOp::bessel_yn, N, X>)
auto yn(const N& n, const X& x) {
    return detail::binary<expr::BinaryOp::bessel_yn>(n, x);
}

/// numpy.where: `if_true` where `condition` is nonzero, else `if_false`, in their promoted type.
template <Operand C, Operand A, Operand B>
    requires(ArrayOperand<C>)
auto where(const C& condition, const A& if_true, const B& if_false) {
    constexpr expr::Code result = expr::types::promote(detail::operand_of<A>(), detail::operand_of<B>());
    static_assert(result != expr::Code::invalid, "rtcg: where's values have no common type");
    return Expr<expr::type_of_t<result>>(
        detail::where_node(detail::node_of(condition), detail::node_of(if_true), detail::node_of(if_false)));
}

/// clmath's fma: a * b + c in the operands' promoted type, rounded once for floating types;
/// complex operands multiply and add as `*` and `+` do, and integers wrap.
template <Operand A, Operand B, Operand C>
    requires(ArrayOperand<A> || ArrayOperand<B> || ArrayOperand<C>)
auto fma(const A& a, const B& b, const C& c) {
    constexpr expr::Operand product{expr::types::promote(detail::operand_of<A>(), detail::operand_of<B>()),
                                    detail::operand_of<A>().weak && detail::operand_of<B>().weak};
    constexpr expr::Code result = expr::types::promote(product, detail::operand_of<C>());
    static_assert(result != expr::Code::invalid && result != expr::Code::b, "rtcg: fma needs numbers of a common type");
    return Expr<expr::type_of_t<result>>(detail::fma_node(detail::node_of(a), detail::node_of(b), detail::node_of(c)));
}

// In-place arithmetic, as numpy's: the result converts back to the array's type, which must not
// be of a lower kind (an int32 array += 1.5 does not compile, as numpy refuses it). A view made in
// the same statement is a temporary Array: numpy's `a[:, ::2] *= 2` is `a(slice(none), slice(none,
// none, 2)) *= 2`, which writes a's elements and gives the view back.
/// Defines compound assignment `symbol=` (numpy's in-place `op`) on arrays and on views made in
/// the same statement.
#define RTCG_COMPOUND_ASSIGNMENT(symbol, op)                                                                     \
    template <class T, Operand B>                                                                               \
        requires detail::numpy_defines_binary<expr::BinaryOp::op, Array<T>, B>                                  \
    Array<T>& operator symbol##=(Array<T>& target, const B& value) {                                            \
        auto result = detail::binary<expr::BinaryOp::op>(target, value);                                       \
        using R = typename decltype(result)::value_type;                                                        \
        static_assert(expr::types::kind(expr::code_of<R>()) <= expr::types::kind(expr::code_of<T>()),         \
                      "rtcg: the result cannot be cast back to the array's type by numpy's same_kind rule");   \
        return target.assign(result);                                                                           \
    }                                                                                                           \
    template <class T, Operand B>                                                                               \
        requires detail::numpy_defines_binary<expr::BinaryOp::op, Array<T>, B>                                  \
    Array<T> operator symbol##=(Array<T>&& view, const B& value) {                                              \
        view symbol##= value;                                                                                   \
        return std::move(view);                                                                                 \
    }
RTCG_COMPOUND_ASSIGNMENT(+, add)
RTCG_COMPOUND_ASSIGNMENT(-, subtract)
RTCG_COMPOUND_ASSIGNMENT(*, multiply)
RTCG_COMPOUND_ASSIGNMENT(/, true_divide)
RTCG_COMPOUND_ASSIGNMENT(%, remainder)
RTCG_COMPOUND_ASSIGNMENT(&, bitwise_and)
RTCG_COMPOUND_ASSIGNMENT(|, bitwise_or)
RTCG_COMPOUND_ASSIGNMENT(^, bitwise_xor)
RTCG_COMPOUND_ASSIGNMENT(<<, left_shift)
RTCG_COMPOUND_ASSIGNMENT(>>, right_shift)
#undef RTCG_COMPOUND_ASSIGNMENT

} // namespace rtcg
