#include "tokens.hpp"

#include <array>
#include <charconv>
#include <cstdio>
#include <utility>

namespace rtcg::codegen::templating {
namespace {

// Longest first, so that "//" is not read as two "/".
constexpr std::array<std::string_view, 19> symbols = {"//", "==", "!=", "<=", ">=", "(", ")", "[", "]", ",", ".",
                                                      "+",  "-",  "*",  "/",  "%",  "<", ">", "="};

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }

std::string describe_character(char c) {
    if (c > ' ' && c < 127) return "'" + std::string(1, c) + "'";
    std::array<char, 8> hex{};
    std::snprintf(hex.data(), hex.size(), "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(c)));
    return "byte " + std::string(hex.data());
}

class Tokenizer {
public:
    Tokenizer(const TemplateSource& source, std::size_t begin, std::size_t end)
        : source_(source), text_(source.text), position_(begin), end_(end) {}

    std::vector<Token> run() {
        std::vector<Token> tokens;
        while (true) {
            while (position_ < end_ && is_space(text_[position_])) ++position_;
            if (position_ == end_) break;
            tokens.push_back(next_token());
        }
        tokens.push_back({Token::Kind::end, {}, end_, {}});
        return tokens;
    }

private:
    static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

    Token next_token() {
        const char c = text_[position_];
        if (is_name_start(c)) return name();
        if (is_digit(c)) return number();
        if (c == '\'' || c == '"') return string();
        for (const auto symbol : symbols) {
            if (text_.compare(position_, symbol.size(), symbol) == 0 && position_ + symbol.size() <= end_) {
                return {Token::Kind::symbol, take(symbol.size()), position_ - symbol.size(), {}};
            }
        }
        source_.fail(position_, "unexpected character " + describe_character(c));
    }

    std::string_view take(std::size_t count) {
        const auto taken = text_.substr(position_, count);
        position_ += count;
        return taken;
    }

    std::size_t count_while(std::size_t from, bool (*predicate)(char)) const {
        std::size_t i = from;
        while (i < end_ && predicate(text_[i])) ++i;
        return i - from;
    }

    Token name() {
        const std::size_t begin = position_;
        return {Token::Kind::name, take(count_while(position_, is_name_char)), begin, {}};
    }

    // 12, 1.5, 2e-3, 1.5E+3. A '.' or an 'e' belongs to the number only when digits follow, so
    // that a number is never cut in the middle of something else.
    Token number() {
        const std::size_t begin = position_;
        std::size_t length = count_while(begin, is_digit);
        bool floating = false;
        if (begin + length + 1 < end_ && text_[begin + length] == '.' && is_digit(text_[begin + length + 1])) {
            floating = true;
            length += 1 + count_while(begin + length + 1, is_digit);
        }
        if (begin + length < end_ && (text_[begin + length] == 'e' || text_[begin + length] == 'E')) {
            std::size_t exponent = begin + length + 1;
            if (exponent < end_ && (text_[exponent] == '+' || text_[exponent] == '-')) ++exponent;
            const std::size_t digits = count_while(exponent, is_digit);
            if (digits > 0) {
                floating = true;
                length = exponent + digits - begin;
            }
        }
        const std::string_view written = take(length);
        const char* first = written.data();
        const char* last = written.data() + written.size();
        if (floating) {
            double value = 0;
            if (std::from_chars(first, last, value).ec != std::errc{})
                source_.fail(begin, "float " + std::string(written) + " is out of range");
            return {Token::Kind::literal, written, begin, Value(value)};
        }
        std::int64_t value = 0;
        if (std::from_chars(first, last, value).ec != std::errc{})
            source_.fail(begin, "integer " + std::string(written) + " does not fit in 64 bits");
        return {Token::Kind::literal, written, begin, Value(value)};
    }

    Token string() {
        const std::size_t begin = position_;
        const char quote = text_[begin];
        std::string value;
        std::size_t i = begin + 1;
        for (; i < end_ && text_[i] != quote; ++i) {
            if (text_[i] != '\\') {
                value += text_[i];
                continue;
            }
            if (++i == end_) break;
            switch (text_[i]) {
            case 'n': value += '\n'; break;
            case 't': value += '\t'; break;
            case '\\':
            case '\'':
            case '"': value += text_[i]; break;
            default: source_.fail(i - 1, "unknown escape '\\" + std::string(1, text_[i]) + "' (known: \\n \\t \\\\ \\' \\\")");
            }
        }
        if (i >= end_) source_.fail(begin, "string is never closed with " + std::string(1, quote));
        position_ = i + 1;
        return {Token::Kind::literal, text_.substr(begin, position_ - begin), begin, Value(std::move(value))};
    }

    const TemplateSource& source_;
    std::string_view text_;
    std::size_t position_;
    std::size_t end_;
};

} // namespace

std::vector<Token> tokenize(const TemplateSource& source, std::size_t begin, std::size_t end) {
    return Tokenizer(source, begin, end).run();
}

} // namespace rtcg::codegen::templating
