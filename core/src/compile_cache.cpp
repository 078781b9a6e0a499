#include "compile_cache.hpp"

#include "environment.hpp"

#include <rtcg/core/plugin/support.hpp>
#include <rtcg/core/version.hpp>

#include <unistd.h>

#include <cstring>
#include <fstream>
#include <functional>
#include <system_error>
#include <thread>

namespace rtcg::detail {
namespace {

// Entry layout: magic, key digest, payload size (little-endian u64), payload digest, payload.
constexpr char entry_magic[8] = {'R', 'T', 'C', 'G', 'B', 'I', 'N', '1'};
constexpr std::size_t header_size = sizeof(entry_magic) + 32 + 8 + 32;

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
    plugin::logger().warn("compile cache entry {} is damaged ({}); removing it and recompiling", file.string(), why);
    std::error_code ignored;
    std::filesystem::remove(file, ignored);
}

} // namespace

CacheKey make_cache_key(std::string_view backend, std::string_view compiler_identity,
                        const plugin::CompileRequest& request) {
    Sha256 hash;
    hash.update_field("rtcg").update_field(version()).update_field(backend).update_field(compiler_identity);
    hash.update_field(request.debug ? "debug" : "release");
    hash.update_field(std::to_string(request.options.size()));
    for (const auto& option : request.options) hash.update_field(option);
    hash.update_field(request.source);
    CacheKey key;
    key.digest = hash.finish();
    key.hex = Sha256::hex(key.digest);
    return key;
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

std::optional<std::vector<std::byte>> load_cache_entry(const std::filesystem::path& dir, const CacheKey& key) {
    const auto file = cache_entry_path(dir, key);
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    std::vector<char> raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (raw.size() < header_size) {
        discard_damaged(file, "shorter than its header");
        return std::nullopt;
    }
    const char* p = raw.data();
    if (std::memcmp(p, entry_magic, sizeof(entry_magic)) != 0) {
        discard_damaged(file, "not an rtcg cache entry");
        return std::nullopt;
    }
    p += sizeof(entry_magic);
    if (std::memcmp(p, key.digest.data(), 32) != 0) {
        discard_damaged(file, "it holds another key");
        return std::nullopt;
    }
    p += 32;
    std::uint64_t payload_size = 0;
    for (int i = 7; i >= 0; --i) payload_size = (payload_size << 8) | static_cast<unsigned char>(p[i]);
    p += 8;
    if (payload_size != raw.size() - header_size) {
        discard_damaged(file, "its size does not match its header");
        return std::nullopt;
    }
    const char* stored_digest = p;
    p += 32;
    std::vector<std::byte> payload(reinterpret_cast<const std::byte*>(p), reinterpret_cast<const std::byte*>(p) + payload_size);
    const auto digest = Sha256().update(payload).finish();
    if (std::memcmp(stored_digest, digest.data(), 32) != 0) {
        discard_damaged(file, "its checksum does not match");
        return std::nullopt;
    }
    return payload;
}

void store_cache_entry(const std::filesystem::path& dir, const CacheKey& key, std::span<const std::byte> payload) {
    const auto file = cache_entry_path(dir, key);
    std::error_code error;
    std::filesystem::create_directories(file.parent_path(), error);
    if (error) {
        plugin::logger().warn("cannot create compile cache directory {}: {}", file.parent_path().string(), error.message());
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

    // A name no other thread or process uses, in the same directory so that rename is atomic.
    const auto temporary = file.parent_path() /
                           (key.hex + ".tmp." + std::to_string(::getpid()) + "." +
                            std::to_string(std::hash<std::thread::id>{}(std::this_thread::get_id())));
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(entry.data()), static_cast<std::streamsize>(entry.size()));
        if (!out) {
            plugin::logger().warn("cannot write compile cache entry {}", temporary.string());
            out.close();
            std::filesystem::remove(temporary, error);
            return;
        }
    }
    std::filesystem::rename(temporary, file, error);
    if (error) {
        plugin::logger().warn("cannot move compile cache entry into place at {}: {}", file.string(), error.message());
        std::filesystem::remove(temporary, error);
    }
}

} // namespace rtcg::detail

namespace rtcg {

CompileCacheStats compile_cache_stats() noexcept {
    const auto& c = detail::cache_counters();
    return {c.memory_hits.load(), c.disk_hits.load(), c.disk_misses.load(), c.damaged_entries.load(), c.compiles.load()};
}

void reset_compile_cache_stats() noexcept {
    auto& c = detail::cache_counters();
    c.memory_hits = 0;
    c.disk_hits = 0;
    c.disk_misses = 0;
    c.damaged_entries = 0;
    c.compiles = 0;
}

std::optional<std::filesystem::path> compile_cache_directory() { return detail::disk_cache_directory(); }

const char* version() noexcept { return RTCG_VERSION; }

} // namespace rtcg
