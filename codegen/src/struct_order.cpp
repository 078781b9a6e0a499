#include "struct_order.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <string>

namespace rtcg::codegen::detail {
namespace {

// Depth-first, appending a struct after its fields' structs. Struct values cannot contain
// themselves, so there are no cycles to guard against.
void append_with_dependencies(const DType& type, std::vector<DType>& ordered) {
    if (type.kind() != TypeKind::structure) return;
    const auto same_name = std::find_if(ordered.begin(), ordered.end(),
                                        [&](const DType& seen) { return seen.name() == type.name(); });
    if (same_name != ordered.end()) {
        if (*same_name == type) return;
        throw InvalidArgument("two different struct layouts are both named '" + std::string(type.name()) + "'",
                              "codegen::struct_declarations");
    }
    for (const StructField& field : type.fields()) append_with_dependencies(field.type, ordered);
    ordered.push_back(type);
}

} // namespace

std::vector<DType> structs_in_dependency_order(std::span<const DType> types) {
    std::vector<DType> ordered;
    for (const DType& type : types) append_with_dependencies(type, ordered);
    return ordered;
}

} // namespace rtcg::codegen::detail
