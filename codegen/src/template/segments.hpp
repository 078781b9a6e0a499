#pragma once
// The first pass over a template: cut the text into literal text and tags ({{ }}, {% %},
// {# #}), remembering where each tag's inside is and whether it asks for whitespace stripping
// with '-'.
#include "source.hpp"

#include <cstddef>
#include <variant>
#include <vector>

namespace rtcg::codegen::templating {

struct TextSegment {
    std::size_t begin;
    std::size_t end;
};

struct Tag {
    enum class Kind { output, statement, comment } kind;
    std::size_t begin;       // the '{' that opens it
    std::size_t inner_begin; // what lies between the delimiters and the '-' markers
    std::size_t inner_end;
    bool strip_before; // {{- {%- {#-
    bool strip_after;  // -}} -%} -#}
};

using Segment = std::variant<TextSegment, Tag>;

// Throws TemplateError for a tag that is never closed, or a string inside a tag that is never
// closed.
std::vector<Segment> split_into_segments(const TemplateSource& source);

} // namespace rtcg::codegen::templating
