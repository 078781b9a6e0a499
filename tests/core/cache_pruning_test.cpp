// The disk cache's size limit: the size syntax, listing, pruning least recently used entries
// (by the tool's calls and after stores), the lock that keeps pruners apart, and leftovers of
// interrupted writes.
#include "../support/expect_error.hpp"
#include "../support/scoped_cache_directory.hpp"
#include "../support/test_context.hpp"
#include "../support/test_kernels.hpp"

#include <doctest/doctest.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

using rtcg::test::context;
using rtcg::test::ScopedCacheDirectory;
using rtcg::test::ScopedEnvironment;
namespace fs = std::filesystem;

namespace {

// A program no earlier test or run has compiled; `tag` tells programs of one test apart.
std::string unique_source(int tag) {
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    return std::string(rtcg::test::kernels::twice) + "// " + std::to_string(stamp) + " " + std::to_string(tag) + "\n";
}

// Compiles `source` in a context of its own, so that the disk, not a context's memo, serves it.
void compile_fresh(const std::string& source) {
    const auto ctx = rtcg::Context::create(context().selector());
    (void)rtcg::Module(ctx, source, {.prelude = rtcg::codegen::portable_prelude()});
}

// The entry files of `cache`, by name.
std::vector<fs::path> sorted_entries(const ScopedCacheDirectory& cache) {
    std::vector<fs::path> files = cache.entries();
    std::sort(files.begin(), files.end());
    return files;
}

std::uint64_t total_bytes(const std::vector<rtcg::CompileCacheEntry>& entries) {
    std::uint64_t bytes = 0;
    for (const auto& entry : entries) bytes += entry.bytes;
    return bytes;
}

// Sets the time an entry was last used to `age` ago.
void age_file(const fs::path& file, std::chrono::seconds age) {
    fs::last_write_time(file, fs::file_time_type::clock::now() - age);
}

// Holds the cache's pruning lock, as another process pruning would.
class HeldLock {
public:
    explicit HeldLock(const fs::path& directory) : fd_(::open((directory / "lock").c_str(), O_RDWR | O_CREAT, 0666)) {
        REQUIRE(fd_ >= 0);
        REQUIRE(::flock(fd_, LOCK_EX) == 0);
    }
    ~HeldLock() { ::close(fd_); }

private:
    int fd_;
};

} // namespace

TEST_CASE("cache sizes: bytes, binary units, and errors for anything else") {
    CHECK(rtcg::parse_cache_size("0") == 0);
    CHECK(rtcg::parse_cache_size("12345") == 12345);
    CHECK(rtcg::parse_cache_size("4K") == 4096);
    CHECK(rtcg::parse_cache_size("3m") == 3u << 20);
    CHECK(rtcg::parse_cache_size("2GiB") == std::uint64_t{2} << 30);
    CHECK(rtcg::parse_cache_size("1TB") == std::uint64_t{1} << 40);
    CHECK(rtcg::parse_cache_size("18446744073709551615") == ~std::uint64_t{0});
    for (const char* bad : {"", "G", "-1", "1.5G", "12 M", "1X", "1KX", "18446744073709551616", "16777216T"})
        CHECK_THROWS_AS(rtcg::parse_cache_size(bad), rtcg::InvalidArgument);

    {
        const ScopedEnvironment unset("RTCG_CACHE_MAX_SIZE", std::nullopt);
        CHECK(rtcg::compile_cache_size_limit() == std::uint64_t{1} << 30);
    }
    {
        const ScopedEnvironment set("RTCG_CACHE_MAX_SIZE", "64M");
        CHECK(rtcg::compile_cache_size_limit() == 64u << 20);
    }
    const ScopedEnvironment bad("RTCG_CACHE_MAX_SIZE", "lots");
    const std::string message =
        rtcg::test::message_of<rtcg::InvalidArgument>([] { (void)rtcg::compile_cache_size_limit(); });
    CHECK(rtcg::test::contains(message, "RTCG_CACHE_MAX_SIZE"));
    CHECK(rtcg::test::contains(message, "'lots'"));
    // Compiling never throws for it: it warns and keeps the default.
    const ScopedCacheDirectory cache;
    CHECK_NOTHROW(compile_fresh(unique_source(0)));
    CHECK(cache.entries().size() == 1);
}

TEST_CASE("the cache lists its entries least recently used first and prunes those first") {
    const ScopedCacheDirectory cache;
    CHECK(rtcg::compile_cache_entries(cache.path()).empty()); // no directory yet: nothing, no error
    for (int tag = 0; tag < 3; ++tag) compile_fresh(unique_source(tag));
    std::vector<fs::path> files = sorted_entries(cache);
    REQUIRE(files.size() == 3);
    // Ages chosen apart, so that the order cannot depend on the file system's clock resolution.
    age_file(files[0], std::chrono::seconds(100));
    age_file(files[1], std::chrono::seconds(300));
    age_file(files[2], std::chrono::seconds(200));
    // Files that are not entries: PoCL's cache, a stray file, a fresh and an abandoned write.
    fs::create_directories(cache.path() / "pocl");
    std::ofstream(cache.path() / "pocl" / "kernel.so") << "not an entry";
    std::ofstream(cache.path() / "notes.txt") << "not an entry";
    const fs::path fresh_write = files[0].string() + ".tmp.1.2", abandoned_write = files[1].string() + ".tmp.3.4";
    std::ofstream(fresh_write) << "being written";
    std::ofstream(abandoned_write) << "left by a crash";
    age_file(abandoned_write, std::chrono::hours(2));

    const auto entries = rtcg::compile_cache_entries(cache.path());
    REQUIRE(entries.size() == 3);
    CHECK(entries[0].file == files[1]);
    CHECK(entries[1].file == files[2]);
    CHECK(entries[2].file == files[0]);
    for (const auto& entry : entries) CHECK(entry.bytes == fs::file_size(entry.file));

    // Down to the bytes of the newest two: the oldest goes, with the abandoned write.
    const std::uint64_t newest_two = entries[1].bytes + entries[2].bytes;
    const rtcg::CompileCachePruning pruned = rtcg::prune_compile_cache(cache.path(), newest_two);
    CHECK(pruned.removed_entries == 1);
    CHECK(pruned.removed_bytes == entries[0].bytes);
    CHECK(pruned.kept_entries == 2);
    CHECK(pruned.kept_bytes == newest_two);
    CHECK_FALSE(fs::exists(files[1]));
    CHECK(fs::exists(files[0]));
    CHECK(fs::exists(files[2]));
    CHECK_FALSE(fs::exists(abandoned_write));
    CHECK(fs::exists(fresh_write));
    CHECK(fs::exists(cache.path() / "pocl" / "kernel.so"));
    CHECK(fs::exists(cache.path() / "notes.txt"));

    const rtcg::CompileCachePruning cleared = rtcg::clear_compile_cache(cache.path());
    CHECK(cleared.removed_entries == 2);
    CHECK(cleared.kept_entries == 0);
    CHECK(cache.entries().empty());
    CHECK(fs::exists(cache.path() / "pocl" / "kernel.so"));
}

TEST_CASE("a store over the size limit prunes the least recently used entries; a hit counts as a use") {
    const ScopedCacheDirectory cache;
    const std::string first = unique_source(1), second = unique_source(2), third = unique_source(3);
    compile_fresh(first);
    const std::uint64_t entry_bytes = total_bytes(rtcg::compile_cache_entries(cache.path()));
    REQUIRE(entry_bytes > 0);
    compile_fresh(second);
    const std::vector<fs::path> two = sorted_entries(cache);
    REQUIRE(two.size() == 2);
    for (const fs::path& file : two) age_file(file, std::chrono::seconds(100));
    const auto stats_before = rtcg::compile_cache_stats();
    compile_fresh(first); // a disk hit: the first program is now the most recently used
    CHECK(rtcg::compile_cache_stats().disk_hits == stats_before.disk_hits + 1);

    // Room for two and a half entries: the third store prunes to 90% of it, two entries' worth.
    const ScopedEnvironment limit("RTCG_CACHE_MAX_SIZE", std::to_string(entry_bytes * 5 / 2));
    compile_fresh(third);
    const auto left = rtcg::compile_cache_entries(cache.path());
    REQUIRE(left.size() == 2);
    CHECK(total_bytes(left) <= entry_bytes * 5 / 2);
    // The second program, used longest ago, went: compiling it again is a miss, the others hits.
    const auto stats_after = rtcg::compile_cache_stats();
    compile_fresh(first);
    compile_fresh(third);
    CHECK(rtcg::compile_cache_stats().disk_hits == stats_after.disk_hits + 2);
    compile_fresh(second);
    CHECK(rtcg::compile_cache_stats().disk_misses == stats_after.disk_misses + 1);
}

TEST_CASE("a store leaves pruning to the process that holds the lock; RTCG_CACHE_MAX_SIZE=0 is no limit") {
    const ScopedCacheDirectory cache;
    const ScopedEnvironment limit("RTCG_CACHE_MAX_SIZE", "1");
    compile_fresh(unique_source(1)); // over the limit alone: pruned at once
    CHECK(cache.entries().empty());
    {
        fs::create_directories(cache.path());
        const HeldLock held(cache.path());
        compile_fresh(unique_source(2)); // another holder prunes: the store neither waits nor prunes
        CHECK(cache.entries().size() == 1);
    }
    const ScopedEnvironment unlimited("RTCG_CACHE_MAX_SIZE", "0");
    for (int tag = 3; tag < 5; ++tag) compile_fresh(unique_source(tag));
    CHECK(cache.entries().size() == 3);
}
