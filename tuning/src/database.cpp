#include <rtcg/core/compile_cache.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>
#include <rtcg/tuning/database.hpp>

#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <system_error>
#include <variant>
#include <vector>

namespace rtcg::tuning {
namespace {

constexpr const char* header = "rtcg-tuning-entry 1";
constexpr const char* footer = "end";
// Entries are a few hundred bytes; anything much larger is not one.
constexpr std::uintmax_t max_entry_bytes = 1 << 16;

// Fields are single lines; a line break in a device name must not split the record.
std::string one_line(std::string text) {
    for (char& c : text)
        if (c == '\n' || c == '\r') c = ' ';
    return text;
}

std::vector<std::pair<const char*, std::string>> key_fields(const TuningKey& key) {
    return {{"backend", one_line(key.backend)},   {"platform", one_line(key.platform)},
            {"device", one_line(key.device)},     {"architecture", one_line(key.architecture)},
            {"driver", one_line(key.driver)},     {"kernel", one_line(key.kernel)},
            {"size_class", one_line(key.size_class)}};
}

std::string entry_text(const TuningKey& key, const TuningEntry& entry) {
    std::string text = std::string(header) + '\n';
    for (const auto& [name, value] : key_fields(key)) text += std::string(name) + '=' + value + '\n';
    char time[32];
    std::snprintf(time, sizeof time, "%.17g", entry.time_ms);
    text += "configuration=" + one_line(entry.configuration) + '\n';
    text += std::string("time_ms=") + time + '\n';
    return text + footer + '\n';
}

// FNV-1a: file names need spreading, not secrecy; the file repeats the whole key, which is
// compared on reading, so a collision is a miss, never a wrong answer.
std::uint64_t fnv1a(std::string_view text) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (const unsigned char c : text) hash = (hash ^ c) * 0x100000001b3ULL;
    return hash;
}

std::string file_name_part(std::string_view text) {
    std::string part;
    for (const char c : text) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                           c == '-';
        part += plain ? c : '_';
        if (part.size() == 40) break;
    }
    return part;
}

// The value of `line` if it is "name=value", else nullopt.
std::optional<std::string> field(const std::string& line, std::string_view name) {
    if (line.size() <= name.size() || line.compare(0, name.size(), name) != 0 || line[name.size()] != '=')
        return std::nullopt;
    return line.substr(name.size() + 1);
}

// The entry in `text`, or why it is unusable.
std::variant<TuningEntry, std::string> parse_entry(const std::string& text, const TuningKey& key) {
    const std::string ending = std::string("\n") + footer + "\n";
    if (text.size() < ending.size() || text.compare(text.size() - ending.size(), ending.size(), ending) != 0)
        return std::string("it does not end with '") + footer + "' (truncated or appended to)";
    std::istringstream lines(text);
    std::string line;
    if (!std::getline(lines, line) || line != header) return std::string("it does not start with '") + header + "'";
    for (const auto& [name, expected] : key_fields(key)) {
        if (!std::getline(lines, line)) return std::string("it ends before '") + name + "'";
        const auto value = field(line, name);
        if (!value) return std::string("'") + name + "' is missing";
        if (*value != expected) return std::string("it was written for another key (") + name + " '" + *value + "')";
    }
    TuningEntry entry;
    if (!std::getline(lines, line) || !field(line, "configuration")) return std::string("'configuration' is missing");
    entry.configuration = *field(line, "configuration");
    if (!std::getline(lines, line) || !field(line, "time_ms")) return std::string("'time_ms' is missing");
    const std::string time = *field(line, "time_ms");
    char* end = nullptr;
    entry.time_ms = std::strtod(time.c_str(), &end);
    if (time.empty() || end != time.c_str() + time.size()) return "time_ms '" + time + "' is not a number";
    if (!std::getline(lines, line) || line != footer || std::getline(lines, line))
        return std::string("it does not end with '") + footer + "' (truncated or appended to)";
    return entry;
}

std::string unique_suffix() {
    static std::atomic<std::uint64_t> counter{0};
    return std::to_string(::getpid()) + "." + std::to_string(counter++);
}

} // namespace

TuningKey TuningKey::of(const DeviceInfo& device, std::string kernel, std::string size_class) {
    return TuningKey{device.backend, device.platform,   device.name,          device.architecture,
                     device.driver_version, std::move(kernel), std::move(size_class)};
}

TuningDatabase::TuningDatabase(std::filesystem::path directory) : directory_(std::move(directory)) {}

std::optional<TuningDatabase> TuningDatabase::default_location() {
    const auto cache = compile_cache_directory();
    if (!cache) return std::nullopt;
    return TuningDatabase(*cache / "tuning");
}

std::filesystem::path TuningDatabase::path_of(const TuningKey& key) const {
    std::string identity;
    for (const auto& [name, value] : key_fields(key)) identity += std::string(name) + '=' + value + '\n';
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a(identity)));
    return directory_ / (file_name_part(key.kernel) + "." + hash + ".tuning");
}

std::optional<TuningEntry> TuningDatabase::find(const TuningKey& key) const {
    const auto path = path_of(key);
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    if (error) return std::nullopt; // no entry (or nothing readable, which is the same to us)
    auto& log = plugin::logger();
    if (size > max_entry_bytes) {
        log.warn("ignoring tuning database entry {}: {} bytes is too large for an entry", path.string(), size);
        return std::nullopt;
    }
    std::ifstream file(path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (!file.good() && !file.eof()) {
        log.warn("ignoring tuning database entry {}: it cannot be read", path.string());
        return std::nullopt;
    }
    auto parsed = parse_entry(text, key);
    if (auto* why = std::get_if<std::string>(&parsed)) {
        log.warn("ignoring tuning database entry {}: {}", path.string(), *why);
        return std::nullopt;
    }
    return std::get<TuningEntry>(std::move(parsed));
}

void TuningDatabase::store(const TuningKey& key, const TuningEntry& entry) const {
    constexpr const char* where = "tuning::TuningDatabase::store";
    std::error_code error;
    std::filesystem::create_directories(directory_, error);
    if (error) throw Error("cannot create " + directory_.string() + ": " + error.message(), where);

    const auto path = path_of(key);
    auto temporary = path;
    temporary += ".tmp." + unique_suffix();
    const std::string text = entry_text(key, entry);
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        file.write(text.data(), static_cast<std::streamsize>(text.size()));
        file.close();
        if (!file) {
            std::filesystem::remove(temporary, error);
            throw Error("cannot write " + temporary.string(), where);
        }
    }
    // rename() replaces atomically: readers see the old entry or the new one, never a mix.
    std::filesystem::rename(temporary, path, error);
    if (error) {
        const std::string why = "cannot rename " + temporary.string() + " to " + path.string() + ": " + error.message();
        std::filesystem::remove(temporary, error);
        throw Error(why, where);
    }
}

} // namespace rtcg::tuning
