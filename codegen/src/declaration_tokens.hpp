#pragma once
// The tokens of a kernel argument declaration list.
#include <cstddef>
#include <string_view>
#include <vector>

namespace rtcg::codegen::detail {

enum class TokenKind {
    word,   // an identifier or keyword
    number, // digits, and any letters glued to them: only ever an error, reported whole
    star,
    comma,
    open_bracket,
    close_bracket,
    end, // after the last character
};

struct Token {
    TokenKind kind;
    std::string_view text; // a view into the declaration list
    std::size_t offset;    // of the first character in the declaration list
};

// Every token of `declarations`, ending with one `end` token. Throws DeclarationError at the first
// comment or character that no declaration may contain.
std::vector<Token> tokenize_declarations(std::string_view declarations);

} // namespace rtcg::codegen::detail
