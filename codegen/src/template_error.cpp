#include <rtcg/codegen/template_error.hpp>

#include <algorithm>
#include <utility>

namespace rtcg::codegen {
namespace {

// A one-line template (minified or generated) can be megabytes long; the excerpt shows a window
// around the column instead of the whole line.
constexpr std::size_t max_excerpt_bytes = 160;
constexpr std::size_t max_bytes_before_column = 80;

bool is_utf8_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Characters (code points) in `text`.
std::size_t count_characters(std::string_view text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return !is_utf8_continuation(c); }));
}

} // namespace

TemplateError::TemplateError(std::string problem, std::string where, std::string template_name,
                             std::string_view source, std::size_t offset)
    : TemplateError(std::move(problem), std::move(where), std::move(template_name), locate(source, offset)) {}

TemplateError::TemplateError(std::string problem, std::string where, std::string template_name, Location location)
    : Error("template '" + template_name + "', line " + std::to_string(location.line) + ", column " +
                std::to_string(location.column) + ": " + problem + "\n" + location.excerpt,
            std::move(where)),
      problem_(std::move(problem)), template_name_(std::move(template_name)), line_(location.line),
      column_(location.column) {}

TemplateError::Location TemplateError::locate(std::string_view source, std::size_t offset) {
    offset = std::min(offset, source.size());
    const std::size_t previous_newline = offset == 0 ? std::string_view::npos : source.rfind('\n', offset - 1);
    const std::size_t line_begin = previous_newline == std::string_view::npos ? 0 : previous_newline + 1;
    std::size_t line_end = std::min(source.find('\n', offset), source.size());
    if (line_end > offset && source[line_end - 1] == '\r') --line_end;

    std::size_t shown_begin = line_begin;
    if (offset - line_begin > max_bytes_before_column) {
        shown_begin = offset - max_bytes_before_column;
        while (shown_begin < offset && is_utf8_continuation(source[shown_begin])) ++shown_begin;
    }
    std::size_t shown_end = line_end;
    if (shown_end - shown_begin > max_excerpt_bytes) {
        shown_end = shown_begin + max_excerpt_bytes;
        while (shown_end > offset && is_utf8_continuation(source[shown_end])) --shown_end;
    }

    const std::string clipped_before = shown_begin > line_begin ? "..." : "";
    std::string excerpt = clipped_before + std::string(source.substr(shown_begin, shown_end - shown_begin)) +
                          (shown_end < line_end ? "..." : "") + "\n" + std::string(clipped_before.size(), ' ');
    // Tabs stay tabs so that the caret lines up however wide the reader's tabs are.
    for (std::size_t i = shown_begin; i < offset; ++i) {
        if (source[i] == '\t') excerpt += '\t';
        else if (!is_utf8_continuation(source[i])) excerpt += ' ';
    }
    excerpt += '^';

    const auto line = static_cast<std::size_t>(std::count(source.begin(), source.begin() + static_cast<std::ptrdiff_t>(line_begin), '\n')) + 1;
    const std::size_t column = count_characters(source.substr(line_begin, offset - line_begin)) + 1;
    return {line, column, std::move(excerpt)};
}

} // namespace rtcg::codegen
