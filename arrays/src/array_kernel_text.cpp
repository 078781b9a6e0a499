#include "array_kernel_text.hpp"
#include "device_sources.hpp"

#include <rtcg/codegen/template.hpp>

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace rtcg::detail {
namespace {

using codegen::Argument;

std::string base_name(const Argument& argument) { return "rtcg_base_" + argument.name; }
std::string offset_name(const Argument& argument) { return "rtcg_offset_" + argument.name; }

} // namespace

std::string generated_kernel_name(std::string_view prefix, std::string_view user_name, std::string_view suffix) {
    std::string name = std::string(prefix) + std::string(user_name) + std::string(suffix);
    if (name.size() <= generated_name_limit) return name;
    // FNV-1a, 64 bits: fixed by its definition, unlike std::hash.
    std::uint64_t hash = 0xcbf29ce484222325;
    for (const char c : user_name) hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3;
    char digits[17];
    std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(hash));
    constexpr std::size_t hash_part = 1 + 16; // '_' and the digits
    const std::size_t fixed = std::min(generated_name_limit, prefix.size() + suffix.size() + hash_part);
    const std::size_t kept = generated_name_limit - fixed;
    return std::string(prefix) + std::string(user_name.substr(0, kept)) + "_" + digits + std::string(suffix);
}

void check_array_arguments(std::span<const Argument> arguments, std::string_view generator, std::string_view name) {
    const std::string kernel = std::string(generator) + " '" + std::string(name) + "'";
    for (const Argument& argument : arguments) {
        if (argument.name == "i" || argument.name == "n")
            throw InvalidArgument(kernel + ": an argument may not be named '" + argument.name +
                                  "', which the kernel defines (the index and the index count)");
        if (argument.is_pointer && argument.space != codegen::AddressSpace::global &&
            argument.space != codegen::AddressSpace::constant)
            throw InvalidArgument(kernel + ": pointer argument '" + argument.name +
                                  "' must point to global or constant memory, where arrays are");
    }
}

std::string argument_parameters(std::span<const Argument> arguments, codegen::Dialect dialect) {
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
    return text;
}

std::string array_parameters(std::span<const Argument> arguments, codegen::Dialect dialect) {
    return argument_parameters(arguments, dialect) + "    rtcg_index_t rtcg_start, rtcg_index_t rtcg_step, rtcg_index_t n";
}

std::string array_pointer_setup(std::span<const Argument> arguments, codegen::Dialect dialect) {
    std::string text;
    for (const Argument& argument : arguments)
        if (argument.is_pointer)
            text += "    " + argument.declaration(dialect) + " = " + base_name(argument) + " + " +
                    offset_name(argument) + ";\n";
    return text;
}

std::vector<codegen::Value> template_lines(std::string_view text) {
    std::vector<codegen::Value> result;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        line.remove_prefix(std::min(line.find_first_not_of(' '), line.size()));
        result.emplace_back(std::string(line));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return result;
}

ArgumentForms argument_forms(std::span<const Argument> arguments, codegen::Dialect dialect) {
    ArgumentForms forms;
    for (const Argument& argument : arguments) {
        const std::string declaration = argument.declaration(dialect);
        forms.members.emplace_back(declaration);
        forms.unpacking.emplace_back(declaration + " = rtcg_arguments." + argument.name + ";");
        Argument renamed = argument;
        std::string value;
        if (argument.is_pointer) {
            renamed.name = base_name(argument);
            const std::string offset = offset_name(argument);
            forms.parameters.emplace_back(renamed.declaration(dialect) + ", rtcg_index_t " + offset);
            value = renamed.name + " + " + offset;
        } else {
            renamed.name = "rtcg_argument_" + argument.name;
            forms.parameters.emplace_back(renamed.declaration(dialect));
            value = renamed.name;
        }
        if (!forms.initializers.empty()) forms.initializers += ", ";
        forms.initializers += value;
    }
    return forms;
}

std::string strided_offset_function(std::string_view name, std::size_t dimensions, bool narrow,
                                    bool whole_single_index) {
    static const codegen::Template offset(device::thread::strided_offset, "thread/strided_offset.rtcg");
    return offset.render({{"name", std::string(name)},
                          {"dimensions", static_cast<std::int64_t>(dimensions)},
                          {"narrow", narrow},
                          {"whole_single_index", whole_single_index}});
}

} // namespace rtcg::detail
