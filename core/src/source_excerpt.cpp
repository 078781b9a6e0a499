// Pulls the source lines a compiler's log points at into the CompileError message, so the user
// sees the offending code next to the diagnostic without counting lines by hand.
#include <rtcg/core/plugin/support.hpp>

#include <algorithm>
#include <map>
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

// Source lines by the number a compiler gives them, following `#line N` directives (generated
// code puts a prelude before `#line 1`). Where two lines share a number, the later one wins:
// it is the user's source, after the prelude.
std::map<std::size_t, std::string_view> numbered_lines(std::string_view source) {
    static const std::regex line_directive(R"(^\s*#\s*line\s+(\d+))");
    std::map<std::size_t, std::string_view> numbered;
    std::size_t number = 1;
    for (const auto text : split_lines(source)) {
        std::match_results<std::string_view::const_iterator> m;
        if (std::regex_search(text.begin(), text.end(), m, line_directive)) {
            number = std::stoul(m[1].str());
            continue;
        }
        numbered[number++] = text;
    }
    return numbered;
}

} // namespace

std::string source_excerpt(std::string_view source, std::string_view log) {
    // Compilers disagree on the shape of a diagnostic: NVRTC writes "kernel.cu(12): error: ...",
    // clang-based OpenCL compilers "<source>:12:5: error: ...", PoCL "error: /path.cl:12:5: ...".
    // So: every log line that reports an error or a warning, and the first location in it.
    static const std::regex severity(R"(\b(error|warning)\b)", std::regex::icase);
    static const std::regex location(R"(\((\d+)\)|:(\d+):(\d+))");
    std::set<std::pair<std::size_t, std::size_t>> places; // (line, column); column 0 = unknown
    for (const auto log_line : split_lines(log)) {
        const std::string text(log_line);
        std::smatch m;
        if (!std::regex_search(text, severity) || !std::regex_search(text, m, location)) continue;
        const std::size_t line = std::stoul(m[1].matched ? m[1].str() : m[2].str());
        const std::size_t column = m[3].matched ? std::stoul(m[3].str()) : 0;
        places.emplace(line, column);
    }
    const auto lines = numbered_lines(source);
    std::string excerpt;
    for (const auto& [line, column] : places) {
        const auto found = lines.find(line);
        if (found == lines.end()) continue;
        const std::string number = std::to_string(line);
        const std::string gutter = std::string(std::max<std::size_t>(number.size(), 4) - number.size(), ' ') + number + " | ";
        excerpt += gutter;
        excerpt += found->second;
        excerpt += '\n';
        if (column > 0) excerpt += std::string(gutter.size() + column - 1, ' ') + "^\n";
    }
    return excerpt;
}

} // namespace rtcg::plugin
