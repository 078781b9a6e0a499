// The compile cache: in-process memo, disk entries shared by contexts, damage detection, bypass,
// entries that cannot be read or written, and stored binaries the driver does not load.
#include "../support/scoped_cache_directory.hpp"
#include "../support/test_context.hpp"
#include "../support/test_kernels.hpp"
#include "sha256.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>

using rtcg::test::context;
using rtcg::test::ScopedCacheDirectory;
namespace fs = std::filesystem;

namespace {

// A source no earlier test or run has compiled, so counts start from nothing.
std::string unique_twice_source() {
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    return std::string(rtcg::test::kernels::twice) + "// " + std::to_string(stamp) + "\n";
}

std::vector<float> run_twice(const rtcg::Context& ctx, const std::string& source) {
    const auto module = rtcg::Module(ctx, source, {.prelude = rtcg::codegen::portable_prelude()});
    auto a = ctx.to_device(std::vector<float>{1, 2, 3});
    module.kernel("twice")(ctx.queue(), rtcg::LaunchConfig{1, 3}, a, 3u);
    return ctx.to_host<float>(a);
}

const std::vector<float> doubled{2, 4, 6};

// Runs `source` once in an empty `cache` and returns the one disk entry that this stored.
fs::path only_entry_after_running(const ScopedCacheDirectory& cache, const std::string& source) {
    CHECK(run_twice(context(), source) == doubled);
    const auto entries = cache.entries();
    REQUIRE(entries.size() == 1);
    return entries.front();
}

std::string read_bytes(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The layout of a disk entry (core/src/compile_cache.cpp): magic and key digest, then the
// payload's size and digest, then the payload.
constexpr std::size_t entry_key_end = 8 + 32, entry_header_size = entry_key_end + 8 + 32;

std::string payload_of(const fs::path& entry) { return read_bytes(entry).substr(entry_header_size); }

// Replaces an entry's payload with `payload` under a valid size and checksum: an entry that
// passes every check of the cache itself, so that only loading the binary can reveal it.
void store_payload(const fs::path& entry, const std::string& payload) {
    std::string bytes = read_bytes(entry).substr(0, entry_key_end);
    for (int i = 0; i < 8; ++i) bytes += static_cast<char>(std::uint64_t(payload.size()) >> (8 * i));
    const auto digest = rtcg::detail::Sha256().update(std::string_view(payload)).finish();
    bytes.append(reinterpret_cast<const char*>(digest.data()), digest.size());
    bytes += payload;
    std::ofstream(entry, std::ios::binary | std::ios::trunc) << bytes;
}

std::uint32_t read_u32(const std::string& bytes, std::size_t offset) {
    std::uint32_t value = 0;
    for (int i = 3; i >= 0; --i) value = (value << 8) | static_cast<unsigned char>(bytes[offset + i]);
    return value;
}

// What PoCL handed out when another process rewrote program.bc in its shared kernel cache while
// this one serialised its binary: the same binary without program.bc. PoCL 3.1 (format 9) writes
// the missing file as an empty root entry; later versions leave the entry out and count one
// fewer. PoCL aborts on either, on every later load. Empty when `binary` is not PoCL's.
std::string pocl_binary_without_program_bc(const std::string& binary) {
    constexpr std::size_t version_at = 16, flags_at = 24, root_entries_at = 32, fixed_header = 77;
    if (binary.size() < fixed_header + 8 || binary.compare(0, 8, std::string("poclbin\0", 8)) != 0) return {};
    const std::uint32_t version = read_u32(binary, version_at);
    const bool has_variable_size = version >= 10 && (binary[flags_at] & 2) != 0;
    const std::size_t first_entry = fixed_header + (has_variable_size ? 8 : 0);
    std::uint64_t entry_size = 0;
    for (int i = 7; i >= 0; --i) entry_size = (entry_size << 8) | static_cast<unsigned char>(binary[first_entry + i]);
    std::string cut = binary;
    if (version == 9) {
        cut.replace(first_entry, 8 + entry_size, std::string(8, '\0'));
    } else {
        cut.erase(first_entry, 8 + entry_size);
        const std::uint32_t roots = read_u32(binary, root_entries_at) - 1;
        for (int i = 0; i < 4; ++i) cut[root_entries_at + i] = static_cast<char>(roots >> (8 * i));
    }
    return cut;
}

bool running_as_root() { return ::geteuid() == 0; }

} // namespace

TEST_CASE("a second compile is served from memory, a new context from disk") {
    ScopedCacheDirectory cache;
    const auto source = unique_twice_source();
    rtcg::reset_compile_cache_stats();

    CHECK(run_twice(context(), source) == doubled);
    auto stats = rtcg::compile_cache_stats();
    CHECK(stats.compiles == 1);
    CHECK(stats.disk_misses == 1);
    CHECK(cache.entries().size() == 1);

    CHECK(run_twice(context(), source) == doubled);
    stats = rtcg::compile_cache_stats();
    CHECK(stats.memory_hits == 1);
    CHECK(stats.compiles == 1);

    const auto fresh = rtcg::Context::create(context().selector());
    CHECK(run_twice(fresh, source) == doubled);
    stats = rtcg::compile_cache_stats();
    CHECK(stats.disk_hits == 1);
    CHECK(stats.compiles == 1);
}

TEST_CASE("options and defines are part of the key") {
    ScopedCacheDirectory cache;
    const auto source = rtcg::codegen::with_prelude(rtcg::codegen::dialect_of(context().device()), unique_twice_source());
    rtcg::reset_compile_cache_stats();
    rtcg::Module(context(), source);
    rtcg::Module(context(), source, {{}, {{"UNUSED_MACRO", "1"}}});
    CHECK(rtcg::compile_cache_stats().compiles == 2);
    CHECK(cache.entries().size() == 2);
}

TEST_CASE("damaged disk entries are detected, replaced and never trusted") {
    ScopedCacheDirectory cache;
    const auto source = unique_twice_source();
    const fs::path entry = only_entry_after_running(cache, source);

    SUBCASE("a flipped payload byte") {
        std::ifstream in(entry, std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        in.close();
        bytes.back() = static_cast<char>(bytes.back() ^ 0x5a);
        std::ofstream(entry, std::ios::binary | std::ios::trunc) << bytes;
    }
    SUBCASE("a truncated file") { fs::resize_file(entry, fs::file_size(entry) / 2); }
    SUBCASE("a file of garbage") {
        std::ofstream(entry, std::ios::binary | std::ios::trunc) << "not a cache entry at all";
    }

    rtcg::reset_compile_cache_stats();
    CHECK(run_twice(rtcg::Context::create(context().selector()), source) == doubled);
    auto stats = rtcg::compile_cache_stats();
    CHECK(stats.damaged_entries == 1);
    CHECK(stats.compiles == 1);
    CHECK(stats.disk_hits == 0);

    // The rebuilt entry is whole again.
    CHECK(run_twice(rtcg::Context::create(context().selector()), source) == doubled);
    stats = rtcg::compile_cache_stats();
    CHECK(stats.disk_hits == 1);
    CHECK(stats.compiles == 1);
}

TEST_CASE("entries that cannot be read are recompiled, never thrown out of compile()") {
    ScopedCacheDirectory cache;
    const auto source = unique_twice_source();
    const fs::path entry = only_entry_after_running(cache, source);
    fs::remove(entry);
    bool replaceable = true;

    SUBCASE("an empty directory where the entry belongs") { fs::create_directory(entry); }
    SUBCASE("a directory with a file in it where the entry belongs") {
        fs::create_directory(entry);
        std::ofstream(entry / "something") << "not rtcg's";
        replaceable = false;
    }
    SUBCASE("an entry no one may read") {
        if (running_as_root()) {
            MESSAGE("skipped: root reads every file");
            return;
        }
        std::ofstream(entry) << "unreadable";
        fs::permissions(entry, fs::perms::none);
    }

    rtcg::reset_compile_cache_stats();
    for (int run = 0; run < 2; ++run) {
        CHECK_NOTHROW(CHECK(run_twice(rtcg::Context::create(context().selector()), source) == doubled));
    }
    const auto stats = rtcg::compile_cache_stats();
    if (replaceable) {
        // Removed, rebuilt once, then served from disk.
        CHECK(stats.damaged_entries == 1);
        CHECK(stats.compiles == 1);
        CHECK(stats.disk_hits == 1);
        CHECK(fs::is_regular_file(entry));
    } else {
        // Left where it is (rtcg deletes no directory tree), so every run recompiles.
        CHECK(stats.damaged_entries == 2);
        CHECK(stats.compiles == 2);
        CHECK(fs::is_directory(entry));
    }
}

TEST_CASE("a cache that cannot be written costs a recompile, never an exception") {
    ScopedCacheDirectory cache;
    const auto source = unique_twice_source();

    SUBCASE("the cache directory is a file") {
        std::ofstream(cache.path()) << "a file, not a directory";
    }
    SUBCASE("the entry's subdirectory is a file") {
        CHECK(run_twice(context(), source) == doubled);
        const auto subdirectory = cache.entries().front().parent_path();
        fs::remove_all(subdirectory);
        std::ofstream(subdirectory) << "a file, not a directory";
    }
    SUBCASE("the cache directory is read-only") {
        if (running_as_root()) {
            MESSAGE("skipped: root writes everywhere");
            return;
        }
        fs::create_directories(cache.path());
        fs::permissions(cache.path(), fs::perms::owner_read | fs::perms::owner_exec);
    }

    rtcg::reset_compile_cache_stats();
    for (int run = 0; run < 2; ++run) {
        CHECK_NOTHROW(CHECK(run_twice(rtcg::Context::create(context().selector()), source) == doubled));
    }
    CHECK(rtcg::compile_cache_stats().compiles == 2);
    CHECK(rtcg::compile_cache_stats().disk_hits == 0);
    std::error_code ignored;
    fs::permissions(cache.path(), fs::perms::owner_all, ignored);
}

TEST_CASE("a stored binary the driver cannot load is replaced, never trusted") {
    ScopedCacheDirectory cache;
    const auto source = unique_twice_source();
    const fs::path entry = only_entry_after_running(cache, source);
    const std::string whole = payload_of(entry);

    SUBCASE("the binary cut in half") { store_payload(entry, whole.substr(0, whole.size() / 2)); }
    SUBCASE("the binary cut to its first 16 bytes") { store_payload(entry, whole.substr(0, 16)); }
    SUBCASE("PoCL's binary without its program.bc, as PoCL's shared cache once handed out") {
        const auto cut = pocl_binary_without_program_bc(whole);
        if (cut.empty()) {
            MESSAGE("skipped: not a PoCL binary");
            return;
        }
        store_payload(entry, cut);
    }

    rtcg::reset_compile_cache_stats();
    CHECK(run_twice(rtcg::Context::create(context().selector()), source) == doubled);
    auto stats = rtcg::compile_cache_stats();
    CHECK(stats.damaged_entries == 1);
    CHECK(stats.compiles == 1);
    CHECK(stats.disk_hits == 0);

    // The entry was replaced by the whole binary, which the next context loads.
    CHECK(payload_of(entry).size() == whole.size());
    CHECK(run_twice(rtcg::Context::create(context().selector()), source) == doubled);
    stats = rtcg::compile_cache_stats();
    CHECK(stats.disk_hits == 1);
    CHECK(stats.compiles == 1);
}

TEST_CASE("RTCG_NO_CACHE=1 bypasses the disk cache") {
    ScopedCacheDirectory cache;
    ::setenv("RTCG_NO_CACHE", "1", 1);
    rtcg::reset_compile_cache_stats();
    CHECK_FALSE(rtcg::compile_cache_directory().has_value());
    CHECK(run_twice(context(), unique_twice_source()) == doubled);
    ::unsetenv("RTCG_NO_CACHE");
    CHECK(cache.entries().empty());
    CHECK(rtcg::compile_cache_stats().compiles == 1);
    CHECK(rtcg::compile_cache_stats().disk_misses == 0);
}

TEST_CASE("a program without kernels goes through the disk cache like any other") {
    ScopedCacheDirectory cache;
    const std::string source = "RTCG_DEVICE int rtcg_test_helper(int x) { return x + 1; }\n// " +
                               std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) + "\n";
    rtcg::reset_compile_cache_stats();
    CHECK(rtcg::Module(context(), source, {.prelude = rtcg::codegen::portable_prelude()}).kernel_names().empty());
    CHECK(cache.entries().size() == 1);
    const auto fresh = rtcg::Context::create(context().selector());
    CHECK(rtcg::Module(fresh, source, {.prelude = rtcg::codegen::portable_prelude()}).kernel_names().empty());
    const auto stats = rtcg::compile_cache_stats();
    CHECK(stats.compiles == 1);
    CHECK(stats.disk_hits == 1);
}

TEST_CASE("threads share a context: one build per program, one queue per thread") {
    ScopedCacheDirectory cache;
    const auto source = rtcg::codegen::with_prelude(rtcg::codegen::dialect_of(context().device()), unique_twice_source());
    rtcg::reset_compile_cache_stats();
    constexpr int thread_count = 4;
    const unsigned n = 4096;
    std::vector<int> failures(thread_count, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < thread_count; ++t) {
        threads.emplace_back([&, t] {
            try {
                auto queue = context().create_queue();
                const auto kernel = rtcg::Module(context(), source).kernel("twice");
                std::vector<float> host(n, static_cast<float>(t + 1));
                auto buffer = context().allocate(n * sizeof(float));
                queue.write(buffer, std::span<const float>(host));
                for (int repeat = 0; repeat < 3; ++repeat) kernel(queue, rtcg::LaunchConfig::covering(n, 128), buffer, n);
                queue.read(buffer, std::span<float>(host));
                for (const float x : host) failures[t] += x != static_cast<float>((t + 1) * 8);
            } catch (const std::exception&) {
                failures[t] = -1;
            }
        });
    }
    for (auto& thread : threads) thread.join();
    CHECK(failures == std::vector<int>(thread_count, 0));
    CHECK(rtcg::compile_cache_stats().compiles == 1);
    CHECK(cache.entries().size() == 1);
}
