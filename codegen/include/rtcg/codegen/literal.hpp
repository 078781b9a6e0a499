#pragma once
/// \file
/// Values written into generated source as literals of an exact type, for either dialect:
///   literal(Dialect::cuda, 2.5f)            -> "2.5f"
///   literal(Dialect::opencl, std::int64_t{7}) -> "7l"
///   literal(Dialect::cuda, 1.0 / 0.0)       -> "__longlong_as_double(0x7ff0000000000000ull)"
/// Floating values round-trip exactly (infinities and NaNs by their bits); integers too, including
/// the most negative ones, which C cannot write as a single literal.
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/export.hpp>

#include <complex>
#include <cstdint>
#include <string>
#include <type_traits>

namespace rtcg::codegen {

/// For bool and signed integer types; InvalidArgument if `value` does not fit `type`.
RTCG_API std::string integer_literal(Dialect dialect, const DType& type, std::int64_t value);
/// For unsigned integer types; InvalidArgument if `value` does not fit `type`.
RTCG_API std::string unsigned_literal(Dialect dialect, const DType& type, std::uint64_t value);
/// For float32 (value rounded to float) and float64.
RTCG_API std::string floating_literal(Dialect dialect, const DType& type, double value);
/// For complex64 and complex128: a cfloat_new / cdouble_new call (the prelude's complex support).
RTCG_API std::string complex_literal(Dialect dialect, const DType& type, std::complex<double> value);

/// An exact literal of `value`'s type (dtype_of<T>) in `dialect`: integers, floating point, complex.
template <class T>
std::string literal(Dialect dialect, const T& value) {
    const DType type = dtype_of<T>();
    if constexpr (std::is_same_v<T, bool> || (std::is_integral_v<T> && std::is_signed_v<T>))
        return integer_literal(dialect, type, static_cast<std::int64_t>(value));
    else if constexpr (std::is_integral_v<T>)
        return unsigned_literal(dialect, type, static_cast<std::uint64_t>(value));
    else if constexpr (std::is_floating_point_v<T>)
        return floating_literal(dialect, type, static_cast<double>(value));
    else
        return complex_literal(dialect, type, std::complex<double>(value));
}

} // namespace rtcg::codegen
