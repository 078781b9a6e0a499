#pragma once
// Reading a tag's tokens one by one, with the checks both parsers need.
#include "tokens.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace rtcg::codegen::templating {

class TokenCursor {
public:
    TokenCursor(const TemplateSource& source, std::vector<Token> tokens);

    const TemplateSource& source() const noexcept { return source_; }
    // The token `ahead` places on; past the end, the `end` token.
    const Token& peek(std::size_t ahead = 0) const noexcept;
    const Token& next() noexcept;

    bool at_symbol(std::string_view symbol) const noexcept;
    bool at_name(std::string_view name) const noexcept;
    // Takes the symbol if it is next.
    bool accept_symbol(std::string_view symbol) noexcept;
    // Take what must come next, or throw TemplateError saying what was expected instead.
    const Token& expect_symbol(std::string_view symbol);
    void expect_keyword(std::string_view keyword);
    // A variable name to assign (`set x`, `for x`): not a keyword.
    std::string expect_variable_name();
    // Nothing may follow `what` in the tag.
    void expect_end(std::string_view what) const;

    [[noreturn]] void fail_unexpected(std::string_view expected) const;

private:
    const TemplateSource& source_;
    std::vector<Token> tokens_; // ends with an `end` token
    std::size_t position_ = 0;
};

// "'+'" for a token, "the end of the tag" for the end.
std::string describe(const Token& token);

bool is_keyword(std::string_view name) noexcept;

} // namespace rtcg::codegen::templating
