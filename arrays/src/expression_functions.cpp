#include "expression_functions.hpp"

#include <rtcg/codegen/literal.hpp>
#include <rtcg/codegen/substitute.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>

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

std::string DeviceFunctions::define(std::string name, std::string_view body, const DType& type) {
    if (!defined_.insert(name).second) return name;
    const std::map<std::string, std::string, std::less<>> values{
        {"F", name},
        {"T", c_type(type, dialect_)},
        {"U", type.is_integer() ? c_type(wrapping_type(type), dialect_) : c_type(type, dialect_)},
        {"BITS", std::to_string(8 * type.size())},
        {"fmod", math_function("fmod", type, dialect_)},
        {"floor", math_function("floor", type, dialect_)},
        {"copysign", math_function("copysign", type, dialect_)},
        {"half", type.is_floating() ? codegen::floating_literal(dialect_, type, 0.5) : "0"},
    };
    definitions_ += codegen::substitute(body, values, name);
    return name;
}

std::string DeviceFunctions::floor_divide(const DType& type) {
    const std::string name = "rtcg_floor_divide_" + std::string(type.name());
    if (type.is_floating())
        // numpy's divmod: the quotient of the exact difference a - fmod(a, b), corrected by one
        // where fmod's sign differs from b's, then rounded; a zero keeps the true quotient's sign.
        return define(name, R"(RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) {
    if (b == 0) return a / b;
    const {{T}} mod = {{fmod}}(a, b);
    {{T}} div = (a - mod) / b;
    if (mod != 0 && ((b < 0) != (mod < 0))) div -= 1;
    if (div == 0) return {{copysign}}(({{T}})0, a / b);
    {{T}} whole = {{floor}}(div);
    if (div - whole > {{half}}) whole += 1;
    return whole;
}
)", type);
    if (is_signed_integer(type))
        return define(name, R"(RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) {
    if (b == 0) return 0;
    if (b == ({{T}})-1) return ({{T}})(({{U}})0 - ({{U}})a); /* INT_MIN / -1 wraps to INT_MIN */
    {{T}} quotient = ({{T}})(a / b);
    if (a % b != 0 && ((a < 0) != (b < 0))) quotient = ({{T}})(quotient - 1);
    return quotient;
}
)", type);
    return define(name, R"(RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) { return b == 0 ? ({{T}})0 : ({{T}})(a / b); }
)", type);
}

std::string DeviceFunctions::remainder(const DType& type) {
    const std::string name = "rtcg_remainder_" + std::string(type.name());
    if (type.is_floating())
        return define(name, R"(RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) {
    {{T}} mod = {{fmod}}(a, b);
    if (b == 0) return mod;
    if (mod == 0) return {{copysign}}(({{T}})0, b);
    if ((b < 0) != (mod < 0)) mod += b;
    return mod;
}
)", type);
    if (is_signed_integer(type))
        return define(name, R"(RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) {
    if (b == 0 || b == ({{T}})-1) return 0;
    const {{T}} mod = ({{T}})(a % b);
    return (mod != 0 && ((mod < 0) != (b < 0))) ? ({{T}})(mod + b) : mod;
}
)", type);
    return define(name, R"(RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) { return b == 0 ? ({{T}})0 : ({{T}})(a % b); }
)", type);
}

std::string DeviceFunctions::integer_fmod(const DType& type) {
    const std::string name = "rtcg_fmod_" + std::string(type.name());
    if (is_signed_integer(type))
        return define(name, R"(RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) {
    return (b == 0 || b == ({{T}})-1) ? ({{T}})0 : ({{T}})(a % b);
}
)", type);
    return define(name, R"(RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) { return b == 0 ? ({{T}})0 : ({{T}})(a % b); }
)", type);
}

std::string DeviceFunctions::integer_power(const DType& type) {
    const std::string name = "rtcg_power_" + std::string(type.name());
    const std::string_view negative_exponent = is_signed_integer(type) ? R"(
    if (b < 0) return a == 1 ? ({{T}})1 : a == ({{T}})-1 ? ((b & 1) ? ({{T}})-1 : ({{T}})1) : ({{T}})0;)"
                                                                       : "";
    // Square and multiply, wrapping like numpy's integer power.
    return define(name, "RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) {" + std::string(negative_exponent) + R"(
    {{U}} base = ({{U}})a, result = 1, exponent = ({{U}})b;
    while (exponent != 0) {
        if (exponent & 1) result *= base;
        base *= base;
        exponent >>= 1;
    }
    return ({{T}})result;
}
)", type);
}

std::string DeviceFunctions::minimum(const DType& type) {
    // A NaN operand is the result, as numpy.minimum propagates it (a != a only for NaN).
    return define("rtcg_minimum_" + std::string(type.name()),
                  type.is_floating() ? "RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) { return (a < b || a != a) ? a : b; }\n"
                                     : "RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) { return b < a ? b : a; }\n",
                  type);
}

std::string DeviceFunctions::maximum(const DType& type) {
    return define("rtcg_maximum_" + std::string(type.name()),
                  type.is_floating() ? "RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) { return (a > b || a != a) ? a : b; }\n"
                                     : "RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) { return b > a ? b : a; }\n",
                  type);
}

std::string DeviceFunctions::left_shift(const DType& type) {
    // Casting the amount to unsigned turns a negative one into a huge one: both give 0.
    return define("rtcg_left_shift_" + std::string(type.name()), R"(RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) {
    return ({{U}})b >= {{BITS}} ? ({{T}})0 : ({{T}})(({{U}})a << ({{U}})b);
}
)", type);
}

std::string DeviceFunctions::right_shift(const DType& type) {
    const std::string_view too_far = is_signed_integer(type) ? "(a < 0 ? ({{T}})-1 : ({{T}})0)" : "({{T}})0";
    return define("rtcg_right_shift_" + std::string(type.name()),
                  "RTCG_DEVICE {{T}} {{F}}({{T}} a, {{T}} b) {\n    return ({{U}})b >= {{BITS}} ? " +
                      std::string(too_far) + " : ({{T}})(a >> b);\n}\n",
                  type);
}

std::string DeviceFunctions::integer_absolute(const DType& type) {
    return define("rtcg_absolute_" + std::string(type.name()),
                  "RTCG_DEVICE {{T}} {{F}}({{T}} a) { return a < 0 ? ({{T}})(({{U}})0 - ({{U}})a) : a; }\n", type);
}

std::string DeviceFunctions::saturating_cast(const DType& from, const DType& to) {
    const std::string name = "rtcg_cast_" + std::string(from.name()) + "_" + std::string(to.name());
    if (defined_.count(name)) return name;
    // Bounds as values of `from`: powers of two, exact in every floating type. Values at or past
    // them saturate; those strictly inside truncate, which C defines.
    const int bits = static_cast<int>(8 * to.size());
    const bool is_signed = to.is_signed();
    const std::string upper = codegen::floating_literal(dialect_, from, std::ldexp(1.0, is_signed ? bits - 1 : bits));
    const std::string lower = is_signed ? codegen::floating_literal(dialect_, from, -std::ldexp(1.0, bits - 1))
                                        : codegen::floating_literal(dialect_, from, 0.0);
    const std::uint64_t magnitude_bits = std::uint64_t{1} << (bits - 1);
    const std::string max = is_signed ? codegen::integer_literal(dialect_, to, static_cast<std::int64_t>(magnitude_bits - 1))
                                      : codegen::unsigned_literal(dialect_, to, magnitude_bits - 1 + magnitude_bits);
    const std::string min = is_signed ? codegen::integer_literal(dialect_, to, static_cast<std::int64_t>(0 - magnitude_bits))
                                      : codegen::unsigned_literal(dialect_, to, 0);
    defined_.insert(name);
    definitions_ += "RTCG_DEVICE " + c_type(to, dialect_) + " " + name + "(" + c_type(from, dialect_) +
                    " x) {\n    if (x != x) return 0;\n    if (x >= " + upper + ") return " + max +
                    ";\n    if (x <= " + lower + ") return " + min + ";\n    return (" + c_type(to, dialect_) +
                    ")x;\n}\n";
    return name;
}

std::string DeviceFunctions::complex_nonzero(const DType& type) {
    return define("rtcg_nonzero_" + std::string(type.name()),
                  "RTCG_DEVICE int {{F}}({{T}} z) { return z.real != 0 || z.imag != 0; }\n", type);
}

std::string DeviceFunctions::complex_round(const DType& type) {
    const DType real = type.element();
    const std::string rint = math_function("rint", real, dialect_);
    return define("rtcg_round_" + std::string(type.name()),
                  "RTCG_DEVICE {{T}} {{F}}({{T}} z) { return " + complex_prefix(type) + "_new(" + rint + "(z.real), " +
                      rint + "(z.imag)); }\n",
                  type);
}

} // namespace rtcg::detail
