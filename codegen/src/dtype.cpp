#include "declaration_names.hpp"
#include "type_description.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <array>

namespace rtcg::codegen {
namespace {

using detail::TypeDescription;
using Description = std::shared_ptr<const TypeDescription>;

Description scalar(TypeKind kind, std::string name, std::size_t size, std::string cuda, std::string opencl) {
    return std::make_shared<const TypeDescription>(
        TypeDescription{kind, std::move(name), size, size, std::move(cuda), std::move(opencl), nullptr, 1, {}});
}

// Complex numbers are pairs of their real type, aligned like it, as std::complex is on the host;
// the prelude's complex support (cfloat_t, cdouble_t) declares them so.
Description complex(std::string name, const Description& real, std::string c_name) {
    return std::make_shared<const TypeDescription>(
        TypeDescription{TypeKind::complex, std::move(name), 2 * real->size, real->alignment, c_name, c_name, real, 1, {}});
}

struct Builtins {
    Description boolean = scalar(TypeKind::boolean, "bool", 1, "bool", "uchar");
    Description int8 = scalar(TypeKind::signed_integer, "int8", 1, "signed char", "char");
    Description int16 = scalar(TypeKind::signed_integer, "int16", 2, "short", "short");
    Description int32 = scalar(TypeKind::signed_integer, "int32", 4, "int", "int");
    Description int64 = scalar(TypeKind::signed_integer, "int64", 8, "long long", "long");
    Description uint8 = scalar(TypeKind::unsigned_integer, "uint8", 1, "unsigned char", "uchar");
    Description uint16 = scalar(TypeKind::unsigned_integer, "uint16", 2, "unsigned short", "ushort");
    Description uint32 = scalar(TypeKind::unsigned_integer, "uint32", 4, "unsigned int", "uint");
    Description uint64 = scalar(TypeKind::unsigned_integer, "uint64", 8, "unsigned long long", "ulong");
    Description float32 = scalar(TypeKind::floating, "float32", 4, "float", "float");
    Description float64 = scalar(TypeKind::floating, "float64", 8, "double", "double");
    Description complex64 = complex("complex64", float32, "cfloat_t");
    Description complex128 = complex("complex128", float64, "cdouble_t");

    std::array<const Description*, 13> all() const {
        return {&boolean, &int8, &int16, &int32, &int64, &uint8, &uint16, &uint32, &uint64, &float32, &float64,
                &complex64, &complex128};
    }
};

const Builtins& builtins() {
    static const Builtins instance;
    return instance;
}

// OpenCL's short name for a vector lane type ("uint" for uint32); CUDA's vector structs use
// the same stems except for 64-bit integers.
std::string opencl_stem(const TypeDescription& lane) { return lane.opencl_name; }

std::string cuda_stem(const TypeDescription& lane) {
    if (lane.name == "int64") return "longlong";
    if (lane.name == "uint64") return "ulonglong";
    if (lane.name == "int8") return "char";
    return opencl_stem(lane);
}

// Field names follow the rules for argument names: C identifiers that no dialect uses as a
// keyword, type or built-in, outside the names rtcg reserves. A struct's own name is already a
// type once declared, and clashes between types are the registry's to report.
std::string name_problem(std::string_view name, bool names_a_type) {
    if (!is_c_identifier(name)) return "'" + std::string(name) + "' is not a C identifier";
    if (const auto known = DType::from_c_name(name); names_a_type && known && known->kind() == TypeKind::structure)
        return {};
    return detail::refused_name_reason(name);
}

void check_struct_fields(std::string_view name, const std::vector<StructField>& fields, std::size_t size) {
    std::size_t end_of_previous = 0;
    for (const auto& field : fields) {
        if (const std::string problem = name_problem(field.name, false); !problem.empty())
            throw InvalidArgument("struct " + std::string(name) + ": field name " + problem,
                                  "codegen::DType::structure");
        const std::size_t bytes = field.type.size() * std::max<std::size_t>(field.count, 1);
        if (field.offset < end_of_previous || field.offset + bytes > size || field.offset % field.type.alignment() != 0)
            throw InvalidArgument("struct " + std::string(name) + ": field '" + field.name + "' at offset " +
                                      std::to_string(field.offset) + " overlaps, is misaligned or lies outside the " +
                                      std::to_string(size) + "-byte struct",
                                  "codegen::DType::structure");
        end_of_previous = field.offset + bytes;
    }
}

} // namespace

DType::DType(std::shared_ptr<const detail::TypeDescription> description) : description_(std::move(description)) {}

DType DType::boolean() { return DType(builtins().boolean); }
DType DType::int8() { return DType(builtins().int8); }
DType DType::int16() { return DType(builtins().int16); }
DType DType::int32() { return DType(builtins().int32); }
DType DType::int64() { return DType(builtins().int64); }
DType DType::uint8() { return DType(builtins().uint8); }
DType DType::uint16() { return DType(builtins().uint16); }
DType DType::uint32() { return DType(builtins().uint32); }
DType DType::uint64() { return DType(builtins().uint64); }
DType DType::float32() { return DType(builtins().float32); }
DType DType::float64() { return DType(builtins().float64); }
DType DType::complex64() { return DType(builtins().complex64); }
DType DType::complex128() { return DType(builtins().complex128); }

DType DType::vector(const DType& element, int lanes) {
    const auto& lane = *element.description_;
    if (lane.kind == TypeKind::boolean || !element.is_scalar() || element.is_complex())
        throw InvalidArgument("vector lanes must be integer or floating types, not " + lane.name, "codegen::DType::vector");
    if (lanes != 2 && lanes != 4)
        throw InvalidArgument("vectors have 2 or 4 lanes, not " + std::to_string(lanes) +
                                  " (3-lane vectors are laid out differently by CUDA and OpenCL)",
                              "codegen::DType::vector");
    const std::string count = std::to_string(lanes);
    const std::size_t size = lane.size * static_cast<std::size_t>(lanes);
    // CUDA 13 spells 32-byte vectors with their alignment, matching OpenCL's 32-byte alignment.
    const std::string cuda_suffix = size == 32 ? "_32a" : "";
    return DType(std::make_shared<const TypeDescription>(
        TypeDescription{TypeKind::vector, opencl_stem(lane) + count, size, size, cuda_stem(lane) + count + cuda_suffix,
                        opencl_stem(lane) + count, element.description_, lanes, {}}));
}

DType DType::structure(std::string name, std::vector<StructField> fields, std::size_t size, std::size_t alignment) {
    if (const std::string problem = name_problem(name, true); !problem.empty())
        throw InvalidArgument("struct name " + problem, "codegen::DType::structure");
    if (fields.empty()) throw InvalidArgument("struct " + name + " has no fields", "codegen::DType::structure");
    check_struct_fields(name, fields, size);
    TypeDescription description{TypeKind::structure, name, size, alignment, name, name, nullptr, 1, std::move(fields)};
    return DType(std::make_shared<const TypeDescription>(std::move(description)));
}

DType DType::from_name(std::string_view name) {
    for (const Description* builtin : builtins().all())
        if ((*builtin)->name == name) return DType(*builtin);
    if (auto vector = from_c_name(name); vector && vector->kind() == TypeKind::vector) return *vector;
    throw InvalidArgument("unknown dtype '" + std::string(name) + "'", "codegen::DType::from_name");
}

std::optional<DType> DType::from_c_name(std::string_view c_name) {
    struct Spelling {
        std::string_view c_name;
        DType (*make)();
    };
    // Both dialects' spellings, plus <stdint.h> names; `long` is 64-bit on every target rtcg
    // supports (OpenCL by definition, CUDA on LP64 hosts).
    static constexpr Spelling spellings[] = {
        {"bool", &DType::boolean},          {"char", &DType::int8},
        {"signed char", &DType::int8},      {"int8_t", &DType::int8},
        {"unsigned char", &DType::uint8},   {"uchar", &DType::uint8},
        {"uint8_t", &DType::uint8},         {"short", &DType::int16},
        {"signed short", &DType::int16},    {"short int", &DType::int16},
        {"int16_t", &DType::int16},         {"unsigned short", &DType::uint16},
        {"ushort", &DType::uint16},         {"uint16_t", &DType::uint16},
        {"int", &DType::int32},             {"signed", &DType::int32},
        {"signed int", &DType::int32},      {"int32_t", &DType::int32},
        {"unsigned", &DType::uint32},       {"unsigned int", &DType::uint32},
        {"uint", &DType::uint32},           {"uint32_t", &DType::uint32},
        {"long", &DType::int64},            {"long int", &DType::int64},
        {"signed long", &DType::int64},     {"long long", &DType::int64},
        {"long long int", &DType::int64},   {"signed long long", &DType::int64},
        {"int64_t", &DType::int64},         {"ptrdiff_t", &DType::int64},
        {"unsigned long", &DType::uint64},  {"unsigned long int", &DType::uint64},
        {"unsigned long long", &DType::uint64}, {"unsigned long long int", &DType::uint64},
        {"ulong", &DType::uint64},          {"uint64_t", &DType::uint64},
        {"size_t", &DType::uint64},         {"float", &DType::float32},
        {"double", &DType::float64},        {"cfloat_t", &DType::complex64},
        {"cdouble_t", &DType::complex128},
    };
    for (const auto& spelling : spellings)
        if (spelling.c_name == c_name) return spelling.make();
    // Vector names: a lane stem followed by 2 or 4.
    if (c_name.size() >= 2 && (c_name.back() == '2' || c_name.back() == '4')) {
        const std::string_view stem = c_name.substr(0, c_name.size() - 1);
        static constexpr std::string_view lane_stems[] = {"char", "uchar", "short", "ushort", "int",
                                                          "uint", "long", "ulong", "float", "double"};
        if (std::find(std::begin(lane_stems), std::end(lane_stems), stem) != std::end(lane_stems))
            return vector(*from_c_name(stem), c_name.back() - '0');
    }
    return detail::registered_type_named(c_name);
}

TypeKind DType::kind() const noexcept { return description_->kind; }
std::string_view DType::name() const noexcept { return description_->name; }
std::size_t DType::size() const noexcept { return description_->size; }
std::size_t DType::alignment() const noexcept { return description_->alignment; }

std::string DType::c_name(Dialect dialect) const {
    return dialect == Dialect::cuda ? description_->cuda_name : description_->opencl_name;
}

bool DType::is_integer() const noexcept {
    return kind() == TypeKind::signed_integer || kind() == TypeKind::unsigned_integer;
}
bool DType::is_signed() const noexcept {
    return kind() == TypeKind::signed_integer || kind() == TypeKind::floating || kind() == TypeKind::complex;
}
bool DType::is_floating() const noexcept { return kind() == TypeKind::floating; }
bool DType::is_complex() const noexcept { return kind() == TypeKind::complex; }
bool DType::contains_complex() const noexcept {
    return is_complex() || std::any_of(fields().begin(), fields().end(),
                                       [](const StructField& field) { return field.type.contains_complex(); });
}
bool DType::is_scalar() const noexcept { return kind() != TypeKind::vector && kind() != TypeKind::structure; }

DType DType::element() const {
    if (!description_->element)
        throw InvalidArgument(description_->name + " has no element type", "codegen::DType::element");
    return DType(description_->element);
}

int DType::lanes() const noexcept { return description_->lanes; }
const std::vector<StructField>& DType::fields() const noexcept { return description_->fields; }

bool operator==(const DType& a, const DType& b) noexcept {
    if (a.description_ == b.description_) return true;
    const auto& x = *a.description_;
    const auto& y = *b.description_;
    if (x.kind != y.kind || x.name != y.name || x.size != y.size || x.alignment != y.alignment) return false;
    return std::equal(x.fields.begin(), x.fields.end(), y.fields.begin(), y.fields.end(),
                      [](const StructField& f, const StructField& g) {
                          return f.name == g.name && f.count == g.count && f.offset == g.offset && f.type == g.type;
                      });
}

std::string declare(const StructField& field, Dialect dialect) {
    std::string text = field.type.c_name(dialect) + " " + field.name;
    if (field.count > 0) text += "[" + std::to_string(field.count) + "]";
    return text;
}

} // namespace rtcg::codegen
