// libFuzzer target: any bytes as a template, parsed and rendered with fixed values of every
// kind. rtcg::Error is the expected answer to bad input. Findings: a crash, a sanitizer report,
// any other exception, a hang, a leak, and the checks below (an error outside the text, or two
// renders that differ).
#include <rtcg/codegen/template.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string_view>

namespace {

using rtcg::codegen::Value;
using rtcg::codegen::Values;

const Values& fuzz_values() {
    static const Values values{
        {"n", 4},
        {"block_size", 256},
        {"thread_strides", 3},
        {"largest", std::numeric_limits<std::int64_t>::max()},
        {"smallest", std::numeric_limits<std::int64_t>::min()},
        {"scale", 0.5},
        {"flag", true},
        {"type", "float"},
        {"empty", ""},
        {"xs", std::vector<Value>{1, 2, 3}},
        {"rows", std::vector<Value>{std::vector<Value>{1, 2.5}, std::vector<Value>{"a", false}}},
        {"none", std::vector<Value>{}},
    };
    return values;
}

void require(bool condition) {
    if (!condition) std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const rtcg::codegen::Template parsed(text, "fuzz");
        const std::string first = parsed.render(fuzz_values());
        require(parsed.render(fuzz_values()) == first);
    } catch (const rtcg::codegen::TemplateError& error) {
        const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
        require(error.line() >= 1 && error.line() <= lines && error.column() >= 1 && error.column() <= size + 1);
    } catch (const rtcg::Error&) {
        // Another rtcg error is still a clean refusal.
    }
    return 0;
}
