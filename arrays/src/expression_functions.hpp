#pragma once
// Device functions for the operations whose numpy meaning is not one C operator: integer division
// and remainder (by zero, INT_MIN / -1, rounding toward minus infinity), integer powers, shifts by
// the width or more, NaN-propagating minimum and maximum, saturating float-to-integer conversion,
// complex helpers, and the Bessel functions. Operands are evaluated once by passing them to a function. Each function is
// defined once per kernel, named after the operation and the type (rtcg_floor_divide_int32), by
// the macros of arrays/device/thread/numpy_operations.rtcg.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <initializer_list>
#include <set>
#include <string>
#include <string_view>

namespace rtcg::detail {

// Spellings shared by the lowering and the functions.
std::string c_type(const codegen::DType& type, codegen::Dialect dialect);
// The math function `name` for `type`: CUDA's float forms end in f (sinf); OpenCL overloads.
std::string math_function(std::string_view name, const codegen::DType& type, codegen::Dialect dialect);
// "cfloat" or "cdouble": the prefix of the prelude's complex functions.
std::string complex_prefix(const codegen::DType& type);

class DeviceFunctions {
public:
    explicit DeviceFunctions(codegen::Dialect dialect) : dialect_(dialect) {}

    // Each returns the name to call, defining the function on first use.
    std::string floor_divide(const codegen::DType& type);
    std::string remainder(const codegen::DType& type);
    std::string integer_fmod(const codegen::DType& type);
    std::string integer_power(const codegen::DType& type);
    std::string minimum(const codegen::DType& type);
    std::string maximum(const codegen::DType& type);
    std::string left_shift(const codegen::DType& type);
    std::string right_shift(const codegen::DType& type);
    std::string integer_absolute(const codegen::DType& type);
    std::string saturating_cast(const codegen::DType& from, const codegen::DType& to);
    std::string complex_nonzero(const codegen::DType& type);
    std::string complex_round(const codegen::DType& type);
    std::string tanpi(const codegen::DType& type);
    std::string complex_angle(const codegen::DType& type);
    std::string frexp_mantissa(const codegen::DType& type);
    std::string frexp_exponent(const codegen::DType& type);
    std::string modf_fraction(const codegen::DType& type);
    std::string modf_integral(const codegen::DType& type);
    std::string ldexp(const codegen::DType& type);
    // J_n(x) and Y_n(x) of `type` x (computed in double: arrays/device/thread/bessel.rtcg).
    std::string bessel_jn(const codegen::DType& type);
    std::string bessel_yn(const codegen::DType& type);

    // The functions' source, for in front of the kernel: empty when none is called.
    std::string definitions() const;

private:
    // Defines `name` on first use as `macro(name, arguments...)`; returns the name.
    std::string define(std::string name, std::string_view macro, std::initializer_list<std::string> arguments);
    // The unsigned type `integer` wraps in (C type name).
    std::string wrapping(const codegen::DType& integer) const;

    codegen::Dialect dialect_;
    std::set<std::string> defined_;
    std::string instances_; // the macros' uses, one a line
    bool bessel_ = false;   // the Bessel functions' file is needed
};

} // namespace rtcg::detail
