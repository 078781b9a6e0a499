#include <rtcg/codegen/declaration.hpp>

#include <algorithm>

namespace rtcg::codegen {
namespace {

// Long lines are cut around the caret so that the message stays short whatever the input.
constexpr std::size_t shown_before_caret = 60;
constexpr std::size_t shown_after_caret = 40;

struct Position {
    std::size_t line;
    std::size_t column;
    std::size_t line_start;
    std::size_t line_end;
};

Position locate(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    const std::string_view before = text.substr(0, offset);
    const std::size_t last_newline = before.rfind('\n');
    const std::size_t line_start = last_newline == std::string_view::npos ? 0 : last_newline + 1;
    std::size_t line_end = text.find('\n', offset);
    if (line_end == std::string_view::npos) line_end = text.size();
    if (line_end > line_start && text[line_end - 1] == '\r') line_end = std::max(line_end - 1, offset);
    const auto lines_before = static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
    return {lines_before + 1, offset - line_start + 1, line_start, line_end};
}

// The line, cut to a window around the caret, and a caret line under it. Tabs are kept in both
// so the caret lines up in a terminal; other unprintable bytes show as '?'.
std::string excerpt(std::string_view text, const Position& at) {
    const std::size_t caret = at.line_start + at.column - 1;
    const std::size_t from = caret - std::min(caret - at.line_start, shown_before_caret);
    const std::size_t to = std::min(at.line_end, caret + shown_after_caret);
    std::string shown = from > at.line_start ? "..." : "";
    std::string marker(shown.size(), ' ');
    for (std::size_t i = from; i < to; ++i) {
        const char c = text[i];
        shown += c == '\t' || (c >= ' ' && c <= '~') ? c : '?';
        if (i < caret) marker += c == '\t' ? '\t' : ' ';
    }
    if (to < at.line_end) shown += "...";
    return "    " + shown + "\n    " + marker + "^";
}

std::string compose(const std::string& problem, std::string_view text, const Position& at) {
    const bool one_line = text.find('\n') == std::string_view::npos;
    const std::string where = one_line ? "column " + std::to_string(at.column)
                                       : "line " + std::to_string(at.line) + ", column " + std::to_string(at.column);
    return problem + " at " + where + ":\n" + excerpt(text, at);
}

} // namespace

DeclarationError::DeclarationError(std::string problem, std::string_view declarations, std::size_t offset)
    : InvalidArgument(compose(problem, declarations, locate(declarations, offset)), "codegen::parse_arguments"),
      problem_(std::move(problem)), declarations_(declarations) {
    const Position at = locate(declarations, offset);
    line_ = at.line;
    column_ = at.column;
}

} // namespace rtcg::codegen
