// C++ types declared as device structs, so dtype_of<T>() finds their DType.
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/error.hpp>

#include <mutex>
#include <unordered_map>

namespace rtcg::codegen::detail {
namespace {

struct Registry {
    std::mutex mutex;
    std::unordered_map<std::type_index, DType> types;
    std::unordered_map<std::string, DType> by_name;
};

Registry& registry() {
    static Registry instance;
    return instance;
}

} // namespace

void register_host_type(std::type_index host_type, const DType& dtype) {
    auto& r = registry();
    const std::lock_guard lock(r.mutex);
    if (const auto entry = r.types.find(host_type); entry != r.types.end() && !(entry->second == dtype))
        throw InvalidArgument("C++ type " + std::string(host_type.name()) + " is already declared as device type " +
                                  std::string(entry->second.name()) + ", with a different layout or name",
                              "codegen::declare_struct");
    const std::string name(dtype.name());
    if (const auto entry = r.by_name.find(name); entry != r.by_name.end() && !(entry->second == dtype))
        throw InvalidArgument("device type name '" + name + "' is already taken by another C++ type",
                              "codegen::declare_struct");
    r.types.emplace(host_type, dtype);
    r.by_name.emplace(name, dtype);
}

std::optional<DType> registered_type_named(std::string_view name) {
    auto& r = registry();
    const std::lock_guard lock(r.mutex);
    if (const auto entry = r.by_name.find(std::string(name)); entry != r.by_name.end()) return entry->second;
    return std::nullopt;
}

DType registered_host_type(std::type_index host_type) {
    auto& r = registry();
    const std::lock_guard lock(r.mutex);
    if (const auto entry = r.types.find(host_type); entry != r.types.end()) return entry->second;
    throw InvalidArgument("C++ type " + std::string(host_type.name()) +
                              " has no device type; declare it first with rtcg::codegen::declare_struct<T>()",
                          "codegen::dtype_of");
}

} // namespace rtcg::codegen::detail
