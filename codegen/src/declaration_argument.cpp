// Arguments built in code, and every argument's printed form.
#include "declaration_names.hpp"

#include <rtcg/codegen/declaration.hpp>

namespace rtcg::codegen {
namespace {

constexpr const char* factory = "codegen::Argument";

void check_name(const std::string& name) {
    if (!is_c_identifier(name))
        throw InvalidArgument("argument name '" + name + "' is not a C identifier", factory);
    if (const std::string refused = detail::refused_name_reason(name); !refused.empty())
        throw InvalidArgument(refused + " and cannot name an argument", factory);
}

void append_word(std::string& text, std::string_view word) {
    if (word.empty()) return;
    text += word;
    text += ' ';
}

} // namespace

Argument Argument::scalar(DType type, std::string name) {
    check_name(name);
    return Argument{std::move(name), std::move(type)};
}

Argument Argument::pointer(DType element, std::string name, AddressSpace space, bool is_const) {
    check_name(name);
    if (space == AddressSpace::private_space)
        throw InvalidArgument("pointer argument '" + name + "' cannot point to private memory", factory);
    Argument argument{std::move(name), std::move(element)};
    argument.is_pointer = true;
    argument.is_const = is_const;
    argument.space = space;
    return argument;
}

// Qualifiers first, in one fixed order, so that equal arguments print equal text:
// "__global const volatile float *restrict x".
std::string Argument::declaration(Dialect dialect) const {
    std::string text;
    const std::string_view space_word = is_pointer ? pointer_space(dialect, space) : std::string_view();
    append_word(text, space_word);
    // CUDA spells constant memory `const`, and C++ refuses a repeated const.
    if (is_const && space_word != "const") append_word(text, "const");
    if (is_volatile) append_word(text, "volatile");
    text += type.c_name(dialect);
    text += is_pointer ? " *" : " ";
    if (is_pointer && is_restrict) append_word(text, restrict_qualifier(dialect));
    text += name;
    return text;
}

std::string print_arguments(const std::vector<Argument>& arguments, Dialect dialect) {
    std::string text;
    for (const Argument& argument : arguments) {
        if (!text.empty()) text += ", ";
        text += argument.declaration(dialect);
    }
    return text;
}

} // namespace rtcg::codegen
