#include "strided_snippet.hpp"

#include "snippet_tokens.hpp"

#include <set>
#include <vector>

namespace rtcg::detail {
namespace {

using Tokens = std::vector<SnippetToken>;

class Rewriter {
public:
    Rewriter(std::string_view code, const Tokens& tokens, std::span<const codegen::Argument> arguments,
             std::span<const ArrayAccess> access)
        : code_(code), tokens_(tokens), arguments_(arguments), access_(access) {}

    // The text from token `begin`'s first character to the end of token `end - 1`, each use of a
    // strided or uniform array rewritten; nullopt where a use is not `x[...]`.
    std::optional<std::string> text(std::size_t begin, std::size_t end) const {
        std::string out;
        std::size_t cursor = tokens_[begin].offset;
        for (std::size_t at = begin; at < end; ++at) {
            const std::size_t argument = reached_argument(at);
            if (argument == arguments_.size()) continue;
            if (!is_punctuator(tokens_, at + 1, "[") || (at > 0 && is_punctuator(tokens_, at - 1, "&")))
                return std::nullopt;
            const std::optional<std::size_t> close = matching_bracket(at + 1, end);
            if (!close || *close == at + 2) return std::nullopt;
            const std::optional<std::string> index = text(at + 2, *close);
            if (!index) return std::nullopt;
            out += code_.substr(cursor, tokens_[at].offset - cursor);
            const std::string& name = arguments_[argument].name;
            out += name + (access_[argument] == ArrayAccess::strided ? "[" + strided_element_macro(name) + "(" + *index + ")]"
                                                                    : "[0 * (" + *index + ")]");
            cursor = tokens_[*close].offset + 1;
            at = *close;
        }
        const SnippetToken& last = tokens_[end - 1];
        out += code_.substr(cursor, last.offset + last.text.size() - cursor);
        return out;
    }

private:
    // The argument whose strided or uniform array the token names; arguments_.size() for none.
    std::size_t reached_argument(std::size_t at) const {
        const SnippetToken& token = tokens_[at];
        if (token.kind != SnippetTokenKind::identifier) return arguments_.size();
        if (at > 0 && (is_punctuator(tokens_, at - 1, ".") || is_punctuator(tokens_, at - 1, "->")))
            return arguments_.size();
        for (std::size_t k = 0; k < arguments_.size(); ++k)
            if (access_[k] != ArrayAccess::flat && arguments_[k].name == token.text) return k;
        return arguments_.size();
    }

    std::optional<std::size_t> matching_bracket(std::size_t open, std::size_t end) const {
        int depth = 0;
        for (std::size_t at = open; at < end; ++at) {
            if (is_punctuator(tokens_, at, "[")) ++depth;
            else if (is_punctuator(tokens_, at, "]") && --depth == 0) return at;
        }
        return std::nullopt;
    }

    std::string_view code_;
    const Tokens& tokens_;
    std::span<const codegen::Argument> arguments_;
    std::span<const ArrayAccess> access_;
};

} // namespace

std::string strided_element_macro(std::string_view name) { return "rtcg_at_" + std::string(name); }

std::optional<std::string> strided_snippet(std::string_view code, std::span<const codegen::Argument> arguments,
                                           std::span<const ArrayAccess> access, std::string_view preamble) {
    const Tokens tokens = snippet_tokens(code);
    if (tokens.empty()) return std::string(code);
    const std::set<std::string_view> macros = macro_names(preamble);
    for (const SnippetToken& token : tokens)
        if (token.kind == SnippetTokenKind::directive ||
            (token.kind == SnippetTokenKind::identifier && macros.contains(token.text)))
            return std::nullopt;
    const std::optional<std::string> body = Rewriter(code, tokens, arguments, access).text(0, tokens.size());
    if (!body) return std::nullopt;
    const SnippetToken& last = tokens.back();
    return std::string(code.substr(0, tokens.front().offset)) + *body +
           std::string(code.substr(last.offset + last.text.size()));
}

} // namespace rtcg::detail
