#include <rtcg/codegen/syntax.hpp>
#include <rtcg/core/error.hpp>

namespace rtcg::codegen::syntax {
namespace {

// Short parameter lists stay on the signature's line; long ones get a line each.
constexpr std::size_t longest_one_line_signature = 100;

void print_signature(Printer& out, const std::string& head, const std::vector<Argument>& parameters) {
    std::vector<std::string> declarations;
    std::size_t length = head.size() + 3;
    for (const auto& parameter : parameters) {
        declarations.push_back(parameter.declaration(out.dialect()));
        length += declarations.back().size() + 2;
    }
    if (length <= longest_one_line_signature) {
        std::string line = head + "(";
        for (std::size_t i = 0; i < declarations.size(); ++i) line += (i ? ", " : "") + declarations[i];
        out.line(line + ") {");
        return;
    }
    out.line(head + "(");
    out.indent();
    for (std::size_t i = 0; i < declarations.size(); ++i)
        out.line(declarations[i] + (i + 1 < declarations.size() ? "," : ""));
    out.dedent();
    out.line(") {");
}

// A blank list means no parameters (parse_arguments refuses it, as a generator's argument list
// must not be empty).
std::vector<Argument> parameters_from(std::string_view declarations) {
    if (declarations.find_first_not_of(" \t\n") == std::string_view::npos) return {};
    return parse_arguments(declarations);
}

} // namespace

Function::Function(Kind kind_, std::optional<DType> return_type_, std::string name_, std::vector<Argument> parameters_,
                   Block body_)
    : kind(kind_), return_type(std::move(return_type_)), name(std::move(name_)), parameters(std::move(parameters_)),
      body(std::move(body_)) {
    if (kind == Kind::kernel && return_type)
        throw InvalidArgument("kernel '" + name + "' must return void", "codegen::syntax::Kernel");
}

void Function::print(Printer& out) const {
    const Dialect dialect = out.dialect();
    const std::string_view qualifier =
        kind == Kind::kernel ? kernel_qualifier(dialect) : device_function_qualifier(dialect);
    const std::string returns = return_type ? return_type->c_name(dialect) : "void";
    print_signature(out, std::string(qualifier) + " " + returns + " " + name, parameters);
    out.indent();
    body.print_body(out);
    out.dedent();
    out.line("}");
}

Function Kernel(std::string name, std::vector<Argument> parameters, Block body) {
    return Function(Function::Kind::kernel, std::nullopt, std::move(name), std::move(parameters), std::move(body));
}

Function Kernel(std::string name, std::string_view parameters, Block body) {
    return Kernel(std::move(name), parameters_from(parameters), std::move(body));
}

Function DeviceFunction(std::optional<DType> return_type, std::string name, std::vector<Argument> parameters,
                        Block body) {
    return Function(Function::Kind::device, std::move(return_type), std::move(name), std::move(parameters),
                    std::move(body));
}

Function DeviceFunction(std::optional<DType> return_type, std::string name, std::string_view parameters, Block body) {
    return DeviceFunction(std::move(return_type), std::move(name), parameters_from(parameters), std::move(body));
}

void Module::print(Printer& out) const {
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out.line("");
        items[i].print(out);
    }
}

} // namespace rtcg::codegen::syntax
