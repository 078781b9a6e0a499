// declare_struct's run-time half: turns reflected fields into a struct DType and registers it.
#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/core/error.hpp>

namespace rtcg::codegen::detail {
namespace {

constexpr const char* where = "codegen::declare_struct";

DType resolve_field_type(const std::string& struct_name, const std::string& field_name, const HostField& field) {
    try {
        return field.element_type();
    } catch (const InvalidArgument& e) {
        // The only run-time failure of dtype_of is a struct type nobody declared.
        throw InvalidArgument("struct '" + struct_name + "', field '" + field_name + "': " + e.why(), where);
    }
}

} // namespace

DType define_struct(std::string name, std::vector<std::string> field_names, std::vector<HostField> fields,
                    std::size_t size, std::size_t alignment, std::type_index host_type) {
    if (field_names.size() != fields.size())
        throw InvalidArgument("struct '" + name + "' has " + std::to_string(fields.size()) + " fields, but " +
                                  std::to_string(field_names.size()) + " field names were given",
                              where);
    // A struct named like a built-in type ("float2", "uint") would be shadowed by it in kernels.
    if (const auto existing = DType::from_c_name(name); existing && existing->kind() != TypeKind::structure)
        throw InvalidArgument("struct name '" + name + "' is already the name of the built-in type " +
                                  std::string(existing->name()),
                              where);
    std::vector<StructField> struct_fields;
    struct_fields.reserve(fields.size());
    for (std::size_t i = 0; i < fields.size(); ++i)
        struct_fields.push_back(StructField{field_names[i], resolve_field_type(name, field_names[i], fields[i]),
                                            fields[i].count, fields[i].offset});
    const DType type = DType::structure(std::move(name), std::move(struct_fields), size, alignment);
    register_host_type(host_type, type);
    return registered_host_type(host_type);
}

} // namespace rtcg::codegen::detail
