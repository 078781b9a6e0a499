#pragma once
// The second pass: apply the whitespace rules (template.hpp) to the segments, so generated code
// has no blank lines where block tags stood, and drop the comments.
#include "segments.hpp"

#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace rtcg::codegen::templating {

struct TextPiece {
    std::string text;
    std::size_t offset; // where the text starts in the template, for errors while writing it
};

// Literal text, or a {{ }} or {% %} tag. Two texts are never next to each other.
using Piece = std::variant<TextPiece, Tag>;

std::vector<Piece> apply_whitespace_rules(std::string_view text, const std::vector<Segment>& segments);

} // namespace rtcg::codegen::templating
