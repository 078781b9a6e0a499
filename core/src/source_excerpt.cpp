// Pulls the source lines a compiler's log points at into the CompileError message, so the user
// sees the offending code next to the diagnostic without counting lines by hand.
#include <rtcg/core/plugin/support.hpp>

#include <algorithm>
#include <regex>
#include <set>
#include <utility>
#include <vector>

namespace rtcg::plugin {
namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) {
            if (start < text.size()) lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

struct SourceLine {
    std::size_t number; // as `#line` directives number it: what the user's source calls it
    std::string_view text;
};

// Every physical line (index = physical number - 1), with its `#line` number. Generated code puts
// a prelude before `#line 1`, so the user's lines keep their own numbers.
std::vector<SourceLine> number_lines(std::string_view source) {
    static const std::regex line_directive(R"(^\s*#\s*line\s+(\d+))");
    std::vector<SourceLine> lines;
    std::size_t number = 1;
    for (const auto text : split_lines(source)) {
        std::match_results<std::string_view::const_iterator> m;
        const bool directive = std::regex_search(text.begin(), text.end(), m, line_directive);
        lines.push_back({number, text});
        number = directive ? std::stoul(m[1].str()) : number + 1;
    }
    return lines;
}

std::string_view trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

// The line a diagnostic at `reported` means. Compilers that honour `#line` (NVRTC, PoCL) report
// the user's number; some (NVIDIA's OpenCL) report the physical line. Where the two readings
// differ, the compiler's own echo of the line (clang-style logs print it under the diagnostic)
// decides; without an echo, the `#line` reading wins.
const SourceLine* resolve(const std::vector<SourceLine>& lines, std::size_t reported, std::string_view echo) {
    const SourceLine* by_directive = nullptr;
    for (const auto& line : lines)
        if (line.number == reported) by_directive = &line; // the last one: the user's, after a prelude
    const SourceLine* physical = reported >= 1 && reported <= lines.size() ? &lines[reported - 1] : nullptr;
    if (!by_directive || !physical || by_directive == physical) return by_directive ? by_directive : physical;
    if (!trimmed(echo).empty() && trimmed(echo) == trimmed(physical->text) && trimmed(echo) != trimmed(by_directive->text))
        return physical;
    return by_directive;
}

// A log of thousands of errors (one per parameter of a kernel with 100,000) would otherwise
// quote thousands of lines: the first ones are what the user reads.
constexpr std::size_t shown_lines = 24;

} // namespace

std::string source_excerpt(std::string_view source, std::string_view log) {
    // Compilers disagree on the shape of a diagnostic: NVRTC writes "kernel.cu(12): error: ...",
    // clang-based OpenCL compilers "<source>:12:5: error: ...", PoCL "error: /path.cl:12:5: ...".
    // So: every log line that reports an error or a warning, and the first location in it.
    static const std::regex severity(R"(\b(error|warning)\b)", std::regex::icase);
    static const std::regex location(R"(\((\d+)\)|:(\d+):(\d+))");
    const auto lines = number_lines(source);
    const auto log_lines = split_lines(log);
    std::set<std::pair<const SourceLine*, std::size_t>> places; // (line, column); column 0 = unknown
    for (std::size_t i = 0; i < log_lines.size(); ++i) {
        const std::string text(log_lines[i]);
        std::smatch m;
        if (!std::regex_search(text, severity) || !std::regex_search(text, m, location)) continue;
        const std::size_t reported = std::stoul(m[1].matched ? m[1].str() : m[2].str());
        const std::size_t column = m[3].matched ? std::stoul(m[3].str()) : 0;
        const std::string_view echo = i + 1 < log_lines.size() ? log_lines[i + 1] : std::string_view();
        if (const SourceLine* line = resolve(lines, reported, echo)) places.emplace(line, column);
    }
    std::string excerpt;
    std::size_t shown = 0;
    for (const auto& [line, column] : places) {
        if (shown++ == shown_lines) {
            excerpt += "     ... and " + std::to_string(places.size() - shown_lines) + " more places the log points at\n";
            break;
        }
        const std::string number = std::to_string(line->number);
        const std::string gutter = std::string(std::max<std::size_t>(number.size(), 4) - number.size(), ' ') + number + " | ";
        excerpt += gutter;
        excerpt += line->text;
        excerpt += '\n';
        if (column > 0) excerpt += std::string(gutter.size() + column - 1, ' ') + "^\n";
    }
    return excerpt;
}

} // namespace rtcg::plugin
