#include "flat_json.hpp"

#include <charconv>
#include <cmath>
#include <optional>

namespace rtcg::tuning::detail {
namespace {

// A recursive-descent reader that stops at the first fault, remembering where it was.
class Reader {
public:
    explicit Reader(std::string_view text) : text_(text) {}

    std::variant<FlatJsonObject, std::string> object() {
        FlatJsonObject members;
        skip_whitespace();
        if (!take('{')) return fault("expected '{' to open the object");
        skip_whitespace();
        if (!take('}')) {
            do {
                skip_whitespace();
                const std::size_t name_at = at_;
                auto name = string();
                if (!name) return fault_;
                skip_whitespace();
                if (!take(':')) return fault("expected ':' after the name \"" + *name + "\"");
                skip_whitespace();
                auto value = this->value();
                if (!value) return fault_;
                if (!members.emplace(std::move(*name), std::move(*value)).second) {
                    at_ = name_at;
                    return fault("a name appears twice in the object");
                }
                skip_whitespace();
            } while (take(','));
            if (!take('}')) return fault("expected ',' or '}' after a value");
        }
        skip_whitespace();
        if (at_ != text_.size()) return fault("text follows the object's closing '}'");
        return members;
    }

private:
    std::optional<FlatJsonValue> value() {
        if (peek() == '"') {
            auto text = string();
            if (!text) return std::nullopt;
            return FlatJsonValue(std::move(*text));
        }
        if (peek() == '-' || (peek() >= '0' && peek() <= '9')) {
            auto number = this->number();
            if (!number) return std::nullopt;
            return FlatJsonValue(*number);
        }
        fault("expected a string or a number (entries hold no objects, arrays, true, false or null)");
        return std::nullopt;
    }

    std::optional<std::string> string() {
        if (!take('"')) return fault_none("expected '\"' to open a string");
        std::string out;
        while (at_ < text_.size() && text_[at_] != '"') {
            const char c = text_[at_++];
            if (static_cast<unsigned char>(c) < 0x20) {
                --at_;
                return fault_none("a control character inside a string must be escaped");
            }
            if (c != '\\') {
                out += c;
                continue;
            }
            if (at_ == text_.size()) break;
            switch (const char e = text_[at_++]) {
            case '"': case '\\': case '/': out += e; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                auto code = code_point();
                if (!code) return std::nullopt;
                append_utf8(out, *code);
                break;
            }
            default: --at_; return fault_none("an unknown escape in a string");
            }
        }
        if (!take('"')) return fault_none("a string is not closed");
        return out;
    }

    // After "\u": one UTF-16 unit, or a surrogate pair written as two escapes.
    std::optional<char32_t> code_point() {
        auto high = hex_unit();
        if (!high) return std::nullopt;
        if (*high < 0xD800 || *high > 0xDFFF) return *high;
        if (*high > 0xDBFF || text_.substr(at_, 2) != "\\u") return fault_none("a lone UTF-16 surrogate");
        at_ += 2;
        auto low = hex_unit();
        if (!low) return std::nullopt;
        if (*low < 0xDC00 || *low > 0xDFFF) return fault_none("a lone UTF-16 surrogate");
        return 0x10000 + ((*high - 0xD800) << 10) + (*low - 0xDC00);
    }

    std::optional<char32_t> hex_unit() {
        char32_t unit = 0;
        for (int k = 0; k < 4; ++k, ++at_) {
            const char c = at_ < text_.size() ? text_[at_] : '\0';
            const int digit = c >= '0' && c <= '9' ? c - '0'
                              : c >= 'a' && c <= 'f' ? c - 'a' + 10
                              : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                     : -1;
            if (digit < 0) return fault_none("\\u takes four hexadecimal digits");
            unit = unit * 16 + static_cast<char32_t>(digit);
        }
        return unit;
    }

    static void append_utf8(std::string& out, char32_t code) {
        const auto byte = [&](char32_t bits) { out += static_cast<char>(bits); };
        if (code < 0x80) {
            byte(code);
        } else if (code < 0x800) {
            byte(0xC0 | (code >> 6)), byte(0x80 | (code & 0x3F));
        } else if (code < 0x10000) {
            byte(0xE0 | (code >> 12)), byte(0x80 | ((code >> 6) & 0x3F)), byte(0x80 | (code & 0x3F));
        } else {
            byte(0xF0 | (code >> 18)), byte(0x80 | ((code >> 12) & 0x3F)), byte(0x80 | ((code >> 6) & 0x3F));
            byte(0x80 | (code & 0x3F));
        }
    }

    // JSON's grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, read by from_chars.
    std::optional<double> number() {
        const std::size_t start = at_;
        const auto digits = [&] {
            const std::size_t first = at_;
            while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
            return at_ - first;
        };
        take('-');
        if (take('0')) {
        } else if (digits() == 0) {
            return fault_none("a number needs a digit");
        }
        if (take('.') && digits() == 0) return fault_none("a number needs a digit after '.'");
        if (take('e') || take('E')) {
            if (!take('+')) take('-');
            if (digits() == 0) return fault_none("a number needs a digit in its exponent");
        }
        double value = 0;
        const auto [end, error] = std::from_chars(text_.data() + start, text_.data() + at_, value);
        if (error != std::errc() || end != text_.data() + at_ || !std::isfinite(value)) {
            at_ = start;
            return fault_none("a number out of double's range");
        }
        return value;
    }

    char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
    bool take(char c) {
        if (peek() != c || at_ == text_.size()) return false;
        ++at_;
        return true;
    }
    void skip_whitespace() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
            ++at_;
    }

    // Records why reading stopped, at the current position ("line L, column C: why").
    const std::string& fault(const std::string& why) {
        std::size_t line = 1, column = 1;
        for (std::size_t k = 0; k < at_ && k < text_.size(); ++k, ++column)
            if (text_[k] == '\n') ++line, column = 0;
        fault_ = "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + why;
        return fault_;
    }
    std::nullopt_t fault_none(const std::string& why) {
        fault(why);
        return std::nullopt;
    }

    std::string_view text_;
    std::size_t at_ = 0;
    std::string fault_;
};

} // namespace

std::variant<FlatJsonObject, std::string> parse_flat_json(std::string_view text) { return Reader(text).object(); }

} // namespace rtcg::tuning::detail
