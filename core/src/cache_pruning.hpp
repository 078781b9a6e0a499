#pragma once
// The disk cache's size limit kept while compiling: entries served are marked used, and a store
// that leaves the entries over the limit prunes the least recently used (compile_cache.hpp, the
// public header, says how). Nothing here throws: pruning that fails only leaves the cache larger.
#include <filesystem>

namespace rtcg::detail {

// Marks the entry at `file` as used now, so that pruning removes it last.
void mark_cache_entry_used(const std::filesystem::path& file) noexcept;

// After an entry was stored in `dir`: prunes it to 90% of the limit where it is over, unless
// another process holds the lock (it prunes then).
void prune_after_store(const std::filesystem::path& dir) noexcept;

} // namespace rtcg::detail
