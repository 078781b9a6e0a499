#pragma once
/// \file
/// The operations array expressions are built from, and the element type of each result, as numpy
/// 2 types them. The rules are constexpr so that the C++ type of `a + b` (Expr<double> for
/// Array<int32_t> + Array<float>) and the type the generated kernel computes in come from the same
/// function: the compiler evaluates it for the static type, the library at run time for the kernel.
///
/// \code
///   add, subtract, multiply, minimum, maximum, bitwise ops: the promoted type (codegen's
///       result_type, numpy's table); bool + bool is logical or and bool * bool logical and, as in
///       numpy; bool - bool is refused, as in numpy.
///   true_divide: floating; integers and bools divide as float64.
///   floor_divide, remainder, fmod, power, shifts: the promoted type, int8 for two bools.
///   comparisons, logical ops: bool.
///   hypot, arctan2 and the floating functions (sin, exp, sqrt, ...): the promoted type's floating
///       counterpart: float32 for bool and 8- and 16-bit integers (numpy says float16, which rtcg
///       lacks), float64 for wider integers.
///   ldexp(x, e), jn(n, x), yn(n, x): x's floating counterpart (float64 for a C++ scalar x); the
///       exponent and the order are integers (not bool), converted to int64.
///   floor, ceil, trunc, round, absolute: integers keep their type; absolute of a complex is real.
/// \endcode
///
/// C++ scalars in expressions are weak, like Python's in numpy 2 (NEP 50): their kind counts, not
/// their width, so float32 array * 2.0 stays float32 while int32 array * 2.5 becomes float64.
#include <complex>
#include <cstdint>
#include <type_traits>

namespace rtcg::expr {

/// The element types expressions compute with, narrowest first within each kind.
enum class Code : unsigned char { b, i8, u8, i16, u16, i32, u32, i64, u64, f32, f64, c64, c128, invalid };

/// The unary operators and functions of expressions.
enum class UnaryOp : unsigned char {
    negative, logical_not, bitwise_not, absolute, conjugate,
    sin, cos, tan, asin, acos, atan, sinh, cosh, tanh,
    exp, exp2, expm1, log, log2, log10, log1p, sqrt, cbrt, fabs,
    floor, ceil, round, trunc,
    // PyOpenCL's clmath: sin(pi x) ... and the inverse functions divided by pi.
    sinpi, cospi, tanpi, asinpi, acospi, atanpi,
    // numpy.real, numpy.imag, numpy.angle; the two parts of numpy.frexp and numpy.modf.
    real, imag, angle, frexp_mantissa, frexp_exponent, modf_fraction, modf_integral,
};

/// The binary operators and functions of expressions.
enum class BinaryOp : unsigned char {
    add, subtract, multiply, true_divide, floor_divide, remainder, power, fmod, hypot, arctan2,
    minimum, maximum,
    equal, not_equal, less, less_equal, greater, greater_equal,
    logical_and, logical_or, logical_xor,
    bitwise_and, bitwise_or, bitwise_xor, left_shift, right_shift,
    // atan2(a, b) / pi (clmath's atan2pi); numpy.ldexp: a * 2^b for integers b.
    arctan2pi, ldexp,
    // clmath's bessel_jn and bessel_yn: J_a(b) and Y_a(b) for integers a.
    bessel_jn, bessel_yn,
};

/// An operand's element type; a weak one is a C++ scalar whose code stands for its kind only.
struct Operand {
    Code code; ///< the element type, or its kind's default for a weak operand
    bool weak = false; ///< true for a C++ scalar
};

namespace types {

/// The kind's rank: bool < integers < floating < complex.
constexpr int kind(Code c) {
    if (c == Code::b) return 0;
    if (c <= Code::u64) return 1;
    if (c <= Code::f64) return 2;
    return 3;
}
/// Signed or unsigned integer (bool excluded).
constexpr bool is_integer(Code c) { return kind(c) == 1; }
/// Unsigned integer.
constexpr bool is_unsigned(Code c) { return c == Code::u8 || c == Code::u16 || c == Code::u32 || c == Code::u64; }
/// The bytes of an integer type.
constexpr int integer_bytes(Code c) {
    switch (c) {
    case Code::i8: case Code::u8: return 1;
    case Code::i16: case Code::u16: return 2;
    case Code::i32: case Code::u32: return 4;
    default: return 8;
    }
}

/// numpy's safe casts: every value of `from` is exactly a value of `to`.
constexpr bool safe_cast(Code from, Code to) {
    if (from == to || from == Code::b) return true;
    if (to == Code::b) return false;
    if (is_integer(from)) {
        if (is_integer(to)) {
            if (is_unsigned(from) == is_unsigned(to)) return integer_bytes(to) >= integer_bytes(from);
            return !is_unsigned(to) && integer_bytes(to) > integer_bytes(from); // unsigned into wider signed
        }
        const bool small = integer_bytes(from) <= 2; // fits float32's 24-bit mantissa
        return to == Code::f64 || to == Code::c128 || (small && (to == Code::f32 || to == Code::c64));
    }
    if (from == Code::f32) return to == Code::f64 || to == Code::c64 || to == Code::c128;
    if (from == Code::f64) return to == Code::c128;
    return from == Code::c64 && to == Code::c128;
}

/// numpy's promotion of two array types: the first type, narrowest first, both cast to safely.
constexpr Code promote(Code a, Code b) {
    if (a == Code::invalid || b == Code::invalid) return Code::invalid;
    for (int c = 0; c < static_cast<int>(Code::invalid); ++c)
        if (safe_cast(a, static_cast<Code>(c)) && safe_cast(b, static_cast<Code>(c))) return static_cast<Code>(c);
    return Code::invalid;
}

/// A weak scalar's kind at its default width: bool, int64, float64, complex128.
constexpr Code default_of_kind(int k) {
    constexpr Code defaults[] = {Code::b, Code::i64, Code::f64, Code::c128};
    return defaults[k];
}

/// NEP 50: the array's type unless the scalar's kind is higher; then that kind at default width,
/// except that float32 becomes complex64.
constexpr Code promote_weak(Code array, Code scalar) {
    if (kind(scalar) <= kind(array)) return array;
    if (kind(scalar) == 3 && array == Code::f32) return Code::c64;
    return default_of_kind(kind(scalar));
}

/// The common type of two operands, weak scalars counting by kind only (numpy 2).
constexpr Code promote(Operand a, Operand b) {
    if (a.weak && b.weak) return default_of_kind(kind(a.code) > kind(b.code) ? kind(a.code) : kind(b.code));
    if (a.weak) return promote_weak(b.code, a.code);
    if (b.weak) return promote_weak(a.code, b.code);
    return promote(a.code, b.code);
}

/// The floating type a floating function of `c` computes in.
constexpr Code floating_of(Code c) {
    if (kind(c) >= 2) return c;
    return (c == Code::b || integer_bytes(c) <= 2) ? Code::f32 : Code::f64;
}

/// ==, !=, <, <=, > or >=: the result is bool.
constexpr bool is_comparison(BinaryOp op) { return op >= BinaryOp::equal && op <= BinaryOp::greater_equal; }
/// logical_and, logical_or or logical_xor: the result is bool.
constexpr bool is_logical(BinaryOp op) { return op >= BinaryOp::logical_and && op <= BinaryOp::logical_xor; }

} // namespace types

/// The type both operands convert to before `op`; invalid where numpy refuses the operation.
constexpr Code operand_type(BinaryOp op, Operand a, Operand b) {
    using namespace types;
    const Code p = promote(a, b);
    if (p == Code::invalid) return p;
    const bool complex = kind(p) == 3;
    switch (op) {
    case BinaryOp::subtract: return p == Code::b ? Code::invalid : p;
    case BinaryOp::true_divide: return kind(p) <= 1 ? Code::f64 : p;
    case BinaryOp::power: return p == Code::b ? Code::i8 : p;
    case BinaryOp::floor_divide:
    case BinaryOp::remainder:
    case BinaryOp::fmod: return complex ? Code::invalid : p == Code::b ? Code::i8 : p;
    case BinaryOp::hypot:
    case BinaryOp::arctan2:
    case BinaryOp::arctan2pi: return complex ? Code::invalid : floating_of(p);
    // The mantissa's type; the exponent, an integer of any width, converts to int64.
    case BinaryOp::ldexp:
        return kind(b.code) > 1 || kind(a.code) == 3 ? Code::invalid : floating_of(a.weak ? Code::f64 : a.code);
    // x's floating type, as ldexp's mantissa; the order, an integer of any width, converts to int64.
    case BinaryOp::bessel_jn:
    case BinaryOp::bessel_yn:
        return !is_integer(a.code) || kind(b.code) == 3 ? Code::invalid : floating_of(b.weak ? Code::f64 : b.code);
    case BinaryOp::minimum:
    case BinaryOp::maximum: return complex ? Code::invalid : p;
    case BinaryOp::less:
    case BinaryOp::less_equal:
    case BinaryOp::greater:
    case BinaryOp::greater_equal: return complex ? Code::invalid : p;
    case BinaryOp::bitwise_and:
    case BinaryOp::bitwise_or:
    case BinaryOp::bitwise_xor: return kind(p) <= 1 ? p : Code::invalid;
    case BinaryOp::left_shift:
    case BinaryOp::right_shift: return kind(p) > 1 ? Code::invalid : p == Code::b ? Code::i8 : p;
    default: return p;
    }
}

/// The result type of `a op b`; invalid where numpy refuses the operation.
constexpr Code result_type(BinaryOp op, Operand a, Operand b) {
    const Code operands = operand_type(op, a, b);
    if (operands == Code::invalid) return operands;
    return types::is_comparison(op) || types::is_logical(op) ? Code::b : operands;
}

/// The type the operand converts to before `op` (the result's, except for absolute of a complex).
constexpr Code operand_type(UnaryOp op, Code a) {
    using namespace types;
    if (a == Code::invalid) return a;
    const bool complex = kind(a) == 3;
    switch (op) {
    case UnaryOp::negative: return a == Code::b ? Code::invalid : a;
    case UnaryOp::logical_not:
    case UnaryOp::absolute:
    case UnaryOp::conjugate: return a;
    case UnaryOp::bitwise_not: return kind(a) <= 1 ? a : Code::invalid;
    case UnaryOp::floor:
    case UnaryOp::ceil:
    case UnaryOp::trunc: return complex ? Code::invalid : a;
    case UnaryOp::round: return a == Code::b ? Code::f32 : a;
    // The complex forms rtcg has: those the prelude's complex support provides, and log2, log10
    // and exp2 written with them.
    case UnaryOp::asin:
    case UnaryOp::acos:
    case UnaryOp::atan:
    case UnaryOp::expm1:
    case UnaryOp::log1p:
    case UnaryOp::cbrt:
    case UnaryOp::fabs:
    case UnaryOp::sinpi:
    case UnaryOp::cospi:
    case UnaryOp::tanpi:
    case UnaryOp::asinpi:
    case UnaryOp::acospi:
    case UnaryOp::atanpi:
    case UnaryOp::frexp_mantissa:
    case UnaryOp::frexp_exponent:
    case UnaryOp::modf_fraction:
    case UnaryOp::modf_integral: return complex ? Code::invalid : floating_of(a);
    case UnaryOp::real:
    case UnaryOp::imag: return a;
    case UnaryOp::angle: return complex ? a : floating_of(a);
    default: return floating_of(a);
    }
}

/// The result type of `op(a)`; invalid where numpy refuses the operation.
constexpr Code result_type(UnaryOp op, Code a) {
    const Code operand = operand_type(op, a);
    if (op == UnaryOp::logical_not && operand != Code::invalid) return Code::b;
    if (op == UnaryOp::absolute && operand == Code::c64) return Code::f32;
    if (op == UnaryOp::absolute && operand == Code::c128) return Code::f64;
    const bool parts = op == UnaryOp::real || op == UnaryOp::imag || op == UnaryOp::angle;
    if (parts && operand == Code::c64) return Code::f32;
    if (parts && operand == Code::c128) return Code::f64;
    if (op == UnaryOp::frexp_exponent && operand != Code::invalid) return Code::i32;
    return operand;
}

/// The code of a C++ element type, and back.
template <class T>
constexpr Code code_of() {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_same_v<U, bool>) return Code::b;
    else if constexpr (std::is_integral_v<U>) {
        constexpr bool s = std::is_signed_v<U>;
        if constexpr (sizeof(U) == 1) return s ? Code::i8 : Code::u8;
        else if constexpr (sizeof(U) == 2) return s ? Code::i16 : Code::u16;
        else if constexpr (sizeof(U) == 4) return s ? Code::i32 : Code::u32;
        else return s ? Code::i64 : Code::u64;
    } else if constexpr (std::is_same_v<U, float>) return Code::f32;
    else if constexpr (std::is_same_v<U, double>) return Code::f64;
    else if constexpr (std::is_same_v<U, std::complex<float>>) return Code::c64;
    else if constexpr (std::is_same_v<U, std::complex<double>>) return Code::c128;
    else return Code::invalid;
}

template <Code C>
struct type_of;
/// \cond
template <> struct type_of<Code::b> { using type = bool; };
template <> struct type_of<Code::i8> { using type = std::int8_t; };
template <> struct type_of<Code::u8> { using type = std::uint8_t; };
template <> struct type_of<Code::i16> { using type = std::int16_t; };
template <> struct type_of<Code::u16> { using type = std::uint16_t; };
template <> struct type_of<Code::i32> { using type = std::int32_t; };
template <> struct type_of<Code::u32> { using type = std::uint32_t; };
template <> struct type_of<Code::i64> { using type = std::int64_t; };
template <> struct type_of<Code::u64> { using type = std::uint64_t; };
template <> struct type_of<Code::f32> { using type = float; };
template <> struct type_of<Code::f64> { using type = double; };
template <> struct type_of<Code::c64> { using type = std::complex<float>; };
template <> struct type_of<Code::c128> { using type = std::complex<double>; };
/// \endcond

/// The C++ type of a Code.
template <Code C>
using type_of_t = typename type_of<C>::type;

} // namespace rtcg::expr
