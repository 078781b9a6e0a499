#pragma once
// The tokens of a user's C snippet (an elementwise operation, a reduction's map expression), for
// the few questions rtcg asks about one: which names it uses and how. Comments and whitespace
// are dropped; string and character literals, numbers and preprocessor lines are kept whole, as
// tokens that no question matches.
#include <cstddef>
#include <set>
#include <string_view>
#include <vector>

namespace rtcg::detail {

enum class SnippetTokenKind {
    identifier,  // a name or a keyword
    punctuator,  // an operator or punctuation mark, longest match first ("+=", "++", "->")
    literal,     // a number, a string or a character literal
    directive,   // a preprocessor line, from '#' to the end of the line
};

struct SnippetToken {
    SnippetTokenKind kind;
    std::string_view text;  // a view into the snippet
    std::size_t offset = 0; // of the first character
};

// Never throws for any input: what is not C (a stray byte, an unterminated literal or comment)
// becomes a punctuator or runs to the end of the text, and the compiler reports it later.
std::vector<SnippetToken> snippet_tokens(std::string_view snippet);

// Whether token `at` (past the end: no) is the punctuator `text`.
bool is_punctuator(const std::vector<SnippetToken>& tokens, std::size_t at, std::string_view text);

// The names `preamble` #defines: a snippet that names one may hide any use of a name in it.
std::set<std::string_view> macro_names(std::string_view preamble);

} // namespace rtcg::detail
