// printf in kernels: on every backend its lines reach the process's standard output once the
// queue has finished (captured here by pointing file descriptor 1 at a temporary file).
#include "../support/test_context.hpp"

#include <rtcg/codegen/prelude.hpp>

#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

using rtcg::test::context;

namespace {

constexpr std::string_view say_source = R"(
RTCG_KERNEL void say(int base) {
    printf("rtcg-printf %d\n", base + (int)RTCG_GLOBAL_ID(0));
}
)";

// What `work` writes to file descriptor 1, the C library's buffer included.
template <class Work>
std::string captured_stdout(Work work) {
    std::fflush(stdout);
    std::FILE* capture = std::tmpfile();
    REQUIRE(capture != nullptr);
    const int saved = dup(STDOUT_FILENO);
    REQUIRE(saved >= 0);
    REQUIRE(dup2(fileno(capture), STDOUT_FILENO) >= 0);
    try {
        work();
    } catch (...) {
        std::fflush(stdout);
        dup2(saved, STDOUT_FILENO);
        close(saved);
        std::fclose(capture);
        throw;
    }
    std::fflush(stdout);
    REQUIRE(dup2(saved, STDOUT_FILENO) >= 0);
    close(saved);
    std::string text;
    std::rewind(capture);
    for (int c; (c = std::fgetc(capture)) != EOF;) text += static_cast<char>(c);
    std::fclose(capture);
    return text;
}

} // namespace

TEST_CASE("printf in a kernel prints one line per work-item") {
    const auto kernel = rtcg::test::compile(say_source).kernel("say");
    const std::string text = captured_stdout([&] {
        kernel(context().queue(), rtcg::LaunchConfig::covering(4, 4), 100);
        context().queue().finish();
    });
    std::vector<std::string> lines;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);)
        if (line.rfind("rtcg-printf ", 0) == 0) lines.push_back(line);
    std::sort(lines.begin(), lines.end()); // work-items print in any order
    CHECK(lines == std::vector<std::string>{"rtcg-printf 100", "rtcg-printf 101", "rtcg-printf 102", "rtcg-printf 103"});
}

TEST_CASE("printf compiles for CUDA with the portable prelude") {
    if (rtcg::OfflineCompiler::targets("cuda").empty()) return; // no NVRTC here
    rtcg::CompileOptions options;
    options.prelude = rtcg::codegen::portable_prelude();
    CHECK_NOTHROW(rtcg::OfflineCompiler("cuda", "sm_90").compile(say_source, options));
}
