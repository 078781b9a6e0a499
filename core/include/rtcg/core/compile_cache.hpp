#pragma once
/// \file
/// Counters and location of the compile cache: an in-process memo per context, and a disk cache
/// shared by processes (RTCG_CACHE_DIR, default $XDG_CACHE_HOME/rtcg or ~/.cache/rtcg;
/// RTCG_NO_CACHE=1 or RTCG_DEBUG=1 bypass the disk). The disk cache stores a compiled binary only
/// once it has loaded back into a module of its own, and serves one only once it loads; an entry
/// that cannot be read, fails its checks or holds a binary the driver rejects is logged, removed
/// and rebuilt. A cache that cannot be read or written never makes compile() throw.
#include <rtcg/core/export.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>

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

} // namespace rtcg
