#pragma once
/// \file
/// How a C++ value passed to a generated kernel is described before it is converted to the type
/// the kernel declares: its kind and size and where its bytes are, plus, for types that are not
/// plain numbers (structs, vectors), a way to get its DType. Only the value's address is kept, so
/// describing a scalar costs nothing; the value must outlive the call it is passed to.
#include <rtcg/codegen/dtype.hpp>

#include <complex>
#include <cstddef>
#include <type_traits>

namespace rtcg::detail {

enum class HostKind : unsigned char { boolean, signed_integer, unsigned_integer, floating, complex, other };

struct HostScalar {
    HostKind kind = HostKind::other;
    std::size_t size = 0;
    const void* bytes = nullptr;
    codegen::DType (*type)() = nullptr; ///< set for HostKind::other
};

template <class T>
HostScalar host_scalar(const T& value) noexcept {
    static_assert(!std::is_pointer_v<T>, "rtcg: a host pointer cannot be a kernel argument; pass an rtcg::Array");
    static_assert(std::is_trivially_copyable_v<T>, "rtcg: scalar kernel arguments must be trivially copyable");
    if constexpr (std::is_same_v<T, bool>)
        return {HostKind::boolean, sizeof(T), &value, nullptr};
    else if constexpr (std::is_integral_v<T>)
        return {std::is_signed_v<T> ? HostKind::signed_integer : HostKind::unsigned_integer, sizeof(T), &value, nullptr};
    else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
        return {HostKind::floating, sizeof(T), &value, nullptr};
    else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>)
        return {HostKind::complex, sizeof(T), &value, nullptr};
    else if constexpr (std::is_floating_point_v<T>)
        static_assert(codegen::detail::always_false<T>, "rtcg: long double has no device type");
    else
        return {HostKind::other, sizeof(T), &value, &codegen::dtype_of<T>};
}

} // namespace rtcg::detail
