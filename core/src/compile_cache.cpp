#include "compile_cache.hpp"

#include "cache_file.hpp"
#include "cache_pruning.hpp"
#include "environment.hpp"
#include "include_dependencies.hpp"

#include <rtcg/core/plugin/support.hpp>
#include <rtcg/core/version.hpp>

#include <cstring>
#include <system_error>

namespace rtcg::detail {
namespace {

// Entry layout: magic, key digest, payload size (little-endian u64), payload digest, payload.
constexpr char entry_magic[8] = {'R', 'T', 'C', 'G', 'B', 'I', 'N', '1'};
constexpr std::size_t header_size = sizeof(entry_magic) + 32 + 8 + 32;
// Compiled programs run to megabytes. A larger file is no entry rtcg wrote, and reading it whole
// would only exhaust memory.
constexpr std::size_t max_entry_bytes = std::size_t{1} << 30;

void append(std::vector<std::byte>& out, const void* data, std::size_t size) {
    const auto* bytes = static_cast<const std::byte*>(data);
    out.insert(out.end(), bytes, bytes + size);
}

std::optional<std::filesystem::path> default_directory() {
    if (auto dir = env_string(cache_dir_variable)) return std::filesystem::path(*dir);
    if (auto xdg = env_string("XDG_CACHE_HOME")) return std::filesystem::path(*xdg) / "rtcg";
    if (auto home = env_string("HOME")) return std::filesystem::path(*home) / ".cache" / "rtcg";
    return std::nullopt;
}

void discard_damaged(const std::filesystem::path& file, const std::string& why) {
    ++cache_counters().damaged_entries;
    std::error_code error;
    std::filesystem::remove(file, error);
    if (!error)
        plugin::logger().warn("compile cache entry {} is damaged ({}); removing it and recompiling", file.string(),
                              why);
    else
        plugin::logger().warn("compile cache entry {} is damaged ({}) and cannot be removed ({}); recompiling",
                              file.string(), why, error.message());
}

// A cache that cannot be written fails alike for every program, so only the first failure in a
// process is a warning.
void report_store_failure(const std::string& what) {
    static std::atomic<bool> warned{false};
    if (!warned.exchange(true))
        plugin::logger().warn("{}; programs are compiled again instead (later failures to write the compile cache "
                              "are logged at debug level)",
                              what);
    else
        plugin::logger().debug("{}", what);
}

std::uint64_t read_u64_le(const std::byte* p) {
    std::uint64_t value = 0;
    for (int i = 7; i >= 0; --i) value = (value << 8) | std::to_integer<std::uint64_t>(p[i]);
    return value;
}

// The payload of a whole entry for `key`, or why it is not one.
std::optional<std::vector<std::byte>> checked_payload(const std::vector<std::byte>& raw, const CacheKey& key,
                                                      std::string& why) {
    if (raw.size() < header_size) {
        why = "shorter than its header";
        return std::nullopt;
    }
    const std::byte* p = raw.data();
    if (std::memcmp(p, entry_magic, sizeof(entry_magic)) != 0) {
        why = "not an rtcg cache entry";
        return std::nullopt;
    }
    p += sizeof(entry_magic);
    if (std::memcmp(p, key.digest.data(), 32) != 0) {
        why = "it holds another key";
        return std::nullopt;
    }
    p += 32;
    const std::uint64_t payload_size = read_u64_le(p);
    p += 8;
    if (payload_size != raw.size() - header_size) {
        why = "its size does not match its header";
        return std::nullopt;
    }
    const std::byte* stored_digest = p;
    p += 32;
    std::vector<std::byte> payload(p, p + payload_size);
    const auto digest = Sha256().update(payload).finish();
    if (std::memcmp(stored_digest, digest.data(), 32) != 0) {
        why = "its checksum does not match";
        return std::nullopt;
    }
    return payload;
}

} // namespace

namespace {

// Everything of one compile request that decides the compiler's output, after what the caller hashed.
void hash_request(Sha256& hash, const plugin::CompileRequest& request) {
    hash.update_field(std::to_string(request.options.size()));
    for (const auto& option : request.options) hash.update_field(option);
    hash.update_field(request.source);
    hash.update_field(std::to_string(request.headers.size()));
    for (const auto& [name, contents] : request.headers) hash.update_field(name).update_field(contents);
    // Files from the include directories, by where they were found and what they hold; headers
    // of the map are in the key above already.
    for (const auto& file : included_files(request)) {
        if (file.location.rfind("map:", 0) == 0) continue;
        hash.update_field(file.name).update_field(file.location.empty() ? "missing" : file.location);
        if (!file.location.empty()) hash.update_field(file.contents);
    }
}

Sha256 start_key(std::string_view backend, std::string_view compiler_identity, bool debug) {
    Sha256 hash;
    hash.update_field("rtcg").update_field(version()).update_field(backend).update_field(compiler_identity);
    hash.update_field(debug ? "debug" : "release");
    return hash;
}

CacheKey finish_key(Sha256& hash) {
    CacheKey key;
    key.digest = hash.finish();
    key.hex = Sha256::hex(key.digest);
    return key;
}

} // namespace

CacheKey make_cache_key(std::string_view backend, std::string_view compiler_identity,
                        const plugin::CompileRequest& request) {
    Sha256 hash = start_key(backend, compiler_identity, request.debug);
    hash_request(hash, request);
    return finish_key(hash);
}

CacheKey make_link_cache_key(std::string_view backend, std::string_view compiler_identity,
                             const plugin::LinkRequest& request) {
    Sha256 hash = start_key(backend, compiler_identity, request.debug);
    // A field no compile key starts with, so that a link of one unit never shares a compile's key.
    hash.update_field("link").update_field(std::to_string(request.units.size()));
    for (const auto& unit : request.units) {
        if (unit.is_binary()) {
            hash.update_field("binary").update_field(
                std::string_view(reinterpret_cast<const char*>(unit.binary.data()), unit.binary.size()));
        } else {
            hash.update_field("source").update_field(unit.request.debug ? "debug" : "release");
            hash_request(hash, unit.request);
        }
    }
    return finish_key(hash);
}

CacheCounters& cache_counters() noexcept {
    static CacheCounters counters;
    return counters;
}

std::optional<std::filesystem::path> disk_cache_directory() {
    if (env_flag(no_cache_variable) || env_flag(debug_variable)) return std::nullopt;
    return default_directory();
}

std::filesystem::path cache_entry_path(const std::filesystem::path& dir, const CacheKey& key) {
    // Two-character fan-out keeps directories small for caches with many entries.
    return dir / key.hex.substr(0, 2) / (key.hex + ".bin");
}

std::optional<std::vector<std::byte>> load_cache_entry(const std::filesystem::path& dir, const CacheKey& key) noexcept {
    try {
        const auto file = cache_entry_path(dir, key);
        auto contents = read_whole_file(file, max_entry_bytes);
        if (contents.status == FileContents::Status::absent) return std::nullopt;
        if (contents.status == FileContents::Status::unreadable) {
            discard_damaged(file, contents.why);
            return std::nullopt;
        }
        std::string why;
        auto payload = checked_payload(contents.bytes, key, why);
        if (!payload) discard_damaged(file, why);
        else mark_cache_entry_used(file);
        return payload;
    } catch (const std::exception&) {
        return std::nullopt; // out of memory: a miss, like any entry that cannot be read
    }
}

void discard_cache_entry(const std::filesystem::path& dir, const CacheKey& key, const std::string& why) noexcept {
    try {
        discard_damaged(cache_entry_path(dir, key), why);
    } catch (const std::exception&) {
        // Out of memory: the entry stays, and is checked again when next read.
    }
}

void store_cache_entry(const std::filesystem::path& dir, const CacheKey& key,
                       std::span<const std::byte> payload) noexcept {
    try {
        const auto file = cache_entry_path(dir, key);
        if (payload.size() > max_entry_bytes - header_size) {
            report_store_failure("compile cache entry " + file.string() + " is not written: its " +
                                 std::to_string(payload.size()) + "-byte binary exceeds the largest entry");
            return;
        }
        std::error_code error;
        std::filesystem::create_directories(file.parent_path(), error);
        if (error) {
            report_store_failure("cannot create compile cache directory " + file.parent_path().string() + ": " +
                                 error.message());
            return;
        }
        std::vector<std::byte> entry;
        entry.reserve(header_size + payload.size());
        append(entry, entry_magic, sizeof(entry_magic));
        append(entry, key.digest.data(), key.digest.size());
        std::uint8_t size_bytes[8];
        for (int i = 0; i < 8; ++i) size_bytes[i] = std::uint8_t(std::uint64_t(payload.size()) >> (8 * i));
        append(entry, size_bytes, sizeof(size_bytes));
        const auto digest = Sha256().update(payload).finish();
        append(entry, digest.data(), digest.size());
        entry.insert(entry.end(), payload.begin(), payload.end());
        if (auto failure = replace_file(file, entry)) report_store_failure("cannot write compile cache entry: " + *failure);
        else prune_after_store(dir);
    } catch (const std::exception& e) {
        plugin::logger().debug("compile cache entry not written: {}", e.what());
    }
}

} // namespace rtcg::detail

namespace rtcg {

CompileCacheStats compile_cache_stats() noexcept {
    const auto& c = detail::cache_counters();
    return {c.memory_hits.load(),     c.disk_hits.load(), c.disk_misses.load(),
            c.damaged_entries.load(), c.compiles.load(),  c.rejected_binaries.load()};
}

void reset_compile_cache_stats() noexcept {
    auto& c = detail::cache_counters();
    c.memory_hits = 0;
    c.disk_hits = 0;
    c.disk_misses = 0;
    c.damaged_entries = 0;
    c.compiles = 0;
    c.rejected_binaries = 0;
}

std::optional<std::filesystem::path> compile_cache_directory() { return detail::disk_cache_directory(); }

const char* version() noexcept { return RTCG_VERSION; }

} // namespace rtcg
