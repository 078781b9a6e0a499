#pragma once
/// \file
/// numpy's type promotion, so arrays combine as numpy users expect:
///   result_type(int32, float32)   -> float64   (float32 cannot hold every int32)
///   result_type(uint64, int64)    -> float64   (no integer type holds both)
///   result_type(int16, complex64) -> complex64
/// Scalars written in an expression (2 * x) are "weak", as in numpy 2 (NEP 50): their kind counts,
/// not their width, so float32 array * 2.0 stays float32 while int32 array * 2.5 becomes float64.
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/export.hpp>

namespace rtcg::codegen {

/// The type both operands convert to. Vectors and structs only combine with the same type;
/// anything else is InvalidArgument.
RTCG_API DType result_type(const DType& a, const DType& b);

/// The kind of a C++ scalar combined with an array (numpy's weak scalars).
enum class ScalarKind { boolean, integer, floating, complex };

/// The type of an array of `array` combined with a C++ scalar of `scalar` kind.
RTCG_API DType result_type(const DType& array, ScalarKind scalar);

/// The ScalarKind of a C++ type.
template <class T>
constexpr ScalarKind scalar_kind_of() {
    if constexpr (std::is_same_v<T, bool>) return ScalarKind::boolean;
    else if constexpr (std::is_integral_v<T>) return ScalarKind::integer;
    else if constexpr (std::is_floating_point_v<T>) return ScalarKind::floating;
    else return ScalarKind::complex;
}

} // namespace rtcg::codegen
