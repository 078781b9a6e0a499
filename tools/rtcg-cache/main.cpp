// rtcg-cache: the disk compile cache from the command line: its statistics, its entries, pruning
// to a size and clearing. The directory is the one compiling uses (RTCG_CACHE_DIR and the
// defaults compile_cache.hpp describes) unless --dir names another.
#include <rtcg/core.hpp>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;

constexpr const char* usage = "usage: rtcg-cache [--dir=DIRECTORY] COMMAND\n"
                              "commands:\n"
                              "  stats                 the directory, its entries' count and bytes, the size limit\n"
                              "  list                  every entry, least recently used first: bytes, age, file\n"
                              "  prune --max-size=SIZE remove the least recently used entries down to SIZE\n"
                              "                        (bytes, or with K, M, G or T); without it, to the limit\n"
                              "  clear                 remove every entry\n";

struct UsageError {
    std::string why;
};

std::string bytes_text(std::uint64_t bytes) {
    const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    double value = static_cast<double>(bytes);
    int unit = 0;
    while (value >= 1024 && unit < 4) {
        value /= 1024;
        ++unit;
    }
    char text[32];
    if (unit == 0) std::snprintf(text, sizeof text, "%llu bytes", static_cast<unsigned long long>(bytes));
    else std::snprintf(text, sizeof text, "%.1f %s", value, units[unit]);
    return text;
}

std::string age_text(fs::file_time_type when) {
    const auto seconds =
        std::chrono::duration_cast<std::chrono::seconds>(fs::file_time_type::clock::now() - when).count();
    if (seconds < 120) return std::to_string(seconds < 0 ? 0 : seconds) + " s";
    if (seconds < 2 * 3600) return std::to_string(seconds / 60) + " min";
    if (seconds < 2 * 86400) return std::to_string(seconds / 3600) + " h";
    return std::to_string(seconds / 86400) + " d";
}

// The bytes of every regular file under `directory` that is not an entry (PoCL's own cache, the
// lock file, writes in progress).
std::uint64_t other_bytes(const fs::path& directory, const std::vector<rtcg::CompileCacheEntry>& entries) {
    std::uint64_t all = 0, listed = 0;
    std::error_code error;
    for (fs::recursive_directory_iterator file(directory, error), end; !error && file != end; file.increment(error)) {
        std::error_code gone;
        if (file->is_regular_file(gone)) all += file->file_size(gone);
    }
    for (const auto& entry : entries) listed += entry.bytes;
    return all > listed ? all - listed : 0;
}

void print_pruning(const rtcg::CompileCachePruning& pruning) {
    std::printf("removed %llu entries (%s); %llu entries (%s) left\n",
                static_cast<unsigned long long>(pruning.removed_entries), bytes_text(pruning.removed_bytes).c_str(),
                static_cast<unsigned long long>(pruning.kept_entries), bytes_text(pruning.kept_bytes).c_str());
}

int stats(const fs::path& directory) {
    const auto entries = rtcg::compile_cache_entries(directory);
    std::uint64_t bytes = 0;
    for (const auto& entry : entries) bytes += entry.bytes;
    const std::uint64_t limit = rtcg::compile_cache_size_limit();
    std::printf("directory     %s\n", directory.c_str());
    std::printf("entries       %zu, %s\n", entries.size(), bytes_text(bytes).c_str());
    std::printf("size limit    %s\n", limit ? bytes_text(limit).c_str() : "none (RTCG_CACHE_MAX_SIZE=0)");
    if (!entries.empty()) {
        std::printf("least recent  %s ago\n", age_text(entries.front().last_used).c_str());
        std::printf("most recent   %s ago\n", age_text(entries.back().last_used).c_str());
    }
    std::printf("other files   %s (not entries: the OpenCL driver's own cache, the lock file)\n",
                bytes_text(other_bytes(directory, entries)).c_str());
    return 0;
}

int list(const fs::path& directory) {
    for (const auto& entry : rtcg::compile_cache_entries(directory))
        std::printf("%12llu  %8s  %s\n", static_cast<unsigned long long>(entry.bytes), age_text(entry.last_used).c_str(),
                    entry.file.c_str());
    return 0;
}

int run(const std::vector<std::string_view>& arguments) {
    std::optional<fs::path> directory;
    std::optional<std::string_view> command, max_size;
    for (const std::string_view argument : arguments) {
        if (argument.starts_with("--dir=")) directory = fs::path(argument.substr(6));
        else if (argument.starts_with("--max-size=")) max_size = argument.substr(11);
        else if (argument == "--help" || argument == "-h") {
            std::fputs(usage, stdout);
            return 0;
        } else if (!command && !argument.starts_with("-")) command = argument;
        else throw UsageError{"unexpected argument '" + std::string(argument) + "'"};
    }
    if (!command) throw UsageError{"no command"};
    if (max_size && *command != "prune") throw UsageError{"--max-size belongs to prune"};
    if (!directory) directory = rtcg::compile_cache_directory();
    if (!directory) throw UsageError{"the disk cache is off (RTCG_NO_CACHE or RTCG_DEBUG): name one with --dir"};

    if (*command == "stats") return stats(*directory);
    if (*command == "list") return list(*directory);
    if (*command == "prune") {
        const std::uint64_t target = max_size ? rtcg::parse_cache_size(*max_size) : rtcg::compile_cache_size_limit();
        print_pruning(rtcg::prune_compile_cache(*directory, target));
        return 0;
    }
    if (*command == "clear") {
        print_pruning(rtcg::clear_compile_cache(*directory));
        return 0;
    }
    throw UsageError{"unknown command '" + std::string(*command) + "'"};
}

} // namespace

int main(int argc, char** argv) {
    try {
        return run(std::vector<std::string_view>(argv + 1, argv + argc));
    } catch (const UsageError& e) {
        std::fprintf(stderr, "rtcg-cache: %s\n%s", e.why.c_str(), usage);
        return 2;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "rtcg-cache: %s\n", e.what());
        return 1;
    }
}
