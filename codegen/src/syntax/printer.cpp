#include <rtcg/codegen/syntax.hpp>

namespace rtcg::codegen::syntax {

void Printer::line(std::string_view text) {
    if (!text.empty()) text_.append(static_cast<std::size_t>(4 * depth_), ' ');
    text_ += text;
    text_ += '\n';
}

void Printer::lines(std::string_view text) {
    while (!text.empty()) {
        const auto end = text.find('\n');
        line(text.substr(0, end));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
}

std::string print(const Code& code, Dialect dialect) {
    Printer out(dialect);
    code.print(out);
    return out.take();
}

} // namespace rtcg::codegen::syntax
