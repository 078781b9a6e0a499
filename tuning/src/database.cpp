#include "flat_json.hpp"

#include <rtcg/core/compile_cache.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/json_text.hpp>
#include <rtcg/core/plugin/support.hpp>
#include <rtcg/tuning/database.hpp>

#include <unistd.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <system_error>
#include <variant>
#include <vector>

namespace rtcg::tuning {
namespace {

// The entry's format, and its version: a reader skips an entry of another version.
constexpr const char* format_name = "rtcg_tuning_entry";
constexpr double format_version = 1;
// Entries are a few hundred bytes; anything much larger is not one.
constexpr std::uintmax_t max_entry_bytes = 1 << 16;

std::vector<std::pair<const char*, const std::string*>> key_fields(const TuningKey& key) {
    return {{"backend", &key.backend}, {"platform", &key.platform}, {"device", &key.device},
            {"architecture", &key.architecture}, {"driver", &key.driver}, {"kernel", &key.kernel},
            {"size_class", &key.size_class}};
}

// One member per line, so that a person can read, diff and edit an entry.
std::string entry_text(const TuningKey& key, const TuningEntry& entry) {
    char number[32];
    const auto line = [](const char* name, const std::string& value) {
        return std::string("  ") + rtcg::json_quoted(name) + ": " + value;
    };
    std::snprintf(number, sizeof number, "%.17g", format_version);
    std::string text = "{\n" + line(format_name, number);
    for (const auto& [name, value] : key_fields(key)) text += ",\n" + line(name, rtcg::json_quoted(*value));
    text += ",\n" + line("configuration", rtcg::json_quoted(entry.configuration));
    std::snprintf(number, sizeof number, "%.17g", entry.time_ms);
    return text + ",\n" + line("time_ms", number) + "\n}\n";
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

// The member `name` of `object` if it holds a `T`.
template <class T>
const T* member(const detail::FlatJsonObject& object, std::string_view name) {
    const auto found = object.find(name);
    return found == object.end() ? nullptr : std::get_if<T>(&found->second);
}

// The entry in `text`, or why it is unusable. Members other than the entry's own are ignored,
// so that a person may annotate an entry.
std::variant<TuningEntry, std::string> parse_entry(const std::string& text, const TuningKey& key) {
    auto parsed = detail::parse_flat_json(text);
    if (auto* why = std::get_if<std::string>(&parsed)) return "it is not a JSON object (" + *why + ")";
    const auto& object = std::get<detail::FlatJsonObject>(parsed);
    const double* version = member<double>(object, format_name);
    if (!version) return std::string("it has no number \"") + format_name + "\"";
    if (*version != format_version) {
        char printed[32];
        std::snprintf(printed, sizeof printed, "%g", *version);
        return std::string("it is of format version ") + printed + ", not " + std::to_string(int(format_version));
    }
    for (const auto& [name, expected] : key_fields(key)) {
        const std::string* value = member<std::string>(object, name);
        if (!value) return std::string("it has no string \"") + name + "\"";
        if (*value != *expected) return std::string("it was written for another key (") + name + " '" + *value + "')";
    }
    const std::string* configuration = member<std::string>(object, "configuration");
    if (!configuration) return std::string("it has no string \"configuration\"");
    const double* time_ms = member<double>(object, "time_ms");
    if (!time_ms) return std::string("it has no number \"time_ms\"");
    return TuningEntry{*configuration, *time_ms};
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
    for (const auto& [name, value] : key_fields(key)) identity += std::string(name) + '=' + *value + '\n';
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a(identity)));
    return directory_ / (file_name_part(key.kernel) + "." + hash + ".json");
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

    if (!std::isfinite(entry.time_ms))
        throw InvalidArgument("the time " + std::to_string(entry.time_ms) + " ms is not a finite number", where);
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
