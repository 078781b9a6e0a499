#pragma once
// Just enough of a C preprocessor to read kernel declarations: the source's tokens outside
// directives and comments, the macros its #defines and the -D options give, and their expansion.
// Conditionals are not evaluated: a macro defined twice differently (in two #if branches) or
// #undef'd is ambiguous, and expanding one fails, as does expanding a macro that pastes or
// stringizes (#, ##). Callers then know nothing rather than something wrong.
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

struct Token {
    enum class Kind { identifier, number, literal, punctuation };
    Kind kind;
    std::string_view text; // into the source or an option, which outlive the tokens

    bool is(std::string_view punctuation) const noexcept { return kind == Kind::punctuation && text == punctuation; }
    bool is_identifier() const noexcept { return kind == Kind::identifier; }
};

struct Macro {
    bool function_like = false;
    bool variadic = false;
    std::vector<std::string_view> parameters;
    std::vector<Token> body;
    bool ambiguous = false; // defined more than once differently, or #undef'd
};

class SourceTokens {
public:
    // `source` and `options` (compiler options; -DNAME[=VALUE] ones define macros) must outlive
    // this object.
    SourceTokens(std::string_view source, std::span<const std::string> options);

    // The tokens outside preprocessor directives.
    const std::vector<Token>& code() const noexcept { return code_; }

    // `tokens` with every macro expanded; nullopt where an ambiguous, pasting or stringizing
    // macro, or a runaway expansion, is met.
    std::optional<std::vector<Token>> expand(std::span<const Token> tokens) const;

private:
    void read_directive(std::span<const Token> line);
    void define(std::string_view name, Macro macro);

    std::vector<Token> code_;
    std::map<std::string_view, Macro> macros_;
};

// The longest identifier among `source`'s tokens, directives included; empty when it has none.
std::string_view longest_identifier(std::string_view source);

// The index of the token that closes the bracket opened at `open` (one of ( [ { ), or
// tokens.size() when it is never closed.
std::size_t matching_close(std::span<const Token> tokens, std::size_t open);

} // namespace rtcg::detail
