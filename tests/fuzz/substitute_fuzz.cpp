// libFuzzer target: any bytes as keyword-substitution text with a few fixed names. A
// TemplateError is the expected answer to bad input; a crash, a sanitizer report, any other
// exception, or an error placed outside the text is a finding.
#include <rtcg/codegen/substitute.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::map<std::string, std::string, std::less<>> values{
        {"op", "+"}, {"type", "float"}, {"n", "256"}, {"empty", ""}, {"braces", "{{n}}"}};
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const std::string result = rtcg::codegen::substitute(text, values, "fuzz");
        // Without "{{" there is nothing to replace.
        if (text.find("{{") == std::string_view::npos && result != text) std::abort();
    } catch (const rtcg::codegen::TemplateError& error) {
        const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
        if (error.line() < 1 || error.line() > lines || error.column() < 1 || error.column() > size + 1) std::abort();
    }
    return 0;
}
