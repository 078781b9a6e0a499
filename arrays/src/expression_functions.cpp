// The numpy helpers' definitions: the device file that holds them as macros
// (arrays/device/thread/numpy_operations.rtcg), then one line for each function an expression
// calls, instantiating the operation's macro with the function's name and types.
#include "expression_functions.hpp"

#include "device_sources.hpp"

#include <rtcg/codegen/literal.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

namespace rtcg::detail {
namespace {

using codegen::Dialect;
using codegen::DType;

// The unsigned type integer arithmetic wraps in: C promotes narrower types to int, whose overflow
// is undefined, so they compute in unsigned int.
DType wrapping_type(const DType& integer) { return integer.size() <= 4 ? DType::uint32() : DType::uint64(); }

bool is_signed_integer(const DType& type) { return type.is_integer() && type.is_signed(); }

} // namespace

std::string c_type(const DType& type, Dialect dialect) { return type.c_name(dialect); }

std::string math_function(std::string_view name, const DType& type, Dialect dialect) {
    std::string spelled(name);
    if (dialect == Dialect::cuda && type == DType::float32()) spelled += 'f';
    return spelled;
}

std::string complex_prefix(const DType& type) { return type == DType::complex64() ? "cfloat" : "cdouble"; }

std::string DeviceFunctions::define(std::string name, std::string_view macro,
                                    std::initializer_list<std::string> arguments) {
    if (!defined_.insert(name).second) return name;
    (instances_ += macro) += "(" + name;
    for (const std::string& argument : arguments) (instances_ += ", ") += argument;
    instances_ += ")\n";
    return name;
}

std::string DeviceFunctions::wrapping(const DType& integer) const { return c_type(wrapping_type(integer), dialect_); }

std::string DeviceFunctions::floor_divide(const DType& type) {
    const std::string name = "rtcg_floor_divide_" + std::string(type.name());
    const std::string t = c_type(type, dialect_);
    if (type.is_floating())
        return define(name, "RTCG_DEFINE_FLOOR_DIVIDE_FLOATING",
                      {t, math_function("fmod", type, dialect_), math_function("floor", type, dialect_),
                       math_function("copysign", type, dialect_), codegen::floating_literal(dialect_, type, 0.5)});
    if (is_signed_integer(type)) return define(name, "RTCG_DEFINE_FLOOR_DIVIDE_SIGNED", {t, wrapping(type)});
    return define(name, "RTCG_DEFINE_FLOOR_DIVIDE_UNSIGNED", {t});
}

std::string DeviceFunctions::remainder(const DType& type) {
    const std::string name = "rtcg_remainder_" + std::string(type.name());
    const std::string t = c_type(type, dialect_);
    if (type.is_floating())
        return define(name, "RTCG_DEFINE_REMAINDER_FLOATING",
                      {t, math_function("fmod", type, dialect_), math_function("copysign", type, dialect_)});
    return define(name, is_signed_integer(type) ? "RTCG_DEFINE_REMAINDER_SIGNED" : "RTCG_DEFINE_REMAINDER_UNSIGNED",
                  {t});
}

std::string DeviceFunctions::integer_fmod(const DType& type) {
    return define("rtcg_fmod_" + std::string(type.name()),
                  is_signed_integer(type) ? "RTCG_DEFINE_FMOD_SIGNED" : "RTCG_DEFINE_REMAINDER_UNSIGNED",
                  {c_type(type, dialect_)});
}

std::string DeviceFunctions::integer_power(const DType& type) {
    return define("rtcg_power_" + std::string(type.name()),
                  is_signed_integer(type) ? "RTCG_DEFINE_POWER_SIGNED" : "RTCG_DEFINE_POWER_UNSIGNED",
                  {c_type(type, dialect_), wrapping(type)});
}

std::string DeviceFunctions::minimum(const DType& type) {
    return define("rtcg_minimum_" + std::string(type.name()),
                  type.is_floating() ? "RTCG_DEFINE_MINIMUM_FLOATING" : "RTCG_DEFINE_MINIMUM_INTEGER",
                  {c_type(type, dialect_)});
}

std::string DeviceFunctions::maximum(const DType& type) {
    return define("rtcg_maximum_" + std::string(type.name()),
                  type.is_floating() ? "RTCG_DEFINE_MAXIMUM_FLOATING" : "RTCG_DEFINE_MAXIMUM_INTEGER",
                  {c_type(type, dialect_)});
}

std::string DeviceFunctions::left_shift(const DType& type) {
    return define("rtcg_left_shift_" + std::string(type.name()), "RTCG_DEFINE_LEFT_SHIFT",
                  {c_type(type, dialect_), wrapping(type), std::to_string(8 * type.size())});
}

std::string DeviceFunctions::right_shift(const DType& type) {
    return define("rtcg_right_shift_" + std::string(type.name()),
                  is_signed_integer(type) ? "RTCG_DEFINE_RIGHT_SHIFT_SIGNED" : "RTCG_DEFINE_RIGHT_SHIFT_UNSIGNED",
                  {c_type(type, dialect_), wrapping(type), std::to_string(8 * type.size())});
}

std::string DeviceFunctions::integer_absolute(const DType& type) {
    return define("rtcg_absolute_" + std::string(type.name()), "RTCG_DEFINE_ABSOLUTE",
                  {c_type(type, dialect_), wrapping(type)});
}

std::string DeviceFunctions::saturating_cast(const DType& from, const DType& to) {
    const std::string name = "rtcg_cast_" + std::string(from.name()) + "_" + std::string(to.name());
    // The bounds as values of `from`: powers of two, exact in every floating type.
    const int bits = static_cast<int>(8 * to.size());
    const bool is_signed = to.is_signed();
    const std::string upper = codegen::floating_literal(dialect_, from, std::ldexp(1.0, is_signed ? bits - 1 : bits));
    const std::string lower = is_signed ? codegen::floating_literal(dialect_, from, -std::ldexp(1.0, bits - 1))
                                        : codegen::floating_literal(dialect_, from, 0.0);
    const std::uint64_t magnitude_bits = std::uint64_t{1} << (bits - 1);
    const std::string max = is_signed
                                ? codegen::integer_literal(dialect_, to, static_cast<std::int64_t>(magnitude_bits - 1))
                                : codegen::unsigned_literal(dialect_, to, magnitude_bits - 1 + magnitude_bits);
    const std::string min = is_signed
                                ? codegen::integer_literal(dialect_, to, static_cast<std::int64_t>(0 - magnitude_bits))
                                : codegen::unsigned_literal(dialect_, to, 0);
    return define(name, "RTCG_DEFINE_SATURATING_CAST",
                  {c_type(from, dialect_), c_type(to, dialect_), lower, upper, min, max});
}

std::string DeviceFunctions::complex_nonzero(const DType& type) {
    return define("rtcg_nonzero_" + std::string(type.name()), "RTCG_DEFINE_COMPLEX_NONZERO", {c_type(type, dialect_)});
}

std::string DeviceFunctions::complex_round(const DType& type) {
    return define(
        "rtcg_round_" + std::string(type.name()), "RTCG_DEFINE_COMPLEX_ROUND",
        {c_type(type, dialect_), complex_prefix(type) + "_new", math_function("rint", type.element(), dialect_)});
}

std::string DeviceFunctions::tanpi(const DType& type) {
    return define("rtcg_tanpi_" + std::string(type.name()), "RTCG_DEFINE_TANPI",
                  {c_type(type, dialect_), math_function("sinpi", type, dialect_), math_function("cospi", type, dialect_)});
}

std::string DeviceFunctions::complex_angle(const DType& type) {
    return define("rtcg_angle_" + std::string(type.name()), "RTCG_DEFINE_COMPLEX_ANGLE",
                  {c_type(type, dialect_), c_type(type.element(), dialect_),
                   math_function("atan2", type.element(), dialect_)});
}

std::string DeviceFunctions::frexp_mantissa(const DType& type) {
    return define("rtcg_frexp_mantissa_" + std::string(type.name()), "RTCG_DEFINE_FREXP_MANTISSA",
                  {c_type(type, dialect_), math_function("frexp", type, dialect_)});
}

std::string DeviceFunctions::frexp_exponent(const DType& type) {
    return define("rtcg_frexp_exponent_" + std::string(type.name()), "RTCG_DEFINE_FREXP_EXPONENT",
                  {c_type(type, dialect_), math_function("frexp", type, dialect_)});
}

std::string DeviceFunctions::modf_fraction(const DType& type) {
    return define("rtcg_modf_fraction_" + std::string(type.name()), "RTCG_DEFINE_MODF_FRACTION",
                  {c_type(type, dialect_), math_function("modf", type, dialect_)});
}

std::string DeviceFunctions::modf_integral(const DType& type) {
    return define("rtcg_modf_integral_" + std::string(type.name()), "RTCG_DEFINE_MODF_INTEGRAL",
                  {c_type(type, dialect_), math_function("modf", type, dialect_)});
}

std::string DeviceFunctions::ldexp(const DType& type) {
    return define("rtcg_ldexp_" + std::string(type.name()), "RTCG_DEFINE_LDEXP",
                  {c_type(type, dialect_), math_function("ldexp", type, dialect_)});
}

std::string DeviceFunctions::bessel_jn(const DType& type) {
    bessel_ = true;
    return define("rtcg_bessel_jn_" + std::string(type.name()), "RTCG_DEFINE_BESSEL_JN", {c_type(type, dialect_)});
}

std::string DeviceFunctions::bessel_yn(const DType& type) {
    bessel_ = true;
    return define("rtcg_bessel_yn_" + std::string(type.name()), "RTCG_DEFINE_BESSEL_YN", {c_type(type, dialect_)});
}

std::string DeviceFunctions::definitions() const {
    if (instances_.empty()) return {};
    std::string text(device::thread::numpy_operations);
    if (bessel_) {
        // The file's special values, as codegen spells infinity and NaN for the dialect.
        text += "\n#define RTCG_BESSEL_INFINITY " +
                codegen::literal(dialect_, std::numeric_limits<double>::infinity()) +
                "\n#define RTCG_BESSEL_NAN " + codegen::literal(dialect_, std::numeric_limits<double>::quiet_NaN()) +
                "\n";
        text += device::thread::bessel;
    }
    return text + "\n" + instances_;
}

} // namespace rtcg::detail
