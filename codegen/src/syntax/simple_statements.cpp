// The nodes that print one line or a few: raw text, comments, statements, declarations,
// index queries, barriers.
#include <rtcg/codegen/syntax.hpp>
#include <rtcg/core/error.hpp>

namespace rtcg::codegen::syntax {

void Raw::print(Printer& out) const { out.lines(text); }

void Comment::print(Printer& out) const {
    std::string_view rest = text;
    do {
        const auto end = rest.find('\n');
        const std::string_view line = rest.substr(0, end);
        out.line(line.empty() ? "//" : "// " + std::string(line));
        rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    } while (!rest.empty());
}

void Statement::print(Printer& out) const { out.line(text + ";"); }

void Define::print(Printer& out) const {
    // Preprocessor lines are not indented: they are not part of the block structure.
    Printer unindented(out.dialect());
    unindented.line("#define " + name + (value.empty() ? "" : " " + value));
    out.lines(unindented.take());
}

void Assign::print(Printer& out) const { out.line(lhs + " " + op + " " + rhs + ";"); }

Declare& Declare::in(AddressSpace where) & {
    if (where == AddressSpace::global)
        throw InvalidArgument("variable '" + name + "' cannot be declared in global memory; pass a buffer instead",
                              "codegen::syntax::Declare");
    space = where;
    return *this;
}

void Declare::print(Printer& out) const {
    std::string text(variable_space(out.dialect(), space));
    if (!text.empty()) text += ' ';
    if (is_const) text += "const ";
    text += type.c_name(out.dialect()) + " " + name;
    if (elements > 0) text += "[" + std::to_string(elements) + "]";
    if (initializer) text += " = " + *initializer;
    out.line(text + ";");
}

Index::Index(std::string name_, IndexQuery query_, int dimension_)
    : name(std::move(name_)), query(query_), dimension(dimension_) {
    if (dimension < 0 || dimension > 2)
        throw InvalidArgument("index dimension " + std::to_string(dimension) + " is not 0, 1 or 2",
                              "codegen::syntax::Index");
}

void Index::print(Printer& out) const {
    out.line("const size_t " + name + " = " + index_expression(out.dialect(), query, dimension) + ";");
}

Barrier::Barrier(AddressSpace scope_) : scope(scope_) {
    if (scope != AddressSpace::local && scope != AddressSpace::global)
        throw InvalidArgument("a barrier orders local or global memory", "codegen::syntax::Barrier");
}

void Barrier::print(Printer& out) const {
    const std::string_view barrier =
        scope == AddressSpace::local ? local_barrier(out.dialect()) : global_barrier(out.dialect());
    out.line(std::string(barrier) + ";");
}

void PerDialect::print(Printer& out) const { (out.dialect() == Dialect::cuda ? cuda : opencl).print(out); }

} // namespace rtcg::codegen::syntax
