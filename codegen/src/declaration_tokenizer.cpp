#include "declaration_tokens.hpp"

#include <rtcg/codegen/declaration.hpp>

#include <cstdio>
#include <optional>
#include <string>

namespace rtcg::codegen::detail {
namespace {

bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
bool is_letter(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_word_char(char c) noexcept { return is_letter(c) || is_digit(c) || c == '_'; }

// Printable characters as themselves, others by their byte value, so the message stays readable
// whatever the input holds.
std::string describe(char c) {
    if (c >= '!' && c <= '~') return std::string("'") + c + "'";
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", static_cast<unsigned>(static_cast<unsigned char>(c)));
    return std::string("byte ") + hex;
}

std::optional<TokenKind> punctuation(char c) noexcept {
    switch (c) {
    case '*': return TokenKind::star;
    case ',': return TokenKind::comma;
    case '[': return TokenKind::open_bracket;
    case ']': return TokenKind::close_bracket;
    default: return std::nullopt;
    }
}

} // namespace

std::vector<Token> tokenize_declarations(std::string_view declarations) {
    std::vector<Token> tokens;
    std::size_t at = 0;
    while (at < declarations.size()) {
        const char c = declarations[at];
        if (is_space(c)) {
            ++at;
            continue;
        }
        const std::size_t start = at;
        if (is_word_char(c)) {
            // Words and numbers both run to the first character that cannot continue a word.
            while (at < declarations.size() && is_word_char(declarations[at])) ++at;
            const TokenKind kind = is_digit(c) ? TokenKind::number : TokenKind::word;
            tokens.push_back({kind, declarations.substr(start, at - start), start});
            continue;
        }
        if (c == '/' && at + 1 < declarations.size() && (declarations[at + 1] == '*' || declarations[at + 1] == '/'))
            throw DeclarationError("comments are not allowed in argument declarations", declarations, at);
        const std::optional<TokenKind> kind = punctuation(c);
        if (!kind)
            throw DeclarationError("unexpected character " + describe(c) +
                                       " (declarations hold C types, qualifiers, '*', '[]', ',' and ASCII names)",
                                   declarations, at);
        tokens.push_back({*kind, declarations.substr(at, 1), at});
        ++at;
    }
    tokens.push_back({TokenKind::end, {}, declarations.size()});
    return tokens;
}

} // namespace rtcg::codegen::detail
