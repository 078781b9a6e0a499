// Listing and pruning the disk cache: its entries are the files <2 hex>/<64 hex>.bin that
// store_cache_entry writes; the least recently used go first, where "used" is the file's
// modification time, which a store sets and a hit renews.
#include "cache_pruning.hpp"

#include <rtcg/core/compile_cache.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <system_error>

namespace rtcg {
namespace {

namespace fs = std::filesystem;

// A write that a crash cut short leaves "<entry>.tmp.<pid>.<random>"; one this old is no live
// write's.
constexpr auto abandoned_after = std::chrono::hours(1);

bool is_hex(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// Whether `name`, in the fan-out directory `fan`, is an entry's file name.
bool is_entry_name(std::string_view fan, std::string_view name) {
    constexpr std::size_t hex_digits = 64;
    return name.size() == hex_digits + 4 && name.substr(hex_digits) == ".bin" && is_hex(name.substr(0, hex_digits)) &&
           name.substr(0, 2) == fan;
}

bool is_abandoned_write(std::string_view fan, std::string_view name) {
    const std::size_t mark = name.find(".bin.tmp.");
    return mark != std::string_view::npos && is_entry_name(fan, name.substr(0, mark + 4));
}

Error directory_error(const fs::path& directory, const std::error_code& error) {
    return Error("cannot read the compile cache directory " + directory.string() + ": " + error.message(),
                 "compile cache");
}

// The fan-out directories' entries, and the abandoned writes beside them.
struct Listing {
    std::vector<CompileCacheEntry> entries; // least recently used first
    std::vector<fs::path> abandoned;
};

Listing list(const fs::path& directory) {
    Listing listing;
    std::error_code error;
    if (!fs::exists(directory, error)) {
        if (error) throw directory_error(directory, error);
        return listing;
    }
    const auto stale_before = fs::file_time_type::clock::now() - abandoned_after;
    for (fs::directory_iterator fan(directory, error), end; !error && fan != end; fan.increment(error)) {
        const std::string fan_name = fan->path().filename().string();
        if (fan_name.size() != 2 || !is_hex(fan_name) || !fan->is_directory(error)) continue;
        for (fs::directory_iterator file(fan->path(), error); !error && file != end; file.increment(error)) {
            const std::string name = file->path().filename().string();
            std::error_code gone; // removed by another process since listed: not counted
            if (!file->is_regular_file(gone)) continue;
            const auto modified = file->last_write_time(gone);
            const auto bytes = file->file_size(gone);
            if (gone) continue;
            if (is_entry_name(fan_name, name)) listing.entries.push_back({file->path(), bytes, modified});
            else if (is_abandoned_write(fan_name, name) && modified < stale_before) listing.abandoned.push_back(file->path());
        }
    }
    if (error) throw directory_error(directory, error);
    std::sort(listing.entries.begin(), listing.entries.end(),
              [](const CompileCacheEntry& a, const CompileCacheEntry& b) { return a.last_used < b.last_used; });
    return listing;
}

// An exclusive flock on "<directory>/lock", released when destroyed. Only pruning takes it:
// readers and writers of entries need none (entries are replaced by rename).
class PruneLock {
public:
    PruneLock(const fs::path& directory, bool wait) {
        const fs::path file = directory / "lock";
        fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
        if (fd_ < 0) {
            error_ = errno;
            return;
        }
        int result;
        do result = ::flock(fd_, LOCK_EX | (wait ? 0 : LOCK_NB));
        while (result != 0 && errno == EINTR);
        if (result != 0) {
            error_ = errno;
            ::close(fd_);
            fd_ = -1;
        }
    }
    ~PruneLock() {
        if (fd_ >= 0) ::close(fd_); // closing releases the lock
    }
    PruneLock(const PruneLock&) = delete;
    PruneLock& operator=(const PruneLock&) = delete;

    bool held() const noexcept { return fd_ >= 0; }
    // Why it is not held: another holder (EWOULDBLOCK) or the file's errno.
    int error() const noexcept { return error_; }

private:
    int fd_ = -1;
    int error_ = 0;
};

// Removes least recently used entries until the rest take at most `target` bytes.
CompileCachePruning prune_listed(Listing listing, std::uint64_t target) {
    CompileCachePruning result;
    for (const CompileCacheEntry& entry : listing.entries) result.kept_bytes += entry.bytes;
    result.kept_entries = listing.entries.size();
    for (const fs::path& file : listing.abandoned) {
        std::error_code ignored; // another process may clear it first
        fs::remove(file, ignored);
    }
    for (const CompileCacheEntry& entry : listing.entries) {
        if (result.kept_bytes <= target) break;
        std::error_code error;
        const bool removed = fs::remove(entry.file, error);
        if (error) throw Error("cannot remove compile cache entry " + entry.file.string() + ": " + error.message(),
                               "compile cache");
        --result.kept_entries;
        result.kept_bytes -= entry.bytes;
        if (removed) { // else another process removed it first
            ++result.removed_entries;
            result.removed_bytes += entry.bytes;
        }
    }
    return result;
}

// The limit for pruning after a store: a malformed RTCG_CACHE_MAX_SIZE must not make compiling
// throw, so it is reported once and the default kept.
std::uint64_t limit_for_stores() noexcept {
    try {
        return compile_cache_size_limit();
    } catch (const Error& e) {
        static std::atomic<bool> warned{false};
        if (!warned.exchange(true)) plugin::logger().warn("{}; the compile cache keeps to 1 GiB", e.what());
        return std::uint64_t{1} << 30;
    }
}

} // namespace

std::vector<CompileCacheEntry> compile_cache_entries(const fs::path& directory) { return list(directory).entries; }

CompileCachePruning prune_compile_cache(const fs::path& directory, std::uint64_t max_bytes) {
    std::error_code error;
    if (!fs::exists(directory, error)) {
        if (error) throw directory_error(directory, error);
        return {};
    }
    const PruneLock lock(directory, true);
    if (!lock.held())
        throw Error("cannot lock the compile cache " + directory.string() + ": " + std::strerror(lock.error()),
                    "compile cache");
    return prune_listed(list(directory), max_bytes);
}

CompileCachePruning clear_compile_cache(const fs::path& directory) { return prune_compile_cache(directory, 0); }

namespace detail {

void mark_cache_entry_used(const fs::path& file) noexcept {
    std::error_code ignored; // a cache on a read-only file system still serves its entries
    fs::last_write_time(file, fs::file_time_type::clock::now(), ignored);
}

void prune_after_store(const fs::path& dir) noexcept {
    try {
        const std::uint64_t limit = limit_for_stores();
        if (limit == 0) return;
        const auto over_limit = [&](const Listing& listing) {
            std::uint64_t bytes = 0;
            for (const CompileCacheEntry& entry : listing.entries) bytes += entry.bytes;
            return bytes > limit;
        };
        // Listed first without the lock, so that a cache under its limit never takes it.
        if (!over_limit(list(dir))) return;
        const PruneLock lock(dir, false);
        if (!lock.held()) return; // another process prunes now, or the directory takes no lock file
        Listing listing = list(dir);
        if (!over_limit(listing)) return;
        const CompileCachePruning pruned = prune_listed(std::move(listing), limit / 10 * 9);
        plugin::logger().debug("compile cache {} over its {} bytes: removed {} least recently used entries ({} bytes)",
                               dir.string(), limit, pruned.removed_entries, pruned.removed_bytes);
    } catch (const std::exception& e) {
        plugin::logger().debug("compile cache {} not pruned: {}", dir.string(), e.what());
    }
}

} // namespace detail
} // namespace rtcg
