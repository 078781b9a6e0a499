// Blocks and control flow. Every body gets braces, so a one-statement body and a Block print
// alike and later edits of generated code cannot dangle an else.
#include <rtcg/codegen/syntax.hpp>

namespace rtcg::codegen::syntax {
namespace {

// `header {`, the body one level in, and `}` (or, for if/else chains, what the caller adds).
void print_braced_body(Printer& out, const Code& body) {
    out.indent();
    if (const auto* block = body.as<Block>())
        block->print_body(out);
    else
        body.print(out);
    out.dedent();
}

} // namespace

void Block::print(Printer& out) const {
    out.line("{");
    out.indent();
    print_body(out);
    out.dedent();
    out.line("}");
}

void Block::print_body(Printer& out) const {
    for (const auto& statement : body) statement.print(out);
}

void Sequence::print(Printer& out) const {
    for (const auto& item : items) item.print(out);
}

void If::print(Printer& out) const {
    out.line("if (" + condition + ") {");
    const If* branch = this;
    while (true) {
        print_braced_body(out, branch->then);
        if (!branch->otherwise) break;
        if (const auto* next = branch->otherwise->as<If>()) {
            out.line("} else if (" + next->condition + ") {");
            branch = next;
            continue;
        }
        out.line("} else {");
        print_braced_body(out, *branch->otherwise);
        break;
    }
    out.line("}");
}

void For::print(Printer& out) const {
    out.line("for (" + start + "; " + condition + "; " + update + ") {");
    print_braced_body(out, body);
    out.line("}");
}

void While::print(Printer& out) const {
    out.line("while (" + condition + ") {");
    print_braced_body(out, body);
    out.line("}");
}

} // namespace rtcg::codegen::syntax
