#include "source_tokens.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace rtcg::detail {
namespace {

bool starts_identifier(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }
bool continues_identifier(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }

// A token, and whether a line break (not one escaped by a backslash) came before it.
struct LexedToken {
    Token token;
    bool starts_line;
};

std::vector<LexedToken> lex(std::string_view text) {
    std::vector<LexedToken> tokens;
    bool line_start = true;
    std::size_t at = 0;
    while (at < text.size()) {
        const char c = text[at];
        if (c == '\n') {
            line_start = true;
            ++at;
        } else if (c == '\\' && at + 1 < text.size() && (text[at + 1] == '\n' || text[at + 1] == '\r')) {
            at += text[at + 1] == '\r' && at + 2 < text.size() && text[at + 2] == '\n' ? 3 : 2;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            ++at;
        } else if (text.substr(at, 2) == "//") {
            at = std::min(text.find('\n', at), text.size());
        } else if (text.substr(at, 2) == "/*") {
            const std::size_t end = text.find("*/", at + 2);
            at = end == std::string_view::npos ? text.size() : end + 2;
        } else {
            const std::size_t start = at;
            Token::Kind kind = Token::Kind::punctuation;
            if (starts_identifier(c)) {
                kind = Token::Kind::identifier;
                while (at < text.size() && continues_identifier(text[at])) ++at;
            } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                       (c == '.' && at + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[at + 1])))) {
                kind = Token::Kind::number;
                while (at < text.size() && (continues_identifier(text[at]) || text[at] == '.' ||
                                            ((text[at] == '+' || text[at] == '-') &&
                                             std::string_view("eEpP").find(text[at - 1]) != std::string_view::npos)))
                    ++at;
            } else if (c == '"' || c == '\'') {
                kind = Token::Kind::literal;
                for (++at; at < text.size() && text[at] != c && text[at] != '\n'; ++at)
                    if (text[at] == '\\') ++at;
                at = std::min(at + 1, text.size());
            } else if (text.substr(at, 2) == "##" || text.substr(at, 3) == "...") {
                at += text[at] == '#' ? 2 : 3;
            } else {
                ++at;
            }
            tokens.push_back({{kind, text.substr(start, at - start)}, line_start});
            line_start = false;
        }
    }
    return tokens;
}

bool same_tokens(std::span<const Token> a, std::span<const Token> b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const Token& x, const Token& y) { return x.kind == y.kind && x.text == y.text; });
}

bool same_macro(const Macro& a, const Macro& b) {
    return a.function_like == b.function_like && a.variadic == b.variadic && a.parameters == b.parameters &&
           same_tokens(a.body, b.body);
}

// The arguments of a function-like macro's use, `tokens` starting at its '(' : each argument's
// tokens, and the index just past the ')'. nullopt when the ')' is missing.
std::optional<std::pair<std::vector<std::vector<Token>>, std::size_t>> macro_arguments(std::span<const Token> tokens) {
    const std::size_t close = matching_close(tokens, 0);
    if (close == tokens.size()) return std::nullopt;
    std::vector<std::vector<Token>> arguments(1);
    int depth = 0;
    for (std::size_t i = 1; i < close; ++i) {
        const Token& t = tokens[i];
        if (t.is("(") || t.is("[") || t.is("{")) ++depth;
        if (t.is(")") || t.is("]") || t.is("}")) --depth;
        if (depth == 0 && t.is(","))
            arguments.emplace_back();
        else
            arguments.back().push_back(t);
    }
    if (close == 1) arguments.clear(); // NAME()
    return std::pair{std::move(arguments), close + 1};
}

constexpr int max_expansion_depth = 32;

class Expander {
public:
    explicit Expander(const std::map<std::string_view, Macro>& macros) : macros_(macros) {}

    bool expand(std::span<const Token> tokens, std::vector<Token>& out, int depth) {
        if (depth > max_expansion_depth) return false;
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            const Token& t = tokens[i];
            const auto found = t.is_identifier() && !active_.count(t.text) ? macros_.find(t.text) : macros_.end();
            if (found == macros_.end()) {
                out.push_back(t);
                continue;
            }
            const Macro& macro = found->second;
            if (macro.function_like && (i + 1 == tokens.size() || !tokens[i + 1].is("("))) {
                out.push_back(t); // the name alone is no use of the macro
                continue;
            }
            if (macro.ambiguous) return false;
            if (std::any_of(macro.body.begin(), macro.body.end(), [](const Token& b) { return b.is("#") || b.is("##"); }))
                return false;
            std::vector<Token> replaced;
            if (macro.function_like) {
                const auto use = macro_arguments(tokens.subspan(i + 1));
                if (!use) return false;
                if (!substitute(macro, use->first, replaced, depth)) return false;
                i += use->second; // the loop's ++i steps past the ')'
            } else {
                replaced = macro.body;
            }
            active_.insert(found->first);
            const bool expanded = expand(replaced, out, depth + 1);
            active_.erase(found->first);
            if (!expanded) return false;
        }
        return true;
    }

private:
    // The body with each parameter replaced by its argument, macro-expanded first.
    bool substitute(const Macro& macro, const std::vector<std::vector<Token>>& arguments, std::vector<Token>& out,
                    int depth) {
        const std::size_t named = macro.parameters.size();
        if (arguments.size() < named || (arguments.size() > named && !macro.variadic)) return false;
        std::vector<std::vector<Token>> expanded(arguments.size());
        for (std::size_t k = 0; k < arguments.size(); ++k)
            if (!expand(arguments[k], expanded[k], depth + 1)) return false;
        for (const Token& t : macro.body) {
            const auto parameter = std::find(macro.parameters.begin(), macro.parameters.end(), t.text);
            if (t.is_identifier() && parameter != macro.parameters.end()) {
                const auto& argument = expanded[static_cast<std::size_t>(parameter - macro.parameters.begin())];
                out.insert(out.end(), argument.begin(), argument.end());
            } else if (t.is_identifier() && t.text == "__VA_ARGS__" && macro.variadic) {
                for (std::size_t k = named; k < expanded.size(); ++k) {
                    if (k > named) out.push_back({Token::Kind::punctuation, ","});
                    out.insert(out.end(), expanded[k].begin(), expanded[k].end());
                }
            } else {
                out.push_back(t);
            }
        }
        return true;
    }

    const std::map<std::string_view, Macro>& macros_;
    std::set<std::string_view> active_; // macros being expanded, which do not expand again
};

// The -D options' definitions, as "NAME" or "NAME=VALUE" texts: "-DX=1", "-D X=1",
// "--define-macro=X=1", several to one option string or not.
std::vector<std::string_view> defined_by_options(std::span<const std::string> options) {
    std::vector<std::string_view> words;
    for (const std::string& option : options) {
        std::string_view rest = option;
        while (!rest.empty()) {
            const std::size_t start = rest.find_first_not_of(" \t");
            if (start == std::string_view::npos) break;
            const std::size_t end = std::min(rest.find_first_of(" \t", start), rest.size());
            words.push_back(rest.substr(start, end - start));
            rest.remove_prefix(end);
        }
    }
    std::vector<std::string_view> definitions;
    for (std::size_t k = 0; k < words.size(); ++k) {
        for (std::string_view flag : {"--define-macro=", "-D"}) {
            if (words[k].substr(0, flag.size()) != flag) continue;
            std::string_view definition = words[k].substr(flag.size());
            if (definition.empty() && k + 1 < words.size()) definition = words[++k];
            if (!definition.empty()) definitions.push_back(definition);
            break;
        }
    }
    return definitions;
}

} // namespace

std::size_t matching_close(std::span<const Token> tokens, std::size_t open) {
    int depth = 0;
    for (std::size_t i = open; i < tokens.size(); ++i) {
        const Token& t = tokens[i];
        if (t.is("(") || t.is("[") || t.is("{")) ++depth;
        if ((t.is(")") || t.is("]") || t.is("}")) && --depth == 0) return i;
    }
    return tokens.size();
}

std::string_view longest_identifier(std::string_view source) {
    std::string_view longest;
    for (const LexedToken& t : lex(source))
        if (t.token.is_identifier() && t.token.text.size() > longest.size()) longest = t.token.text;
    return longest;
}

SourceTokens::SourceTokens(std::string_view source, std::span<const std::string> options) {
    for (std::string_view definition : defined_by_options(options)) {
        const std::size_t equals = definition.find('=');
        Macro macro;
        if (equals == std::string_view::npos) {
            macro.body.push_back({Token::Kind::number, "1"});
        } else {
            for (const LexedToken& t : lex(definition.substr(equals + 1))) macro.body.push_back(t.token);
        }
        define(definition.substr(0, equals), std::move(macro));
    }
    const std::vector<LexedToken> tokens = lex(source);
    for (std::size_t i = 0; i < tokens.size();) {
        if (tokens[i].starts_line && tokens[i].token.is("#")) {
            std::size_t end = i + 1;
            while (end < tokens.size() && !tokens[end].starts_line) ++end;
            std::vector<Token> line;
            for (std::size_t k = i + 1; k < end; ++k) line.push_back(tokens[k].token);
            read_directive(line);
            i = end;
        } else {
            code_.push_back(tokens[i++].token);
        }
    }
}

void SourceTokens::read_directive(std::span<const Token> line) {
    if (line.size() < 2 || !line[1].is_identifier()) return;
    if (line[0].text == "undef") {
        macros_[line[1].text].ambiguous = true;
        return;
    }
    if (line[0].text != "define") return;
    Macro macro;
    std::size_t body = 2;
    // A function-like macro's '(' follows its name with no space between them.
    const bool adjacent_paren = line.size() > 2 && line[2].is("(") &&
                                line[1].text.data() + line[1].text.size() == line[2].text.data();
    if (adjacent_paren) {
        macro.function_like = true;
        const std::size_t close = matching_close(line, 2);
        if (close == line.size()) return;
        for (std::size_t k = 3; k < close; ++k) {
            if (line[k].is_identifier()) macro.parameters.push_back(line[k].text);
            if (line[k].is("...")) macro.variadic = true;
        }
        body = close + 1;
    }
    macro.body.assign(line.begin() + static_cast<std::ptrdiff_t>(body), line.end());
    define(line[1].text, std::move(macro));
}

void SourceTokens::define(std::string_view name, Macro macro) {
    const auto [existing, inserted] = macros_.try_emplace(name, macro);
    if (!inserted && !same_macro(existing->second, macro)) existing->second.ambiguous = true;
}

std::optional<std::vector<Token>> SourceTokens::expand(std::span<const Token> tokens) const {
    std::vector<Token> out;
    if (!Expander(macros_).expand(tokens, out, 0)) return std::nullopt;
    return out;
}

} // namespace rtcg::detail
