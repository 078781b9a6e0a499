#include "snippet_tokens.hpp"

#include <algorithm>
#include <array>

namespace rtcg::detail {
namespace {

bool is_identifier_start(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
bool is_identifier_char(char c) noexcept { return is_identifier_start(c) || is_digit(c); }
bool is_space(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// The multi-character punctuators of C and C++, longest first so that the first match is the
// longest ('#' and '##' only occur in directives, which are tokens of their own).
constexpr std::array<std::string_view, 23> long_punctuators{
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
    "&&",  "||",  "*=",  "/=", "%=", "+=", "-=", "&=", "^=", "|=", "::"};

// The end of a number starting at `at`: C's preprocessing number, digits, letters, '.', and a
// sign right after an exponent letter (1e-5, 0x1p+3).
std::size_t number_end(std::string_view text, std::size_t at) {
    while (++at < text.size()) {
        const char c = text[at];
        if (is_identifier_char(c) || c == '.') continue;
        const char before = text[at - 1];
        if ((c == '+' || c == '-') && (before == 'e' || before == 'E' || before == 'p' || before == 'P')) continue;
        break;
    }
    return at;
}

// The end of a literal opened by the quote at `at`, after its closing quote (backslash escapes
// skipped), or the end of the line or text if it is never closed.
std::size_t quoted_end(std::string_view text, std::size_t at) {
    const char quote = text[at];
    while (++at < text.size() && text[at] != quote && text[at] != '\n')
        if (text[at] == '\\') ++at;
    return at < text.size() && text[at] == quote ? at + 1 : std::min(at, text.size());
}

// The end of the line at `at`, continued over backslash-newlines.
std::size_t line_end(std::string_view text, std::size_t at) {
    for (; at < text.size(); ++at)
        if (text[at] == '\n' && text[at - 1] != '\\') break;
    return at;
}

} // namespace

std::vector<SnippetToken> snippet_tokens(std::string_view text) {
    std::vector<SnippetToken> tokens;
    std::size_t at = 0;
    const auto add = [&](SnippetTokenKind kind, std::size_t end) {
        tokens.push_back({kind, text.substr(at, end - at), at});
        at = end;
    };
    while (at < text.size()) {
        const char c = text[at];
        const std::string_view rest = text.substr(at);
        if (is_space(c)) {
            ++at;
        } else if (rest.starts_with("//")) {
            at = line_end(text, at);
        } else if (rest.starts_with("/*")) {
            const std::size_t close = text.find("*/", at + 2);
            at = close == std::string_view::npos ? text.size() : close + 2;
        } else if (is_identifier_start(c)) {
            std::size_t end = at;
            while (end < text.size() && is_identifier_char(text[end])) ++end;
            add(SnippetTokenKind::identifier, end);
        } else if (is_digit(c) || (c == '.' && rest.size() > 1 && is_digit(rest[1]))) {
            add(SnippetTokenKind::literal, number_end(text, at));
        } else if (c == '"' || c == '\'') {
            add(SnippetTokenKind::literal, quoted_end(text, at));
        } else if (c == '#') {
            add(SnippetTokenKind::directive, line_end(text, at));
        } else {
            std::size_t length = 1;
            for (std::string_view punctuator : long_punctuators)
                if (rest.starts_with(punctuator)) {
                    length = punctuator.size();
                    break;
                }
            add(SnippetTokenKind::punctuator, at + length);
        }
    }
    return tokens;
}

bool is_punctuator(const std::vector<SnippetToken>& tokens, std::size_t at, std::string_view text) {
    return at < tokens.size() && tokens[at].kind == SnippetTokenKind::punctuator && tokens[at].text == text;
}

std::set<std::string_view> macro_names(std::string_view preamble) {
    std::set<std::string_view> names;
    for (const SnippetToken& token : snippet_tokens(preamble)) {
        if (token.kind != SnippetTokenKind::directive) continue;
        const std::vector<SnippetToken> words = snippet_tokens(token.text.substr(1));
        if (words.size() >= 2 && words[0].kind == SnippetTokenKind::identifier && words[0].text == "define" &&
            words[1].kind == SnippetTokenKind::identifier)
            names.insert(words[1].text);
    }
    return names;
}

} // namespace rtcg::detail
