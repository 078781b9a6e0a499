#include "element_pairing.hpp"

#include "snippet_tokens.hpp"

#include <algorithm>
#include <set>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::DType;
using Tokens = std::vector<SnippetToken>;

bool is(const Tokens& tokens, std::size_t at, std::string_view text) {
    return at < tokens.size() && tokens[at].kind != SnippetTokenKind::literal &&
           tokens[at].kind != SnippetTokenKind::directive && tokens[at].text == text;
}
bool is_identifier(const Tokens& tokens, std::size_t at, std::string_view name) {
    return at < tokens.size() && tokens[at].kind == SnippetTokenKind::identifier && tokens[at].text == name;
}

bool is_assignment(const Tokens& tokens, std::size_t at) {
    if (at >= tokens.size() || tokens[at].kind != SnippetTokenKind::punctuator) return false;
    static const std::set<std::string_view> assignments{"=",  "+=", "-=", "*=", "/=",  "%=", "&=",
                                                        "|=", "^=", "<<=", ">>=", "++", "--"};
    return assignments.contains(tokens[at].text);
}
bool follows_increment(const Tokens& tokens, std::size_t at) {
    return at > 0 && (is(tokens, at - 1, "++") || is(tokens, at - 1, "--"));
}
// After '.' or '->' a name is a member, not the argument.
bool is_member(const Tokens& tokens, std::size_t at) {
    return at > 0 && (is(tokens, at - 1, ".") || is(tokens, at - 1, "->"));
}

// Whether nothing in the code can move `i`, leave the kernel, or hide either in a macro.
bool keeps_index(const Tokens& tokens, std::string_view preamble) {
    const std::set<std::string_view> macros = macro_names(preamble);
    for (std::size_t at = 0; at < tokens.size(); ++at) {
        const SnippetToken& token = tokens[at];
        if (token.kind == SnippetTokenKind::directive) return false;
        if (token.kind != SnippetTokenKind::identifier) continue;
        if (token.text == "return" || token.text == "goto" || macros.contains(token.text)) return false;
        if (token.text == "i" && !is_member(tokens, at) &&
            (is_assignment(tokens, at + 1) || follows_increment(tokens, at) || (at > 0 && is(tokens, at - 1, "&"))))
            return false;
    }
    return true;
}

// Where each use of `name` as x[i] starts (the name's token), or nullopt when any use is not.
std::optional<std::vector<std::size_t>> element_uses(const Tokens& tokens, std::string_view name) {
    std::vector<std::size_t> uses;
    for (std::size_t at = 0; at < tokens.size(); ++at) {
        if (!is_identifier(tokens, at, name) || is_member(tokens, at)) continue;
        const bool element = is(tokens, at + 1, "[") && is_identifier(tokens, at + 2, "i") && is(tokens, at + 3, "]");
        if (!element || (at > 0 && is(tokens, at - 1, "&"))) return std::nullopt;
        uses.push_back(at);
    }
    return uses;
}

std::string pairs_pointer(const std::string& name) { return "rtcg_pairs_" + name; }

std::string lane_value(const Argument& argument, int lane) {
    return "rtcg_lane" + std::to_string(lane) + "_" + argument.name;
}

} // namespace

std::string pair_vector(const DType& type) {
    if (type == DType::float32()) return "float2";
    if (type == DType::int32()) return "int2";
    if (type == DType::uint32()) return "uint2";
    if (type == DType::float64()) return "double2";
    return {};
}

std::optional<PairedSnippet> pair_snippet(std::string_view code, std::span<const Argument> arguments,
                                          std::string_view preamble, bool writes) {
    const Tokens tokens = snippet_tokens(code);
    if (!keeps_index(tokens, preamble)) return std::nullopt;

    PairedSnippet snippet;
    struct Replacement {
        std::size_t first_token;
        const Argument* argument;
    };
    std::vector<Replacement> replacements;
    for (std::size_t k = 0; k < arguments.size(); ++k) {
        const Argument& argument = arguments[k];
        const std::string vector = pair_vector(argument.type);
        if (!argument.is_pointer || argument.space != codegen::AddressSpace::global || vector.empty()) continue;
        const std::optional<std::vector<std::size_t>> uses = element_uses(tokens, argument.name);
        if (!uses || uses->empty()) continue;
        const bool written = std::any_of(uses->begin(), uses->end(), [&](std::size_t at) {
            return is_assignment(tokens, at + 4) || follows_increment(tokens, at);
        });
        if (written && !writes) continue;
        const bool only_assigned = uses->size() == 1 && uses->front() == 0 && is(tokens, 4, "=");
        snippet.arrays.push_back(PairedArray{k, vector, written, !only_assigned});
        for (std::size_t at : *uses) replacements.push_back({at, &argument});
    }
    if (snippet.arrays.empty()) return std::nullopt;

    const std::size_t index_uses =
        std::count_if(tokens.begin(), tokens.end(), [](const SnippetToken& t) {
            return t.kind == SnippetTokenKind::identifier && t.text == "i";
        });
    snippet.lanes_use_index = index_uses > replacements.size();
    std::sort(replacements.begin(), replacements.end(),
              [](const Replacement& a, const Replacement& b) { return a.first_token < b.first_token; });
    for (int lane = 0; lane < 2; ++lane) {
        std::string& text = snippet.lanes[lane];
        std::size_t done = 0;
        for (const Replacement& r : replacements) {
            const std::size_t begin = tokens[r.first_token].offset;
            const SnippetToken& close = tokens[r.first_token + 3];
            text.append(code.substr(done, begin - done)).append(lane_value(*r.argument, lane));
            done = close.offset + close.text.size();
        }
        text.append(code.substr(done));
    }
    return snippet;
}

std::string paired_pointers(const PairedSnippet& snippet, std::span<const Argument> arguments,
                            std::string_view start) {
    std::string text;
    for (const PairedArray& array : snippet.arrays) {
        const std::string name = arguments[array.argument].name;
        const std::string type = "RTCG_GLOBAL " + std::string(array.written ? "" : "const ") + "rtcg_" + array.vector + "*";
        text += type + " " + pairs_pointer(name) + " = (" + type + ")(" + name + " + " + std::string(start) + ");\n";
    }
    return text;
}

std::string paired_loads(const PairedSnippet& snippet, std::span<const Argument> arguments, codegen::Dialect dialect,
                         std::string_view pair) {
    std::string text;
    for (const PairedArray& array : snippet.arrays) {
        const Argument& argument = arguments[array.argument];
        const std::string type = argument.type.c_name(dialect);
        if (!array.loaded) {
            text += type + " " + lane_value(argument, 0) + ", " + lane_value(argument, 1) + ";\n";
            continue;
        }
        const std::string loaded = "rtcg_pair_" + argument.name;
        text += "const rtcg_" + array.vector + " " + loaded + " = " + pairs_pointer(argument.name) + "[" +
                std::string(pair) + "];\n";
        text += (array.written ? "" : "const ") + type + " " + lane_value(argument, 0) + " = " + loaded + ".x, " +
                lane_value(argument, 1) + " = " + loaded + ".y;\n";
    }
    return text;
}

std::string paired_stores(const PairedSnippet& snippet, std::span<const Argument> arguments, std::string_view pair) {
    std::string text;
    for (const PairedArray& array : snippet.arrays) {
        if (!array.written) continue;
        const Argument& argument = arguments[array.argument];
        const std::string target = pairs_pointer(argument.name) + "[" + std::string(pair) + "]";
        const std::string value =
            "rtcg_make_" + array.vector + "(" + lane_value(argument, 0) + ", " + lane_value(argument, 1) + ")";
        // An array only written (both lanes, unconditionally) is output streaming past: its lines
        // had better leave the L2 before those of arrays still to be read (prelude.hpp).
        text += array.loaded ? target + " = " + value + ";\n"
                             : "RTCG_STORE_STREAMING(&" + target + ", " + value + ");\n";
    }
    return text;
}

bool pairs_align(const PairedSnippet& snippet, std::span<const CallArgument> args, const Range* range) {
    if (range && range->step != 1) return false;
    const std::int64_t start = range ? range->start : 0;
    return std::all_of(snippet.arrays.begin(), snippet.arrays.end(), [&](const PairedArray& array) {
        const ArrayData* data = args[array.argument].array;
        return data && (static_cast<std::int64_t>(data->offset()) + start) % 2 == 0;
    });
}

} // namespace rtcg::detail
