#pragma once
// The disk half of the compile cache: one file per compiled program, named by the SHA-256 of
// everything that decides the compiler's output. Files are written to a temporary name and
// renamed into place (atomic on POSIX), so concurrent processes never see half an entry; each
// entry carries its key and a checksum of its payload, so a damaged or foreign file is detected,
// removed and rebuilt rather than trusted. Nothing here throws: a cache that cannot be read or
// written costs a recompile.
#include "sha256.hpp"

#include <rtcg/core/compile_cache.hpp>
#include <rtcg/core/plugin/backend.hpp>

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

struct CacheKey {
    Sha256::Digest digest{};
    std::string hex;
};

CacheKey make_cache_key(std::string_view backend, std::string_view compiler_identity,
                        const plugin::CompileRequest& request);
// The key of a link: every unit's request (as make_cache_key hashes it) or bytes, in order.
CacheKey make_link_cache_key(std::string_view backend, std::string_view compiler_identity,
                             const plugin::LinkRequest& request);

struct CacheCounters {
    std::atomic<std::uint64_t> memory_hits{0}, disk_hits{0}, disk_misses{0}, damaged_entries{0}, compiles{0},
        rejected_binaries{0};
};
CacheCounters& cache_counters() noexcept;

// The directory to use now (environment read on each call, so tests and tools may change it),
// or nullopt when the disk cache is off or unusable.
std::optional<std::filesystem::path> disk_cache_directory();

// The payload stored under `key`, or nullopt when there is none. A damaged entry, or one that
// cannot be read at all (a directory in its place, a permission), is counted, logged, removed
// where it can be, and reported as absent.
std::optional<std::vector<std::byte>> load_cache_entry(const std::filesystem::path& dir, const CacheKey& key) noexcept;

// Counts, logs and removes the entry for `key`: one whose checks passed but whose binary the
// backend would not load.
void discard_cache_entry(const std::filesystem::path& dir, const CacheKey& key, const std::string& why) noexcept;

// Best effort: a cache that cannot be written (a full disk, a permission, a file where a
// directory belongs) only costs a recompile later, so failures are logged, not thrown.
void store_cache_entry(const std::filesystem::path& dir, const CacheKey& key,
                       std::span<const std::byte> payload) noexcept;

// Where an entry lives (for tools and tests).
std::filesystem::path cache_entry_path(const std::filesystem::path& dir, const CacheKey& key);

} // namespace rtcg::detail
