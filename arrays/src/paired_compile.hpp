#pragma once
// Compiling a generator's source with its paired kernel (element_pairing.hpp), and without it
// should that not compile: user code that writes a read-only lane value through a reference
// compiles only as one index per step. The one-index source's errors are then the ones reported,
// so a user's mistake reads as it would without pairing.
#include "element_pairing.hpp"

#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/module.hpp>

#include <optional>
#include <string>

namespace rtcg::detail {

// `source(pairs)` gives the text for the pairing it is handed (null: none). Resets `pairs` when
// only the text without them compiled.
template <class Source>
Module compile_with_pairs(const Context& context, std::optional<PairedSnippet>& pairs, Source source) {
    try {
        return context.compile(source(pairs ? &*pairs : nullptr));
    } catch (const CompileError&) {
        if (!pairs) throw;
    }
    pairs.reset();
    return context.compile(source(nullptr));
}

} // namespace rtcg::detail
