// parse_arguments: one pass over the tokens, one argument after another. Nothing recurses and
// every token is looked at a bounded number of times, so hostile input costs linear time.
#include "declaration_names.hpp"
#include "declaration_tokens.hpp"

#include <rtcg/codegen/declaration.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <unordered_set>

namespace rtcg::codegen {
namespace {

using detail::Token;
using detail::TokenKind;

bool is_restrict_spelling(std::string_view word) {
    return word == "restrict" || word == "__restrict" || word == "__restrict__";
}

bool is_pointer_variable_qualifier(std::string_view word) { return word == "const" || word == "volatile"; }

std::optional<AddressSpace> address_space_named(std::string_view word) {
    if (word == "__global" || word == "global") return AddressSpace::global;
    if (word == "__local" || word == "local") return AddressSpace::local;
    if (word == "__constant" || word == "constant") return AddressSpace::constant;
    if (word == "__private" || word == "private") return AddressSpace::private_space;
    return std::nullopt;
}

// Qualifiers and address spaces: words a declaration may end with by mistake ("float global").
bool is_qualifier(const Token& token) {
    return token.kind == TokenKind::word && (is_pointer_variable_qualifier(token.text) ||
                                             is_restrict_spelling(token.text) || address_space_named(token.text));
}

bool is_integer_word(std::string_view word) {
    static constexpr std::array<std::string_view, 6> words = {"signed", "unsigned", "char", "short", "int", "long"};
    return std::find(words.begin(), words.end(), word) != words.end();
}

// The words of a C integer type, in any order, checked as they come the way C combines them:
// "long unsigned int" is "unsigned long", "short long" is nothing.
class IntegerWords {
public:
    bool empty() const noexcept { return written_.empty(); }
    const std::string& written() const noexcept { return written_; }

    // False when `word` cannot join the words before it.
    bool add(std::string_view word) {
        written_ += (written_.empty() ? "" : " ") + std::string(word);
        if (word == "signed" || word == "unsigned") {
            if (has_signedness_) return false;
            has_signedness_ = true;
            is_unsigned_ = word == "unsigned";
            is_explicitly_signed_ = !is_unsigned_;
            return true;
        }
        if (word == "char") return take(chars_, !(chars_ || shorts_ || longs_ || ints_));
        if (word == "short") return take(shorts_, !(shorts_ || longs_ || chars_));
        if (word == "long") return take(longs_, !(longs_ == 2 || shorts_ || chars_));
        return take(ints_, !(ints_ || chars_)); // "int"
    }

    // The spelling DType::from_c_name knows for the same type.
    std::string canonical() const {
        const std::string sign = is_unsigned_ ? "unsigned " : is_explicitly_signed_ && chars_ ? "signed " : "";
        if (chars_) return sign + "char";
        if (shorts_) return sign + "short";
        if (longs_ == 2) return sign + "long long";
        if (longs_ == 1) return sign + "long";
        return sign + "int";
    }

private:
    static bool take(int& count, bool allowed) {
        if (allowed) ++count;
        return allowed;
    }

    std::string written_;
    bool has_signedness_ = false;
    bool is_unsigned_ = false;
    bool is_explicitly_signed_ = false;
    int chars_ = 0;
    int shorts_ = 0;
    int longs_ = 0;
    int ints_ = 0;
};

// Everything before the declarator: qualifiers, address space, type words.
struct Specifiers {
    bool is_const = false;
    bool is_volatile = false;
    std::optional<AddressSpace> space;
    const Token* space_token = nullptr;
    IntegerWords integer;
    const Token* named_type = nullptr; // "float", "uint", "double2", a struct's name

    bool has_type() const noexcept { return named_type || !integer.empty(); }
    std::string written_type() const { return named_type ? std::string(named_type->text) : integer.written(); }
};

struct ParsedArgument {
    Argument argument;
    const Token& name; // for the duplicate check's message
};

std::string describe(const Token& token) {
    if (token.kind == TokenKind::end) return "the end of the declarations";
    return "'" + std::string(token.text) + "'";
}

class Parser {
public:
    explicit Parser(std::string_view declarations)
        : text_(declarations), tokens_(detail::tokenize_declarations(declarations)) {}

    std::vector<Argument> parse_all() {
        if (peek().kind == TokenKind::end) fail("no arguments declared", 0);
        std::vector<Argument> arguments;
        std::unordered_set<std::string_view> names;
        for (;;) {
            if (peek().kind == TokenKind::comma) fail("missing argument before ','", peek().offset);
            ParsedArgument parsed = parse_argument();
            if (!names.insert(parsed.name.text).second)
                fail("duplicate argument name '" + parsed.argument.name + "'", parsed.name.offset);
            arguments.push_back(std::move(parsed.argument));
            if (peek().kind == TokenKind::end) return arguments;
            const Token& comma = next(); // parse_argument stops only at ',' or the end
            if (peek().kind == TokenKind::end) fail("trailing ',' with no argument after it", comma.offset);
        }
    }

private:
    [[noreturn]] void fail(std::string problem, std::size_t offset) const {
        throw DeclarationError(std::move(problem), text_, offset);
    }

    const Token& peek() const { return tokens_[position_]; }
    const Token& next() { return tokens_[position_++]; }
    // Just after the token before the current one: where a missing piece belongs.
    std::size_t end_of_previous() const {
        const Token& previous = tokens_[position_ - 1];
        return previous.offset + previous.text.size();
    }

    ParsedArgument parse_argument() {
        const Specifiers specifiers = parse_specifiers();
        if (!specifiers.has_type()) fail("expected a type, found " + describe(peek()), peek().offset);

        bool is_pointer = false;
        bool is_restrict = false;
        if (peek().kind == TokenKind::star) {
            next();
            is_pointer = true;
            is_restrict = parse_pointer_qualifiers();
        }

        const Token& name = parse_name(specifiers, is_pointer);
        if (peek().kind == TokenKind::open_bracket) {
            const Token& bracket = next();
            if (peek().kind == TokenKind::number)
                fail("array sizes are not part of a kernel argument: write '" + std::string(name.text) + "[]'",
                     peek().offset);
            if (peek().kind != TokenKind::close_bracket) fail("expected ']', found " + describe(peek()), peek().offset);
            next();
            if (is_pointer) fail("pointers to pointers cannot be kernel arguments", bracket.offset);
            is_pointer = true;
        }
        if (peek().kind != TokenKind::comma && peek().kind != TokenKind::end)
            fail("unexpected " + describe(peek()) + " after argument '" + std::string(name.text) +
                     "' (a missing ','?)",
                 peek().offset);

        Argument argument{std::string(name.text), resolve_type(specifiers)};
        argument.is_pointer = is_pointer;
        argument.is_const = specifiers.is_const;
        argument.is_volatile = specifiers.is_volatile;
        argument.is_restrict = is_restrict;
        argument.space = check_address_space(specifiers, argument);
        return {std::move(argument), name};
    }

    Specifiers parse_specifiers() {
        Specifiers specifiers;
        while (peek().kind == TokenKind::word) {
            const Token& token = peek();
            const std::string_view word = token.text;
            if (word == "const") {
                specifiers.is_const = true;
            } else if (word == "volatile") {
                specifiers.is_volatile = true;
            } else if (is_restrict_spelling(word)) {
                fail("'" + std::string(word) + "' qualifies a pointer: write it after the '*'", token.offset);
            } else if (const auto space = address_space_named(word)) {
                if (specifiers.space && *specifiers.space != *space)
                    fail("conflicting address spaces '" + std::string(specifiers.space_token->text) + "' and '" +
                             std::string(word) + "'",
                         token.offset);
                specifiers.space = space;
                specifiers.space_token = &token;
            } else if (word == "struct") {
                fail("write a declared struct's type name without 'struct'", token.offset);
            } else if (is_integer_word(word)) {
                if (specifiers.named_type)
                    fail("'" + std::string(word) + "' cannot be combined with the type '" +
                             std::string(specifiers.named_type->text) + "'",
                         token.offset);
                if (!specifiers.integer.add(word))
                    fail("invalid type '" + specifiers.integer.written() + "'", token.offset);
            } else if (!specifiers.has_type()) {
                specifiers.named_type = &token;
            } else {
                if (DType::from_c_name(word))
                    fail("more than one type: '" + std::string(word) + "' after '" + specifiers.written_type() + "'",
                         token.offset);
                break; // the argument's name
            }
            next();
        }
        return specifiers;
    }

    // After the '*': restrict, and qualifiers of the pointer variable itself, which are dropped
    // (see declaration.hpp). True when restrict was given.
    bool parse_pointer_qualifiers() {
        bool is_restrict = false;
        while (peek().kind == TokenKind::word) {
            const std::string_view word = peek().text;
            if (is_restrict_spelling(word)) {
                is_restrict = true;
            } else if (address_space_named(word)) {
                fail("an address space qualifies what a pointer points to: write '" + std::string(word) +
                         "' before the type",
                     peek().offset);
            } else if (!is_pointer_variable_qualifier(word)) {
                break;
            }
            next();
        }
        if (peek().kind == TokenKind::star) fail("pointers to pointers cannot be kernel arguments", peek().offset);
        return is_restrict;
    }

    const Token& parse_name(const Specifiers& specifiers, bool is_pointer) {
        const Token& token = peek();
        if (token.kind == TokenKind::word) {
            if (const std::string refused = detail::refused_name_reason(token.text); !refused.empty())
                fail(refused + " and cannot name an argument", token.offset);
            return next();
        }
        if (token.kind == TokenKind::number)
            fail("'" + std::string(token.text) + "' cannot be an argument name: names start with a letter or '_'",
                 token.offset);
        // A lone unknown word ("x, y") is more likely a name without its type than the reverse.
        if (!is_pointer && specifiers.named_type && !DType::from_c_name(specifiers.named_type->text))
            fail("'" + std::string(specifiers.named_type->text) +
                     "' is not a known type; each argument needs a type and a name",
                 specifiers.named_type->offset);
        const Token& previous = tokens_[position_ - 1];
        if (is_qualifier(previous))
            fail("missing argument name: '" + std::string(previous.text) + "' is a qualifier, not a name",
                 end_of_previous());
        fail("missing argument name", end_of_previous());
    }

    DType resolve_type(const Specifiers& specifiers) const {
        if (!specifiers.integer.empty()) return *DType::from_c_name(specifiers.integer.canonical());
        const Token& type = *specifiers.named_type;
        if (auto known = DType::from_c_name(type.text)) return *known;
        if (type.text == "void") fail("'void' has no size: name the element type a pointer points to", type.offset);
        fail("unknown type '" + std::string(type.text) + "' (declare structs with declare_struct<T>() first)",
             type.offset);
    }

    AddressSpace check_address_space(const Specifiers& specifiers, const Argument& argument) const {
        if (!argument.is_pointer) {
            if (specifiers.space && *specifiers.space != AddressSpace::private_space)
                fail("'" + std::string(specifiers.space_token->text) +
                         "' qualifies what a pointer points to; scalar argument '" + argument.name + "' cannot have it",
                     specifiers.space_token->offset);
            return AddressSpace::private_space;
        }
        if (!specifiers.space) return AddressSpace::global;
        if (*specifiers.space == AddressSpace::private_space)
            fail("kernel pointer arguments point to __global, __local or __constant memory, not '" +
                     std::string(specifiers.space_token->text) + "'",
                 specifiers.space_token->offset);
        return *specifiers.space;
    }

    std::string_view text_;
    std::vector<Token> tokens_;
    std::size_t position_ = 0;
};

} // namespace

std::vector<Argument> parse_arguments(std::string_view declarations) { return Parser(declarations).parse_all(); }

} // namespace rtcg::codegen
