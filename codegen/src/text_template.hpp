#pragma once
// Kernel text written once with $-placeholders and expanded per dialect, type or address space,
// so that families of near-identical functions (the atomics, the complex functions of each
// precision) are spelled out in one place.
#include <initializer_list>
#include <string>
#include <string_view>

namespace rtcg::codegen::detail {

struct Placeholder {
    char key;
    std::string_view value;
};

// `pattern` with every "$k" replaced by the value of the placeholder whose key is k. A '$' with
// no such placeholder after it is a mistake in rtcg's own text: std::logic_error.
std::string expand(std::string_view pattern, std::initializer_list<Placeholder> placeholders);

} // namespace rtcg::codegen::detail
