// In-memory headers (CompileOptions::headers) on every backend, and a compile-cache key that
// covers what the source includes: an edited header, in the map or in an include directory,
// compiles anew instead of serving the stale program.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using rtcg::test::context;
using rtcg::test::message_of;

namespace {

constexpr std::string_view scaled_source = R"(
#include "scale.h"
RTCG_KERNEL void scaled(RTCG_GLOBAL int* out) {
    const int i = (int)RTCG_GLOBAL_ID(0);
    out[i] = SCALE * i + OFFSET;
}
)";

// out[i] = scale * i + offset for i < 8, as the kernel computes it.
std::vector<int> expected(int scale, int offset) {
    std::vector<int> values(8);
    for (int i = 0; i < 8; ++i) values[static_cast<std::size_t>(i)] = scale * i + offset;
    return values;
}

std::vector<int> run(const rtcg::Module& module) {
    auto out = context().allocate(8 * sizeof(int));
    module.kernel("scaled")(context().queue(), rtcg::LaunchConfig::covering(8, 8), out);
    return context().to_host<int>(out);
}

std::map<std::string, std::string> headers(int scale) {
    return {{"scale.h", "#include \"sub/offset.h\"\n#define SCALE " + std::to_string(scale) + "\n"},
            {"sub/offset.h", "#define OFFSET 1\n"}};
}

// A directory of the test's own, removed at the end.
struct TemporaryDirectory {
    std::filesystem::path path;
    TemporaryDirectory() {
        std::string pattern = (std::filesystem::temp_directory_path() / "rtcg-headers-test-XXXXXX").string();
        REQUIRE(mkdtemp(pattern.data()) != nullptr);
        path = pattern;
    }
    ~TemporaryDirectory() {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
    void write(const std::string& name, const std::string& text) const {
        std::ofstream(path / name, std::ios::trunc) << text;
    }
};

} // namespace

TEST_CASE("#include finds in-memory headers, nested ones too, and an edited header compiles anew") {
    rtcg::CompileOptions options;
    options.headers = headers(3);
    CHECK(run(rtcg::test::compile(scaled_source, options)) == expected(3, 1));
    options.headers = headers(5);
    const auto compiles = rtcg::compile_cache_stats().compiles + rtcg::compile_cache_stats().disk_hits;
    CHECK(run(rtcg::test::compile(scaled_source, options)) == expected(5, 1));
    CHECK(rtcg::compile_cache_stats().compiles + rtcg::compile_cache_stats().disk_hits == compiles + 1);
    // The first contents again: the same program as before, from the cache.
    const auto memory_hits = rtcg::compile_cache_stats().memory_hits;
    options.headers = headers(3);
    CHECK(run(rtcg::test::compile(scaled_source, options)) == expected(3, 1));
    CHECK(rtcg::compile_cache_stats().memory_hits == memory_hits + 1);
}

TEST_CASE("an edit to a header in an include directory is a new cache key") {
    const TemporaryDirectory directory;
    std::filesystem::create_directory(directory.path / "sub");
    directory.write("sub/offset.h", "#define OFFSET 2\n");
    directory.write("scale.h", "#include \"sub/offset.h\"\n#define SCALE 2\n");
    rtcg::CompileOptions options;
    options.options = {"-I" + directory.path.string()};
    CHECK(run(rtcg::test::compile(scaled_source, options)) == expected(2, 2));
    // Same source, same options: only a nested header's contents changed.
    directory.write("sub/offset.h", "#define OFFSET 7\n");
    CHECK(run(rtcg::test::compile(scaled_source, options)) == expected(2, 7));
    // The map comes before the include directories.
    options.headers = headers(4);
    CHECK(run(rtcg::test::compile(scaled_source, options)) == expected(4, 1));
}

TEST_CASE("header names that could leave the header directory or break an #include are refused") {
    for (const std::string name : {"", "/abs.h", "../up.h", "a/../b.h", "a//b.h", "./a.h", "q\"uote.h", "angle>.h"}) {
        CAPTURE(name);
        rtcg::CompileOptions options;
        options.headers = {{name, "#define X 1\n"}};
        message_of<rtcg::InvalidArgument>([&] { rtcg::test::compile(scaled_source, options); });
    }
}
