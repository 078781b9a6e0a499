#pragma once
/// \file
/// Element types of device data, known at run time: what numpy calls a dtype. A DType names a
/// type for both kernel dialects, knows its size and alignment (the same on host and device), and
/// is what generators, argument declarations and arrays agree on.
///
/// \code
///   DType::float32().c_name(Dialect::opencl)   -> "float"
///   DType::int64().c_name(Dialect::cuda)       -> "long long"
///   dtype_of<std::complex<double>>()           -> complex128 ("cdouble_t" in kernels)
///   DType::vector(DType::float64(), 2)         -> "double2"
/// \endcode
///
/// Structs become DTypes through rtcg/codegen/device_struct.hpp.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/export.hpp>

#include <complex>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeindex>
#include <vector>

namespace rtcg::codegen {

/// What a DType is: its category.
enum class TypeKind { boolean, signed_integer, unsigned_integer, floating, complex, vector, structure };

struct StructField;

namespace detail {
struct TypeDescription;
}

/// A device data type: a scalar, complex, 2- or 4-lane vector, or struct, with its size,
/// alignment and C name in each dialect. Cheap to copy.
class RTCG_API DType {
public:
    /// The scalar types, by numpy's names (boolean is numpy's bool).
    ///@{
    static DType boolean();
    static DType int8();
    static DType int16();
    static DType int32();
    static DType int64();
    static DType uint8();
    static DType uint16();
    static DType uint32();
    static DType uint64();
    static DType float32();
    static DType float64();
    static DType complex64();
    static DType complex128();
    ///@}

    /// An OpenCL-style vector of 2 or 4 lanes of a boolean-free scalar type ("float2", "int4").
    /// Three-lane vectors are refused: CUDA lays them out in 3 elements, OpenCL in 4.
    static DType vector(const DType& element, int lanes);

    /// A struct type; device_struct.hpp builds these from C++ aggregates. Throws InvalidArgument
    /// when the fields overlap, fall outside `size`, or the name is not a C identifier.
    static DType structure(std::string name, std::vector<StructField> fields, std::size_t size, std::size_t alignment);

    /// By numpy name ("float32", "int8", "complex128", "bool") or vector name ("double2").
    static DType from_name(std::string_view name);
    /// By the C spelling a kernel declaration may use in either dialect: "float", "unsigned int",
    /// "uint", "long long", "ulong", "int64_t", "size_t", "cfloat_t", "double2", a declared struct's
    /// name...; nullopt if unknown. Whitespace between words must be single spaces.
    static std::optional<DType> from_c_name(std::string_view c_name);

    /// The type's category.
    TypeKind kind() const noexcept;
    /// numpy's name for scalars ("int32", "complex64"), the vector name ("float4"), or the struct's.
    std::string_view name() const noexcept;
    /// Bytes, as on the host and the device.
    std::size_t size() const noexcept;
    /// Alignment in bytes.
    std::size_t alignment() const noexcept;
    /// How kernels of `dialect` spell the type. bool is stored as one byte: `bool` in CUDA, `uchar`
    /// in OpenCL (which forbids bool in kernel arguments).
    std::string c_name(Dialect dialect) const;

    /// bool excluded.
    bool is_integer() const noexcept;
    bool is_signed() const noexcept;  ///< signed integers, floating and complex types
    /// float32 and float64.
    bool is_floating() const noexcept;
    /// complex64 and complex128.
    bool is_complex() const noexcept;
    /// Complex, or a struct with a complex field at any depth.
    bool contains_complex() const noexcept;
    bool is_scalar() const noexcept;  ///< neither vector nor struct
    /// Complex: the real part's type; vector: the lane type. InvalidArgument otherwise.
    DType element() const;
    int lanes() const noexcept;  ///< 1 unless a vector
    /// Struct fields in declaration order; empty for other kinds.
    const std::vector<StructField>& fields() const noexcept;

    /// Equal types: same kind, name, and for structs the same fields and layout.
    friend RTCG_API bool operator==(const DType& a, const DType& b) noexcept;

private:
    explicit DType(std::shared_ptr<const detail::TypeDescription> description);
    std::shared_ptr<const detail::TypeDescription> description_;
};

/// A field of a struct DType.
struct StructField {
    std::string name; ///< the field's name, a C identifier
    DType type; ///< the field's type (the element type for an array field)
    std::size_t count = 0;  ///< array length for an array field (`float v[3]`), 0 for a plain field
    std::size_t offset = 0; ///< in bytes from the start of the struct, as on the host
};

/// A declaration of `type` named `name` in `dialect`: "float x", "particle p", "float v[3]".
RTCG_API std::string declare(const StructField& field, Dialect dialect);

/// Host side of a vector DType: the same size and alignment as OpenCL's floatN / intN.
template <class T, int Lanes>
struct alignas(sizeof(T) * Lanes) Vector {
    static_assert(Lanes == 2 || Lanes == 4, "rtcg vectors have 2 or 4 lanes");
    T lanes[Lanes]; ///< the lanes, x first
};

namespace detail {
RTCG_API void register_host_type(std::type_index host_type, const DType& dtype);
RTCG_API DType registered_host_type(std::type_index host_type);
RTCG_API std::optional<DType> registered_type_named(std::string_view name);
template <class>
inline constexpr bool always_false = false;
template <class>
struct vector_traits {
    static constexpr bool is_vector = false;
};
template <class T, int Lanes>
struct vector_traits<Vector<T, Lanes>> {
    static constexpr bool is_vector = true;
    using lane = T;
    static constexpr int lanes = Lanes;
};
} // namespace detail

/// The DType of a C++ type: bool, fixed-width integers (and char, long, long long), float,
/// double, std::complex<float/double>, Vector<T, N>, and structs declared with
/// declare_struct<T>() (InvalidArgument for a struct that was not).
template <class T>
DType dtype_of() {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_same_v<U, bool>) {
        return DType::boolean();
    } else if constexpr (std::is_integral_v<U>) {
        constexpr bool is_signed = std::is_signed_v<U>;
        if constexpr (sizeof(U) == 1) return is_signed ? DType::int8() : DType::uint8();
        else if constexpr (sizeof(U) == 2) return is_signed ? DType::int16() : DType::uint16();
        else if constexpr (sizeof(U) == 4) return is_signed ? DType::int32() : DType::uint32();
        else if constexpr (sizeof(U) == 8) return is_signed ? DType::int64() : DType::uint64();
        else static_assert(detail::always_false<U>, "no device type of this width");
    } else if constexpr (std::is_same_v<U, float>) {
        return DType::float32();
    } else if constexpr (std::is_same_v<U, double>) {
        return DType::float64();
    } else if constexpr (std::is_same_v<U, std::complex<float>>) {
        return DType::complex64();
    } else if constexpr (std::is_same_v<U, std::complex<double>>) {
        return DType::complex128();
    } else if constexpr (detail::vector_traits<U>::is_vector) {
        return DType::vector(dtype_of<typename detail::vector_traits<U>::lane>(), detail::vector_traits<U>::lanes);
    } else if constexpr (std::is_class_v<U>) {
        return detail::registered_host_type(typeid(U));
    } else {
        static_assert(detail::always_false<U>, "no device type for this C++ type");
    }
}

} // namespace rtcg::codegen
