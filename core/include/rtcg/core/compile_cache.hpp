#pragma once
/// \file
/// Counters and location of the compile cache: an in-process memo per context, and a disk cache
/// shared by processes (RTCG_CACHE_DIR, default $XDG_CACHE_HOME/rtcg or ~/.cache/rtcg;
/// RTCG_NO_CACHE=1 or RTCG_DEBUG=1 bypass the disk). The disk cache stores a compiled binary only
/// once it has loaded back into a module of its own, and serves one only once it loads; an entry
/// that cannot be read, fails its checks or holds a binary the driver rejects is logged, removed
/// and rebuilt. A cache that cannot be read or written never makes compile() throw.
///
/// The disk cache keeps to a size limit (RTCG_CACHE_MAX_SIZE, compile_cache_size_limit()): after
/// each entry it stores, a process that finds the entries over the limit removes the least
/// recently used (stored or served) until they take at most 90% of it, under a lock file in the
/// directory that keeps two processes from pruning at once; a process that finds the lock taken
/// leaves the pruning to its holder. An entry removed while another process reads it costs that
/// process a recompile, nothing more. The `rtcg-cache` tool lists, prunes and clears the cache.
#include <rtcg/core/export.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

namespace rtcg {

/// Counts of the compile cache's outcomes, process-wide.
struct CompileCacheStats {
    std::uint64_t memory_hits = 0;     ///< served by the in-process memo
    std::uint64_t disk_hits = 0;       ///< loaded from a disk entry
    std::uint64_t disk_misses = 0;     ///< no usable disk entry
    std::uint64_t damaged_entries = 0; ///< disk entries that could not be read, failed their check or
                                       ///< held a binary the driver rejected; removed and rebuilt
    std::uint64_t compiles = 0;        ///< builds from source
    std::uint64_t rejected_binaries = 0; ///< compiled binaries that did not load back, so were not stored
};

/// Process-wide totals since start (or since reset).
RTCG_API CompileCacheStats compile_cache_stats() noexcept;
/// Sets every count of compile_cache_stats() to zero.
RTCG_API void reset_compile_cache_stats() noexcept;

/// The disk cache directory in use, or nullopt when the disk cache is off.
RTCG_API std::optional<std::filesystem::path> compile_cache_directory();

/// The most bytes the disk cache's entries may take: RTCG_CACHE_MAX_SIZE, or 1 GiB where it is
/// unset; 0 means no limit. Throws InvalidArgument naming the variable where its value is not a
/// size (parse_cache_size); compiling never throws for it, but logs a warning and keeps 1 GiB.
RTCG_API std::uint64_t compile_cache_size_limit();

/// A size as RTCG_CACHE_MAX_SIZE and `rtcg-cache prune --max-size` take it: a whole number of
/// bytes, or one followed by K, M, G or T (powers of 1024; "KB", "KiB" and lower case alike).
/// Throws InvalidArgument for anything else, or a size past 2^64 - 1 bytes.
RTCG_API std::uint64_t parse_cache_size(std::string_view text);

/// One compiled program stored in the disk cache.
struct CompileCacheEntry {
    std::filesystem::path file;                ///< where it is stored
    std::uint64_t bytes = 0;                   ///< its size on disk
    std::filesystem::file_time_type last_used; ///< when it was last stored or served
};

/// The entries in `directory`, least recently used first; none where the directory does not
/// exist. Other files there (PoCL's own cache, a lock file, partly written entries) are not
/// entries. Throws Error where the directory cannot be read.
RTCG_API std::vector<CompileCacheEntry> compile_cache_entries(const std::filesystem::path& directory);

/// What a pruning removed and what it left.
struct CompileCachePruning {
    std::uint64_t removed_entries = 0; ///< entries removed
    std::uint64_t removed_bytes = 0;   ///< their bytes
    std::uint64_t kept_entries = 0;    ///< entries left
    std::uint64_t kept_bytes = 0;      ///< their bytes
};

/// Removes the least recently used entries of `directory` until the rest take at most
/// `max_bytes`, and leftovers of writes that a crash cut short (older than an hour). Waits for
/// the cache's lock, which a process pruning after a store holds for a moment. Throws Error
/// where the directory cannot be read or an entry cannot be removed.
RTCG_API CompileCachePruning prune_compile_cache(const std::filesystem::path& directory, std::uint64_t max_bytes);

/// Removes every entry of `directory` (prune_compile_cache to 0 bytes).
RTCG_API CompileCachePruning clear_compile_cache(const std::filesystem::path& directory);

} // namespace rtcg
