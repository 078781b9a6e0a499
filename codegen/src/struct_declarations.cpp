// C declarations of struct DTypes. A device compiler lays fields out naturally (each at the next
// multiple of its alignment); where the host placed a field or aligned the whole struct further
// (alignas), the declaration asks for that alignment explicitly. Anything else the host did
// differently stays visible, so that verify_layout can report it instead of hiding it.
#include "struct_order.hpp"

#include <rtcg/codegen/device_struct.hpp>

#include <algorithm>
#include <string>

namespace rtcg::codegen {
namespace {

std::size_t round_up(std::size_t offset, std::size_t alignment) {
    return (offset + alignment - 1) / alignment * alignment;
}

// The alignment, between the field type's own and the struct's, that moves a field from where C
// would put it to where the host has it; the type's own alignment when none does.
std::size_t alignment_reaching(std::size_t natural_offset, std::size_t host_offset, std::size_t type_alignment,
                               std::size_t struct_alignment) {
    for (std::size_t alignment = 2 * type_alignment; alignment <= struct_alignment; alignment *= 2)
        if (round_up(natural_offset, alignment) == host_offset) return alignment;
    return type_alignment;
}

std::string aligned_attribute(std::size_t alignment) {
    return "__attribute__((aligned(" + std::to_string(alignment) + ")))";
}

std::string declaration(const DType& type, Dialect dialect) {
    std::string members;
    std::size_t end_of_previous = 0; // where the device compiler's layout ends so far
    std::size_t members_alignment = 1;
    for (const StructField& field : type.fields()) {
        const std::size_t natural_offset = round_up(end_of_previous, field.type.alignment());
        const std::size_t alignment =
            field.offset > natural_offset
                ? alignment_reaching(natural_offset, field.offset, field.type.alignment(), type.alignment())
                : field.type.alignment();
        members += " " + declare(field, dialect);
        if (alignment > field.type.alignment()) members += " " + aligned_attribute(alignment);
        members += ";";
        const std::size_t bytes = field.type.size() * std::max<std::size_t>(field.count, 1);
        end_of_previous = round_up(natural_offset, alignment) + bytes;
        members_alignment = std::max(members_alignment, alignment);
    }
    const std::string name(type.name());
    const std::string attribute = type.alignment() > members_alignment ? aligned_attribute(type.alignment()) + " " : "";
    return "typedef struct " + attribute + name + " {" + members + " } " + name + ";\n";
}

} // namespace

std::string struct_declarations(std::span<const DType> types, Dialect dialect) {
    std::string text;
    for (const DType& type : detail::structs_in_dependency_order(types)) text += declaration(type, dialect);
    return text;
}

} // namespace rtcg::codegen
