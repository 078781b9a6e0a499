// The text of an elementwise kernel: declarations the arguments need, the user's preamble, then a
// kernel that offsets its pointers and runs the operation in a grid-stride loop.
#include <rtcg/arrays/elementwise_source.hpp>
#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <vector>

namespace rtcg {
namespace {

using codegen::Argument;
using codegen::Dialect;
using codegen::DType;

bool is_identifier(std::string_view name) {
    const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
    return !name.empty() && letter(name[0]) &&
           std::all_of(name.begin(), name.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
}

bool contains_complex(const DType& type) {
    return type.is_complex() || std::any_of(type.fields().begin(), type.fields().end(),
                                            [](const codegen::StructField& f) { return contains_complex(f.type); });
}

bool needs_complex(std::span<const Argument> arguments, std::string_view operation, std::string_view preamble) {
    const auto names_complex = [](std::string_view text) {
        return text.find("cfloat") != std::string_view::npos || text.find("cdouble") != std::string_view::npos;
    };
    return names_complex(operation) || names_complex(preamble) ||
           std::any_of(arguments.begin(), arguments.end(), [](const Argument& a) { return contains_complex(a.type); });
}

void check_arguments(std::span<const Argument> arguments, std::string_view name) {
    for (const Argument& argument : arguments) {
        if (argument.name == "i" || argument.name == "n")
            throw InvalidArgument("ElementwiseKernel '" + std::string(name) + "': an argument may not be named '" +
                                  argument.name + "', which the kernel defines (the index and the index count)");
        if (argument.is_pointer && argument.space != codegen::AddressSpace::global &&
            argument.space != codegen::AddressSpace::constant)
            throw InvalidArgument("ElementwiseKernel '" + std::string(name) + "': pointer argument '" + argument.name +
                                  "' must point to global or constant memory, where arrays are");
    }
}

std::string base_name(const Argument& argument) { return "rtcg_base_" + argument.name; }
std::string offset_name(const Argument& argument) { return "rtcg_offset_" + argument.name; }

std::string parameters(std::span<const Argument> arguments, Dialect dialect) {
    std::string text;
    for (const Argument& argument : arguments) {
        if (argument.is_pointer) {
            Argument base = argument;
            base.name = base_name(argument);
            text += "    " + base.declaration(dialect) + ", rtcg_index_t " + offset_name(argument) + ",\n";
        } else {
            text += "    " + argument.declaration(dialect) + ",\n";
        }
    }
    return text + "    rtcg_index_t rtcg_start, rtcg_index_t rtcg_step, rtcg_index_t n";
}

} // namespace

std::string elementwise_kernel_name(std::string_view name) {
    if (!is_identifier(name))
        throw InvalidArgument("ElementwiseKernel: the name '" + std::string(name) + "' is not a C identifier");
    return "rtcg_ew_" + std::string(name);
}

std::string elementwise_source(Dialect dialect, std::span<const Argument> arguments, std::string_view operation,
                               std::string_view name, std::string_view preamble) {
    const std::string kernel_name = elementwise_kernel_name(name);
    check_arguments(arguments, name);

    std::vector<DType> types;
    for (const Argument& argument : arguments) types.push_back(argument.type);
    std::string source = codegen::struct_declarations(types, dialect);
    source += std::string(preamble) + "\n";
    source += "RTCG_KERNEL void " + kernel_name + "(\n" + parameters(arguments, dialect) + ")\n{\n";
    for (const Argument& argument : arguments)
        if (argument.is_pointer)
            source += "    " + argument.declaration(dialect) + " = " + base_name(argument) + " + " +
                      offset_name(argument) + ";\n";
    source += "    const rtcg_index_t rtcg_stride = (rtcg_index_t)RTCG_GLOBAL_SIZE(0);\n"
              "    for (rtcg_index_t rtcg_k = (rtcg_index_t)RTCG_GLOBAL_ID(0); rtcg_k < n; rtcg_k += rtcg_stride) {\n"
              "        const rtcg_index_t i = rtcg_start + rtcg_k * rtcg_step;\n"
              "        " + std::string(operation) + ";\n"
              "    }\n}\n";
    return codegen::with_prelude(dialect, source, {.complex = needs_complex(arguments, operation, preamble)});
}

} // namespace rtcg
