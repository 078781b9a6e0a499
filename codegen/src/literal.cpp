#include <rtcg/codegen/literal.hpp>
#include <rtcg/core/error.hpp>

#include <bit>
#include <charconv>
#include <cmath>
#include <limits>

namespace rtcg::codegen {
namespace {

constexpr const char* where = "codegen::literal";

void require(bool condition, const DType& type, const std::string& what) {
    if (!condition) throw InvalidArgument(what + " cannot be written as a " + std::string(type.name()) + " literal", where);
}

// Narrow types have no literal suffix; a cast gives the literal the exact type.
std::string cast(Dialect dialect, const DType& type, const std::string& text) {
    return "((" + type.c_name(dialect) + ")" + text + ")";
}

std::string shortest_round_trip(float value) {
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    return {buffer, end};
}

std::string shortest_round_trip(double value) {
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    return {buffer, end};
}

// "1" is an integer in C; floating literals need a point or an exponent.
std::string as_floating_text(std::string digits) {
    if (digits.find_first_of(".e") == std::string::npos) digits += ".0";
    return digits;
}

std::string hex(std::uint64_t bits) {
    char buffer[24];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, bits, 16).ptr;
    return "0x" + std::string(buffer, end);
}

// Infinities and NaNs have no literal; reinterpret their bits instead.
std::string non_finite(Dialect dialect, const DType& type, double value) {
    if (type == DType::float32()) {
        const std::string bits = hex(std::bit_cast<std::uint32_t>(static_cast<float>(value))) + "u";
        return dialect == Dialect::cuda ? "__uint_as_float(" + bits + ")" : "as_float(" + bits + ")";
    }
    const std::string bits = hex(std::bit_cast<std::uint64_t>(value));
    return dialect == Dialect::cuda ? "__longlong_as_double(" + bits + "ull)" : "as_double(" + bits + "ul)";
}

} // namespace

std::string integer_literal(Dialect dialect, const DType& type, std::int64_t value) {
    if (type.kind() == TypeKind::boolean) {
        require(value == 0 || value == 1, type, std::to_string(value));
        return value ? "true" : "false";
    }
    require(type.kind() == TypeKind::signed_integer, type, "a signed integer");
    const int bits = static_cast<int>(type.size() * 8);
    const std::int64_t max = bits == 64 ? std::numeric_limits<std::int64_t>::max() : (std::int64_t{1} << (bits - 1)) - 1;
    require(value >= -max - 1 && value <= max, type, std::to_string(value));
    const std::string suffix = bits < 64 ? "" : dialect == Dialect::cuda ? "ll" : "l";
    // -2147483648 is the negation of a literal too large for int: write it as (-max - 1).
    const std::string text = value == -max - 1 ? "(-" + std::to_string(max) + suffix + " - 1" + suffix + ")"
                                                : std::to_string(value) + suffix;
    return bits < 32 ? cast(dialect, type, text) : text;
}

std::string unsigned_literal(Dialect dialect, const DType& type, std::uint64_t value) {
    require(type.kind() == TypeKind::unsigned_integer, type, "an unsigned integer");
    const int bits = static_cast<int>(type.size() * 8);
    require(bits == 64 || value < (std::uint64_t{1} << bits), type, std::to_string(value));
    if (bits < 32) return cast(dialect, type, std::to_string(value) + "u");
    if (bits == 32) return std::to_string(value) + "u";
    return std::to_string(value) + (dialect == Dialect::cuda ? "ull" : "ul");
}

std::string floating_literal(Dialect dialect, const DType& type, double value) {
    require(type.is_floating(), type, "a floating value");
    if (!std::isfinite(value)) return non_finite(dialect, type, value);
    if (type == DType::float32()) {
        const float narrowed = static_cast<float>(value);
        require(std::isfinite(narrowed), type, shortest_round_trip(value));
        return as_floating_text(shortest_round_trip(narrowed)) + "f";
    }
    return as_floating_text(shortest_round_trip(value));
}

std::string complex_literal(Dialect dialect, const DType& type, std::complex<double> value) {
    require(type.is_complex(), type, "a complex value");
    const DType real = type.element();
    const std::string prefix = real == DType::float32() ? "cfloat_new(" : "cdouble_new(";
    return prefix + floating_literal(dialect, real, value.real()) + ", " + floating_literal(dialect, real, value.imag()) + ")";
}

} // namespace rtcg::codegen
