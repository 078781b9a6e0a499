#include "scalar_conversion.hpp"

#include <rtcg/core/error.hpp>

#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

namespace rtcg::detail {
namespace {

using codegen::DType;
using codegen::TypeKind;

template <class T>
T load(const HostScalar& value) {
    T result;
    std::memcpy(&result, value.bytes, sizeof(T));
    return result;
}

std::string_view kind_name(HostKind kind) {
    switch (kind) {
    case HostKind::boolean: return "a bool";
    case HostKind::signed_integer:
    case HostKind::unsigned_integer: return "an integer";
    case HostKind::floating: return "a floating";
    case HostKind::complex: return "a complex";
    case HostKind::other: break;
    }
    return "a struct or vector";
}

bool is_integer(HostKind kind) {
    return kind == HostKind::boolean || kind == HostKind::signed_integer || kind == HostKind::unsigned_integer;
}

// Integers and bools as the widest type of their signedness; `negative` tells the sign.
struct WideInteger {
    bool negative;
    std::uint64_t magnitude_bits; // the value itself when not negative, its int64 bits otherwise
};

WideInteger widen(const HostScalar& value) {
    if (value.kind == HostKind::boolean) return {false, load<bool>(value) ? 1u : 0u};
    if (value.kind == HostKind::unsigned_integer) {
        switch (value.size) {
        case 1: return {false, load<std::uint8_t>(value)};
        case 2: return {false, load<std::uint16_t>(value)};
        case 4: return {false, load<std::uint32_t>(value)};
        default: return {false, load<std::uint64_t>(value)};
        }
    }
    std::int64_t v = 0;
    switch (value.size) {
    case 1: v = load<std::int8_t>(value); break;
    case 2: v = load<std::int16_t>(value); break;
    case 4: v = load<std::int32_t>(value); break;
    default: v = load<std::int64_t>(value); break;
    }
    return {v < 0, static_cast<std::uint64_t>(v)};
}

std::string integer_text(const WideInteger& v) {
    return v.negative ? std::to_string(static_cast<std::int64_t>(v.magnitude_bits)) : std::to_string(v.magnitude_bits);
}

double real_value(const HostScalar& value) {
    if (value.kind == HostKind::floating) return value.size == 4 ? load<float>(value) : load<double>(value);
    const WideInteger v = widen(value);
    return v.negative ? static_cast<double>(static_cast<std::int64_t>(v.magnitude_bits))
                      : static_cast<double>(v.magnitude_bits);
}

std::complex<double> complex_value(const HostScalar& value) {
    if (value.kind != HostKind::complex) return {real_value(value), 0.0};
    if (value.size == 8) return std::complex<double>(load<std::complex<float>>(value));
    return load<std::complex<double>>(value);
}

template <class T>
KernelArgument store(ArgumentSlot& slot, const T& value) {
    static_assert(sizeof(T) <= sizeof(slot.bytes));
    std::memcpy(slot.bytes, &value, sizeof(T));
    return KernelArgument{nullptr, slot.bytes, sizeof(T)};
}

// Once the value is known to fit, keeping the low bytes of its two's complement bits is the
// value in the declared type, signed or not.
KernelArgument store_integer(ArgumentSlot& slot, const DType& type, const WideInteger& v) {
    switch (type.size()) {
    case 1: return store(slot, static_cast<std::uint8_t>(v.magnitude_bits));
    case 2: return store(slot, static_cast<std::uint16_t>(v.magnitude_bits));
    case 4: return store(slot, static_cast<std::uint32_t>(v.magnitude_bits));
    default: return store(slot, v.magnitude_bits);
    }
}

bool fits(const DType& type, const WideInteger& v) {
    const int bits = static_cast<int>(type.size() * 8);
    if (type.is_signed()) {
        const std::int64_t max = bits == 64 ? std::numeric_limits<std::int64_t>::max()
                                            : (std::int64_t{1} << (bits - 1)) - 1;
        if (v.negative) return static_cast<std::int64_t>(v.magnitude_bits) >= -max - 1;
        return v.magnitude_bits <= static_cast<std::uint64_t>(max);
    }
    if (v.negative) return false;
    return bits == 64 || v.magnitude_bits < (std::uint64_t{1} << bits);
}

} // namespace

KernelArgument convert_scalar(const codegen::Argument& declared, const HostScalar& value, ArgumentSlot& slot,
                                      std::string_view kernel) {
    const DType& type = declared.type;
    const auto refuse = [&](const std::string& why) -> InvalidArgument {
        return InvalidArgument(std::string(kernel) + ": scalar argument '" + declared.name +
                               "' (" + std::string(type.name()) + "): " + why);
    };
    const auto not_same_kind = [&] {
        return refuse(std::string(kind_name(value.kind)) +
                      " value does not convert to it (numpy's same_kind rule)");
    };

    switch (type.kind()) {
    case TypeKind::structure:
    case TypeKind::vector:
        if (value.kind != HostKind::other || value.type() != type || value.size != type.size()) throw not_same_kind();
        return KernelArgument{nullptr, value.bytes, value.size};
    case TypeKind::boolean:
        if (value.kind != HostKind::boolean) throw not_same_kind();
        return store(slot, static_cast<std::uint8_t>(load<bool>(value) ? 1 : 0));
    case TypeKind::signed_integer:
    case TypeKind::unsigned_integer: {
        if (!is_integer(value.kind)) throw not_same_kind();
        const WideInteger v = widen(value);
        if (!fits(type, v)) throw refuse("the value " + integer_text(v) + " does not fit");
        return store_integer(slot, type, v);
    }
    case TypeKind::floating:
        if (!is_integer(value.kind) && value.kind != HostKind::floating) throw not_same_kind();
        if (type.size() == 4) return store(slot, static_cast<float>(real_value(value)));
        return store(slot, real_value(value));
    case TypeKind::complex:
        if (value.kind == HostKind::other) throw not_same_kind();
        if (type.size() == 8) return store(slot, std::complex<float>(complex_value(value)));
        return store(slot, complex_value(value));
    }
    throw not_same_kind();
}

} // namespace rtcg::detail
