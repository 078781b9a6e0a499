#include "include_dependencies.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>

namespace rtcg::detail {
namespace {

// How deep includes are followed: deeper than any real program, and a bound on a header that
// includes itself without a guard.
constexpr std::size_t max_depth = 64;

struct IncludeLine {
    std::string name;
    bool quoted = false;
};

std::string_view skip_blanks(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    return text;
}

// The name of an `#include "name"` or `#include <name>` line; nullopt for any other line.
std::optional<IncludeLine> include_of(std::string_view line) {
    line = skip_blanks(line);
    if (line.empty() || line.front() != '#') return std::nullopt;
    line = skip_blanks(line.substr(1));
    constexpr std::string_view directive = "include";
    if (line.substr(0, directive.size()) != directive) return std::nullopt;
    line = skip_blanks(line.substr(directive.size()));
    if (line.empty() || (line.front() != '"' && line.front() != '<')) return std::nullopt;
    const char close = line.front() == '"' ? '"' : '>';
    const auto end = line.find(close, 1);
    if (end == std::string_view::npos || end == 1) return std::nullopt;
    return IncludeLine{std::string(line.substr(1, end - 1)), close == '"'};
}

std::optional<std::string> read_file(const std::filesystem::path& path) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) return std::nullopt;
    std::ifstream file(path, std::ios::binary);
    if (!file) return std::nullopt;
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

class Scanner {
public:
    explicit Scanner(const plugin::CompileRequest& request)
        : request_(request), directories_(include_directories(request.options)) {}

    void scan(const std::string& text, const std::filesystem::path& beside, std::size_t depth) {
        if (depth > max_depth) return;
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);) {
            const auto include = include_of(line);
            if (include) follow(*include, beside, depth);
        }
    }

    std::vector<IncludedFile> files;

private:
    void follow(const IncludeLine& include, const std::filesystem::path& beside, std::size_t depth) {
        IncludedFile found = resolve(include, beside);
        // A header seen before is counted once; its includes were followed then.
        if (!seen_.insert(found.location.empty() ? "missing:" + found.name : found.location).second) return;
        const std::filesystem::path next =
            found.location.rfind("map:", 0) == 0 || found.location.empty()
                ? std::filesystem::path()
                : std::filesystem::path(found.location).parent_path();
        const std::string contents = found.contents;
        files.push_back(std::move(found));
        scan(contents, next, depth + 1);
    }

    IncludedFile resolve(const IncludeLine& include, const std::filesystem::path& beside) const {
        if (include.quoted && !beside.empty())
            if (auto contents = read_file(beside / include.name))
                return {include.name, (beside / include.name).lexically_normal().string(), std::move(*contents)};
        for (const auto& [name, contents] : request_.headers)
            if (name == include.name) return {include.name, "map:" + name, contents};
        for (const auto& directory : directories_) {
            const auto path = std::filesystem::path(directory) / include.name;
            if (auto contents = read_file(path)) return {include.name, path.lexically_normal().string(), std::move(*contents)};
        }
        return {include.name, {}, {}};
    }

    const plugin::CompileRequest& request_;
    const std::vector<std::string> directories_;
    std::set<std::string> seen_;
};

} // namespace

std::vector<std::string> include_directories(const std::vector<std::string>& options) {
    std::vector<std::string> directories;
    constexpr std::string_view nvrtc_form = "--include-path=";
    for (std::size_t index = 0; index < options.size(); ++index) {
        const std::string_view option = options[index];
        if (option == "-I") {
            if (index + 1 < options.size()) directories.push_back(options[++index]);
        } else if (option.substr(0, 2) == "-I") {
            directories.emplace_back(skip_blanks(option.substr(2)));
        } else if (option.substr(0, nvrtc_form.size()) == nvrtc_form) {
            directories.emplace_back(option.substr(nvrtc_form.size()));
        }
    }
    return directories;
}

std::vector<IncludedFile> included_files(const plugin::CompileRequest& request) {
    Scanner scanner(request);
    scanner.scan(request.source, {}, 0);
    return std::move(scanner.files);
}

} // namespace rtcg::detail
