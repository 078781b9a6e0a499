#include "token_cursor.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace rtcg::codegen::templating {

TokenCursor::TokenCursor(const TemplateSource& source, std::vector<Token> tokens)
    : source_(source), tokens_(std::move(tokens)) {}

const Token& TokenCursor::peek(std::size_t ahead) const noexcept {
    return tokens_[std::min(position_ + ahead, tokens_.size() - 1)];
}

const Token& TokenCursor::next() noexcept {
    const Token& token = peek();
    if (position_ + 1 < tokens_.size()) ++position_;
    return token;
}

bool TokenCursor::at_symbol(std::string_view symbol) const noexcept {
    return peek().kind == Token::Kind::symbol && peek().text == symbol;
}

bool TokenCursor::at_name(std::string_view name) const noexcept {
    return peek().kind == Token::Kind::name && peek().text == name;
}

bool TokenCursor::accept_symbol(std::string_view symbol) noexcept {
    if (!at_symbol(symbol)) return false;
    next();
    return true;
}

const Token& TokenCursor::expect_symbol(std::string_view symbol) {
    if (!at_symbol(symbol)) fail_unexpected("'" + std::string(symbol) + "'");
    return next();
}

void TokenCursor::expect_keyword(std::string_view keyword) {
    if (!at_name(keyword)) fail_unexpected("'" + std::string(keyword) + "'");
    next();
}

std::string TokenCursor::expect_variable_name() {
    const Token& token = peek();
    if (token.kind != Token::Kind::name) fail_unexpected("a variable name");
    if (is_keyword(token.text) || token.text == "loop")
        source_.fail(token.offset, "'" + std::string(token.text) + "' is reserved and cannot be a variable name");
    return std::string(next().text);
}

void TokenCursor::expect_end(std::string_view what) const {
    if (peek().kind != Token::Kind::end)
        source_.fail(peek().offset, "unexpected " + describe(peek()) + " after " + std::string(what));
}

void TokenCursor::fail_unexpected(std::string_view expected) const {
    source_.fail(peek().offset, "expected " + std::string(expected) + ", found " + describe(peek()));
}

std::string describe(const Token& token) {
    return token.kind == Token::Kind::end ? "the end of the tag" : "'" + std::string(token.text) + "'";
}

bool is_keyword(std::string_view name) noexcept {
    static constexpr std::array<std::string_view, 8> keywords = {"and",  "or",    "not",  "in",
                                                                 "true", "false", "True", "False"};
    return std::find(keywords.begin(), keywords.end(), name) != keywords.end();
}

} // namespace rtcg::codegen::templating
