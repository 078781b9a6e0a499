#include "struct_order.hpp"

#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/layout_probe.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>

namespace rtcg::codegen {
namespace {

// Per struct: size, alignment, then offset and size of each field.
std::size_t numbers_for(const DType& type) { return 2 + 2 * type.fields().size(); }

std::string to_unsigned(const std::string& expression) { return "(unsigned int)(" + expression + ")"; }

// Byte distance between two addresses; written without offsetof, which OpenCL C lacks.
std::string distance(const std::string& member, const std::string& object) {
    return to_unsigned("(const char*)&" + member + " - (const char*)&" + object);
}

// A struct whose only purpose is to hold `type` after a char: the member's offset in it is the
// alignment the device gives `type`.
std::string alignment_holder_name(std::size_t index) { return "rtcg_alignment_holder_" + std::to_string(index); }

std::string alignment_holder(const DType& type, std::size_t index, Dialect dialect) {
    return "typedef struct { char rtcg_before; " + type.c_name(dialect) + " rtcg_member; } " +
           alignment_holder_name(index) + ";\n";
}

std::string probe_block(const DType& type, std::size_t index, std::size_t first_output, Dialect dialect) {
    std::size_t output = first_output;
    const auto store = [&](const std::string& value) {
        return "        out[" + std::to_string(output++) + "] = " + value + ";\n";
    };
    std::string block = "    {\n        " + type.c_name(dialect) + " rtcg_value;\n        " +
                        alignment_holder_name(index) + " rtcg_holder;\n";
    block += store(to_unsigned("sizeof(rtcg_value)"));
    block += store(distance("rtcg_holder.rtcg_member", "rtcg_holder"));
    for (const StructField& field : type.fields()) {
        block += store(distance("rtcg_value." + field.name, "rtcg_value"));
        block += store(to_unsigned("sizeof(rtcg_value." + field.name + ")"));
    }
    return block + "    }\n";
}

} // namespace

LayoutProbe make_layout_probe(const DType& type, Dialect dialect) {
    if (type.kind() != TypeKind::structure)
        throw InvalidArgument(std::string(type.name()) + " is not a struct: only structs have a layout to probe",
                              "codegen::layout_probe_source");
    LayoutProbe probe{detail::structs_in_dependency_order(std::span(&type, 1)), {}};
    std::string holders;
    std::string body;
    std::size_t output = 0;
    for (std::size_t i = 0; i < probe.structs.size(); ++i) {
        holders += alignment_holder(probe.structs[i], i, dialect);
        body += probe_block(probe.structs[i], i, output, dialect);
        output += numbers_for(probe.structs[i]);
    }
    probe.source = struct_declarations(probe.structs, dialect) + holders + "RTCG_KERNEL void " +
                   std::string(layout_probe_kernel) + "(RTCG_GLOBAL unsigned int* out) {\n" + body + "}\n";
    return probe;
}

std::size_t probe_output_count(const LayoutProbe& probe) {
    std::size_t count = 0;
    for (const DType& type : probe.structs) count += numbers_for(type);
    return count;
}

std::vector<StructLayout> host_layouts(const LayoutProbe& probe) {
    std::vector<StructLayout> layouts;
    for (const DType& type : probe.structs) {
        StructLayout layout{type.size(), type.alignment(), {}};
        for (const StructField& field : type.fields())
            layout.fields.push_back({field.offset, field.type.size() * std::max<std::size_t>(field.count, 1)});
        layouts.push_back(std::move(layout));
    }
    return layouts;
}

std::vector<StructLayout> device_layouts(const LayoutProbe& probe, std::span<const std::uint32_t> output) {
    std::vector<StructLayout> layouts;
    std::size_t next = 0;
    for (const DType& type : probe.structs) {
        StructLayout layout{output[next], output[next + 1], {}};
        next += 2;
        for (std::size_t i = 0; i < type.fields().size(); ++i, next += 2)
            layout.fields.push_back({output[next], output[next + 1]});
        layouts.push_back(std::move(layout));
    }
    return layouts;
}

std::string layout_probe_source(const DType& type, Dialect dialect) { return make_layout_probe(type, dialect).source; }

} // namespace rtcg::codegen
