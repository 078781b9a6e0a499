#pragma once
// The template text and its name. Every stage keeps byte offsets into the text and turns them
// into line, column and excerpt only when something goes wrong.
#include <cstddef>
#include <string>

namespace rtcg::codegen::templating {

struct TemplateSource {
    std::string text;
    std::string name;

    // Throws TemplateError for the problem at byte `offset`.
    [[noreturn]] void fail(std::size_t offset, std::string problem) const;
    // 1-based, for messages that mention a second place ("the 'for' on line 3").
    std::size_t line_of(std::size_t offset) const;
};

} // namespace rtcg::codegen::templating
