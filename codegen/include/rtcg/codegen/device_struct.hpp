#pragma once
/// \file
/// C++ aggregates as device struct types. Boost.PFR finds a struct's fields; the caller names them
/// (Boost 1.81 cannot read field names), and each field's offset is measured on a host instance,
/// so the DType records the host compiler's real layout:
///
/// \code
///   struct Particle { rtcg::codegen::Vector<float, 4> position; std::array<double, 3> weights; std::int32_t id; };
///   DType particle = declare_struct<Particle>("particle", {"position", "weights", "id"});
///   struct_declarations(std::array{particle}, Dialect::opencl)
///     -> "typedef struct particle { float4 position; double weights[3]; int id; } particle;\n"
/// \endcode
///
/// Field types: bool, fixed-width integers, float, double, std::complex<float/double> (cfloat_t and
/// cdouble_t in kernels: compile with PreludeOptions::complex), Vector<T, 2|4>, structs declared
/// before, and std::array of any of these, which becomes a device array field (`double weights[3]`).
/// std::array of std::array is refused: a device field has one array length. Boost.PFR cannot
/// reflect bit-fields, base classes or more than 100 fields, nor C arrays: use std::array (with a
/// C array field, Boost 1.81 fails to compile with "N names provided for structured binding").
///
/// A device compiler could still lay a struct out differently from the host (a missing alignment,
/// another ABI): rtcg::verify_layout (rtcg/arrays/layout_check.hpp) checks that on a device
/// before first use.
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/export.hpp>

#include <boost/pfr/core.hpp>
#include <boost/pfr/tuple_size.hpp>

#include <array>
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <typeindex>
#include <utility>
#include <vector>

namespace rtcg::codegen {

namespace detail {

/// One reflected field before its device type is known: the type is resolved by define_struct, so
/// that an undeclared nested struct is reported with the field's name.
struct HostField {
    std::size_t offset;
    std::size_t count; ///< as StructField::count: 0 unless the field is a std::array
    DType (*element_type)();
};

RTCG_API DType define_struct(std::string name, std::vector<std::string> field_names, std::vector<HostField> fields,
                             std::size_t size, std::size_t alignment, std::type_index host_type);

template <class Field>
struct field_shape {
    using element = Field;
    static constexpr std::size_t count = 0;
};
template <class Element, std::size_t N>
struct field_shape<std::array<Element, N>> {
    static_assert(!field_shape<Element>::count, "rtcg::codegen::declare_struct: a std::array of std::array cannot be "
                                                "a device field (a field has one array length); flatten it");
    static_assert(N > 0, "rtcg::codegen::declare_struct: a zero-length std::array cannot be a device field");
    using element = Element;
    static constexpr std::size_t count = N;
};

template <class T, std::size_t I>
HostField reflect_field(const T& value) {
    using Shape = field_shape<std::remove_cv_t<boost::pfr::tuple_element_t<I, T>>>;
    const auto* start = reinterpret_cast<const unsigned char*>(std::addressof(value));
    const auto* field = reinterpret_cast<const unsigned char*>(std::addressof(boost::pfr::get<I>(value)));
    return HostField{static_cast<std::size_t>(field - start), Shape::count, &dtype_of<typename Shape::element>};
}

} // namespace detail

/// Declares aggregate T as the device struct `name` with these field names (one per field, in
/// order). Returns its DType and registers it, so that dtype_of<T>() and DType::from_c_name(name)
/// find it. Declaring the same T again with the same name and fields returns the same DType;
/// a different name or field names for T, or `name` taken by another layout or a built-in type,
/// throw InvalidArgument, as do a wrong number of names and a field whose struct type was not
/// declared first.
template <class T>
DType declare_struct(std::string name, std::vector<std::string> field_names) {
    static_assert(std::is_class_v<T> && std::is_aggregate_v<T>,
                  "rtcg::codegen::declare_struct: T must be an aggregate (public fields, no constructors, no base "
                  "classes, no virtual functions) for Boost.PFR to find its fields");
    static_assert(std::is_trivially_copyable_v<T>,
                  "rtcg::codegen::declare_struct: T must be trivially copyable: it is copied to devices byte by byte");
    static_assert(std::is_standard_layout_v<T>,
                  "rtcg::codegen::declare_struct: T must be standard-layout (no references, one access level) so "
                  "that its layout is the one C gives its fields");
    // Value-initialized, so that reading the field addresses is well-defined; on the heap, as
    // structs with large arrays would not fit on the stack.
    const auto value = std::make_unique<const T>();
    std::vector<detail::HostField> fields;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (fields.push_back(detail::reflect_field<T, I>(*value)), ...);
    }(std::make_index_sequence<boost::pfr::tuple_size_v<T>>{});
    return detail::define_struct(std::move(name), std::move(field_names), std::move(fields), sizeof(T), alignof(T),
                                 typeid(T));
}

/// The C declarations of the structs in `types` and, before them, of every struct they contain:
/// each once, dependencies first, one `typedef struct name { ... } name;` line each, valid in
/// `dialect` (OpenCL C or CUDA C++). Where the host aligns a struct or a field more strongly than
/// its members' own alignment (alignas), the declaration says so with __attribute__((aligned(N))),
/// which both dialects accept. Types that are not structs need no declaration and are skipped.
/// InvalidArgument if two different layouts share a name.
RTCG_API std::string struct_declarations(std::span<const DType> types, Dialect dialect);

} // namespace rtcg::codegen
