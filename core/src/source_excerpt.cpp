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

} // namespace

std::string source_excerpt(std::string_view source, std::string_view log) {
    // NVRTC writes "name.cu(12): error: ...", clang-based OpenCL compilers (PoCL, NVIDIA)
    // "<source>:12:5: error: ..."; both may also say "warning" or "note".
    static const std::regex located(R"((?:\((\d+)\)|:(\d+):(\d+)):\s*(?:fatal )?(?:error|warning|catastrophic error))");
    std::set<std::pair<std::size_t, std::size_t>> places; // (line, column); column 0 = unknown
    const std::string log_text(log);
    for (auto it = std::sregex_iterator(log_text.begin(), log_text.end(), located); it != std::sregex_iterator(); ++it) {
        const auto& m = *it;
        const std::size_t line = std::stoul(m[1].matched ? m[1].str() : m[2].str());
        const std::size_t column = m[3].matched ? std::stoul(m[3].str()) : 0;
        places.emplace(line, column);
    }
    const auto lines = split_lines(source);
    std::string excerpt;
    for (const auto& [line, column] : places) {
        if (line == 0 || line > lines.size()) continue;
        const std::string number = std::to_string(line);
        const std::string gutter = std::string(std::max<std::size_t>(number.size(), 4) - number.size(), ' ') + number + " | ";
        excerpt += gutter;
        excerpt += lines[line - 1];
        excerpt += '\n';
        if (column > 0) excerpt += std::string(gutter.size() + column - 1, ' ') + "^\n";
    }
    return excerpt;
}

} // namespace rtcg::plugin
