#pragma once
// The tokens inside a {{ }} or {% %} tag: names (keywords included), literals and symbols.
#include "source.hpp"

#include <rtcg/codegen/template_value.hpp>

#include <cstddef>
#include <string_view>
#include <vector>

namespace rtcg::codegen::templating {

struct Token {
    enum class Kind { name, literal, symbol, end } kind;
    std::string_view text; // as written; empty for `end`
    std::size_t offset;    // in the template; for `end`, where the tag's inside ends
    Value literal;         // for literals: the integer, float or (unescaped) string
};

// The tokens of source.text[begin, end), then one `end` token. Throws TemplateError for a
// character that starts no token, an unknown escape or a number out of range.
std::vector<Token> tokenize(const TemplateSource& source, std::size_t begin, std::size_t end);

} // namespace rtcg::codegen::templating
