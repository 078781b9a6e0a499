// A kernel's parameters read from its definition in the source, for backends whose driver does
// not say what each parameter is: pointer or value, and for a pointer its address space.
#include "source_tokens.hpp"

#include <rtcg/core/plugin/kernel_declaration.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace rtcg::plugin {
namespace {

using detail::Token;
using Tokens = std::vector<Token>;

bool one_of(std::string_view word, std::initializer_list<std::string_view> words) {
    return std::find(words.begin(), words.end(), word) != words.end();
}

bool is_local_space(std::string_view w) { return one_of(w, {"__local", "local"}); }
bool is_global_space(std::string_view w) { return one_of(w, {"__global", "global", "__constant", "constant"}); }
bool is_other_space(std::string_view w) { return one_of(w, {"__private", "private", "__generic", "generic"}); }

// Scalar types of OpenCL C and CUDA C++, and the vectors built on them ("float4", "uint2").
bool is_arithmetic_type(std::string_view w) {
    static const std::set<std::string_view> scalars = {
        "bool",    "char",     "short",     "int",      "long",     "float",   "double",     "half",
        "uchar",   "ushort",   "uint",      "ulong",    "size_t",   "ptrdiff_t", "intptr_t", "uintptr_t",
        "int8_t",  "int16_t",  "int32_t",   "int64_t",  "uint8_t",  "uint16_t", "uint32_t",  "uint64_t",
        "__half",  "__half2",  "__nv_bfloat16", "__nv_bfloat162", "dim3"};
    if (scalars.count(w)) return true;
    static const std::set<std::string_view> vector_bases = {"char",  "uchar", "short", "ushort",   "int",
                                                            "uint",  "long",  "ulong", "longlong", "ulonglong",
                                                            "float", "double", "half"};
    const std::size_t digits = w.find_first_of("0123456789");
    return digits != std::string_view::npos && vector_bases.count(w.substr(0, digits)) &&
           one_of(w.substr(digits), {"1", "2", "3", "4", "8", "16"});
}

bool is_qualifier(std::string_view w) {
    return one_of(w, {"const", "volatile", "restrict", "__restrict", "__restrict__", "signed", "unsigned",
                      "__grid_constant__"});
}

// What the source's typedefs name: the tokens of the type (substituted like a macro) or, for a
// struct, union or enum defined in the typedef itself, a value type.
struct TypeName {
    Tokens type;          // empty for a value type, and for an ambiguous or unreadable typedef
    bool value = false;
    bool known = true;    // false: typedef'd twice differently, or not a plain type
};

class SourceTypes {
public:
    explicit SourceTypes(const detail::SourceTokens& source) : source_(source) {
        const Tokens& code = source.code();
        for (std::size_t i = 0; i + 1 < code.size(); ++i) {
            if (one_of(code[i].text, {"struct", "union", "class", "enum"}) && code[i + 1].is_identifier())
                tags_.insert(code[i + 1].text);
            if (code[i].is_identifier() && code[i].text == "typedef") read_typedef(i + 1);
        }
    }

    const TypeName* typedef_of(std::string_view name) const {
        const auto found = typedefs_.find(name);
        return found == typedefs_.end() ? nullptr : &found->second;
    }
    bool is_tag(std::string_view name) const { return tags_.count(name) != 0; }

private:
    void read_typedef(std::size_t first) {
        const Tokens& code = source_.code();
        std::size_t end = first;
        for (; end < code.size() && !code[end].is(";"); ++end)
            if (code[end].is("{")) end = detail::matching_close(code, end);
        if (end >= code.size() || end == first || !code[end - 1].is_identifier()) return;
        const std::string_view name = code[end - 1].text;
        TypeName type;
        const auto body = std::find_if(code.begin() + static_cast<std::ptrdiff_t>(first),
                                       code.begin() + static_cast<std::ptrdiff_t>(end),
                                       [](const Token& t) { return t.is("{"); });
        if (body != code.begin() + static_cast<std::ptrdiff_t>(end)) {
            // typedef struct { ... } Name;  or  typedef struct { ... } *Name;
            const bool pointer = std::any_of(body, code.begin() + static_cast<std::ptrdiff_t>(end),
                                             [](const Token& t) { return t.is("*"); });
            type.value = !pointer;
            type.known = !pointer;
        } else {
            const auto expanded = source_.expand(
                std::span<const Token>(code).subspan(first, end - 1 - first));
            if (expanded && std::none_of(expanded->begin(), expanded->end(), [](const Token& t) { return t.is("("); }))
                type.type = *expanded;
            else
                type.known = false;
        }
        const auto [existing, inserted] = typedefs_.try_emplace(name, type);
        if (!inserted && !same(existing->second, type)) existing->second = TypeName{{}, false, false};
    }

    static bool same(const TypeName& a, const TypeName& b) {
        return a.value == b.value && a.known == b.known &&
               std::equal(a.type.begin(), a.type.end(), b.type.begin(), b.type.end(),
                          [](const Token& x, const Token& y) { return x.text == y.text; });
    }

    const detail::SourceTokens& source_;
    std::map<std::string_view, TypeName> typedefs_;
    std::set<std::string_view> tags_;
};

// The parameter's tokens with typedef names replaced by their types; a typedef'd struct becomes
// the word "struct" (a value). nullopt where a typedef is ambiguous or nested too deep.
std::optional<Tokens> resolve_typedefs(const Tokens& tokens, const SourceTypes& types, int depth = 0) {
    if (depth > 16) return std::nullopt;
    Tokens out;
    for (const Token& t : tokens) {
        const TypeName* type = t.is_identifier() ? types.typedef_of(t.text) : nullptr;
        if (!type) {
            out.push_back(t);
        } else if (!type->known) {
            return std::nullopt;
        } else if (type->value) {
            out.push_back({Token::Kind::identifier, "struct"});
        } else {
            const auto inner = resolve_typedefs(type->type, types, depth + 1);
            if (!inner) return std::nullopt;
            out.insert(out.end(), inner->begin(), inner->end());
        }
    }
    return out;
}

// "__global const float* x", from the parameter's (expanded) tokens.
std::string declaration_text(const Tokens& tokens) {
    std::string text;
    for (const Token& t : tokens) {
        const bool tight_before = t.is("*") || t.is(",") || t.is(")") || t.is("[") || t.is("]");
        const bool tight_after = !text.empty() && (text.back() == '(' || text.back() == '[');
        if (!text.empty() && !tight_before && !tight_after) text += ' ';
        text += t.text;
    }
    return text;
}

ParameterKind classify(const Tokens& written, const SourceTypes& types, UnqualifiedPointers unqualified) {
    const auto resolved = resolve_typedefs(written, types);
    if (!resolved) return ParameterKind::unknown;
    const Tokens& tokens = *resolved;
    bool pointer = false;
    for (const Token& t : tokens) {
        if (t.is("(") || t.is("&")) return ParameterKind::unknown; // function pointers, attributes, references
        if (t.is("*") || t.is("[")) pointer = true;
    }
    if (pointer) {
        const auto has = [&](bool (*space)(std::string_view)) {
            return std::any_of(tokens.begin(), tokens.end(), [&](const Token& t) { return space(t.text); });
        };
        if (has(is_local_space)) return ParameterKind::local_pointer;
        if (has(is_other_space)) return ParameterKind::unknown;
        if (has(is_global_space)) return ParameterKind::global_pointer;
        return unqualified == UnqualifiedPointers::global ? ParameterKind::global_pointer : ParameterKind::unknown;
    }
    std::vector<std::string_view> words;
    for (const Token& t : tokens)
        if (t.is_identifier()) words.push_back(t.text);
    // The last word names the parameter, unless the parameter is unnamed ("float").
    if (words.size() > 1 && !is_arithmetic_type(words.back()) && !is_qualifier(words.back())) words.pop_back();
    bool after_tag_keyword = false;
    for (std::string_view w : words) {
        const bool tag_keyword = one_of(w, {"struct", "union", "enum"});
        if (!(tag_keyword || after_tag_keyword || is_arithmetic_type(w) || is_qualifier(w) || types.is_tag(w)))
            return ParameterKind::unknown; // an image, a sampler, a type rtcg cannot see
        after_tag_keyword = tag_keyword;
    }
    return words.empty() ? ParameterKind::unknown : ParameterKind::value;
}

// The parameter list between `open` and its ')' in `code`, split at top-level commas, each
// parameter's tokens up to its default value. nullopt where a macro in it cannot be expanded.
std::optional<std::vector<Tokens>> parameter_lists(const detail::SourceTokens& source, std::size_t open,
                                                   std::size_t close) {
    const Tokens& code = source.code();
    const auto expanded = source.expand(std::span<const Token>(code).subspan(open + 1, close - open - 1));
    if (!expanded) return std::nullopt;
    std::vector<Tokens> parameters;
    if (expanded->empty() || (expanded->size() == 1 && expanded->front().text == "void")) return parameters;
    parameters.emplace_back();
    int depth = 0;
    bool in_default = false;
    for (const Token& t : *expanded) {
        if (t.is("(") || t.is("[") || t.is("{") || t.is("<")) ++depth;
        if (t.is(")") || t.is("]") || t.is("}") || t.is(">")) --depth;
        if (depth == 0 && t.is(",")) {
            parameters.emplace_back();
            in_default = false;
        } else if (depth == 0 && t.is("=")) {
            in_default = true;
        } else if (!in_default) {
            parameters.back().push_back(t);
        }
    }
    return parameters;
}

// Whether the identifier at `name` in `code` is the name of a function declared to return void:
// "void name(", or "void MACRO(...) name(" (launch bounds, attributes).
bool follows_void(const Tokens& code, std::size_t name) {
    if (name == 0) return false;
    if (code[name - 1].text == "void") return true;
    if (!code[name - 1].is(")")) return false;
    int depth = 0;
    for (std::size_t i = name - 1;; --i) {
        if (code[i].is(")")) ++depth;
        if (code[i].is("(") && --depth == 0) return i >= 2 && code[i - 1].is_identifier() && code[i - 2].text == "void";
        if (i == 0) return false;
    }
}

} // namespace

std::optional<std::vector<KernelParameter>> declared_parameters(std::string_view source,
                                                                std::span<const std::string> options,
                                                                std::string_view kernel,
                                                                UnqualifiedPointers unqualified) {
    const detail::SourceTokens tokens(source, options);
    const SourceTypes types(tokens);
    const Tokens& code = tokens.code();
    std::optional<std::vector<KernelParameter>> found;
    for (std::size_t i = 0; i + 1 < code.size(); ++i) {
        if (!code[i].is_identifier() || code[i].text != kernel || !code[i + 1].is("(") || !follows_void(code, i))
            continue;
        const std::size_t close = detail::matching_close(code, i + 1);
        if (close + 1 >= code.size() || !(code[close + 1].is("{") || code[close + 1].is(";"))) continue;
        const auto lists = parameter_lists(tokens, i + 1, close);
        if (!lists) return std::nullopt;
        std::vector<KernelParameter> parameters;
        for (const Tokens& list : *lists)
            parameters.push_back({classify(list, types, unqualified), 0, declaration_text(list)});
        const auto same_kinds = [](const std::vector<KernelParameter>& a, const std::vector<KernelParameter>& b) {
            return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                              [](const KernelParameter& x, const KernelParameter& y) { return x.kind == y.kind; });
        };
        if (found && !same_kinds(*found, parameters)) return std::nullopt; // definitions in #if branches disagree
        if (!found) found = std::move(parameters);
    }
    return found;
}

std::optional<std::vector<KernelParameter>> declared_parameters(std::span<const CompileRequest> sources,
                                                                std::string_view kernel,
                                                                UnqualifiedPointers unqualified) {
    for (const auto& source : sources)
        if (auto found = declared_parameters(source.source, source.options, kernel, unqualified)) return found;
    return std::nullopt;
}

std::string_view longest_identifier(std::string_view source) { return detail::longest_identifier(source); }

} // namespace rtcg::plugin
