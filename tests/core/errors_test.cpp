// Bad input: each mistake gets its own error type and a message that says what went wrong.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "../support/test_kernels.hpp"

#include <doctest/doctest.h>

#include <limits>

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;
namespace kernels = rtcg::test::kernels;

TEST_CASE("source that does not compile gives the build log and the offending line") {
    rtcg::CompileError error("", "", "", "");
    try {
        rtcg::test::compile(kernels::syntax_error);
        FAIL("compiled broken source");
    } catch (const rtcg::CompileError& e) {
        error = e;
    }
    CAPTURE(error.build_log());
    CHECK(contains(error.build_log(), "undefined_identifier_here"));
    CHECK(contains(error.source_excerpt(), "   3 | "));
    CHECK(contains(error.source_excerpt(), "undefined_identifier_here * 2"));
    CHECK(contains(error.what(), "--- build log ---"));
    CHECK_FALSE(error.where().empty());
    // A failed build is not remembered: the same source fails again, it does not hang or pass.
    CHECK_THROWS_AS(rtcg::test::compile(kernels::syntax_error), rtcg::CompileError);
}

TEST_CASE("an unknown kernel name lists the kernels the module has") {
    const auto module = rtcg::test::compile(kernels::two_kernels);
    const auto text = message_of<rtcg::InvalidArgument>([&] { module.kernel("third"); });
    CHECK(contains(text, "'third'"));
    CHECK(contains(text, "first"));
    CHECK(contains(text, "second"));
}

TEST_CASE("a wrong number of arguments is refused before launch") {
    auto a = context().allocate(16);
    const auto kernel = rtcg::test::compile(kernels::twice).kernel("twice");
    const auto text = message_of<rtcg::InvalidArgument>([&] { kernel(context().queue(), rtcg::LaunchConfig{1, 4}, a); });
    CHECK(contains(text, "takes 2 arguments; 1 was given"));
}

TEST_CASE("an argument of the wrong size is refused") {
    auto a = context().allocate(16);
    const auto kernel = rtcg::test::compile(kernels::twice).kernel("twice");
    const std::uint64_t eight_bytes = 4; // the kernel takes a 4-byte unsigned
    const auto text =
        message_of<rtcg::InvalidArgument>([&] { kernel(context().queue(), rtcg::LaunchConfig{1, 4}, a, eight_bytes); });
    CHECK(contains(text, "argument 1"));
    CHECK(contains(text, "twice"));
}

TEST_CASE("a block larger than the kernel allows is refused") {
    auto a = context().allocate(16);
    const auto kernel = rtcg::test::compile(kernels::twice).kernel("twice");
    const std::size_t too_many = kernel.attributes().max_threads_per_block + 1;
    const auto text = message_of<rtcg::InvalidArgument>(
        [&] { kernel(context().queue(), rtcg::LaunchConfig{1, too_many}, a, 4u); });
    CHECK(contains(text, "exceeds"));
}

TEST_CASE("an empty buffer argument is refused") {
    rtcg::Buffer released = context().allocate(16);
    released.release();
    const auto kernel = rtcg::test::compile(kernels::twice).kernel("twice");
    const auto text = message_of<rtcg::InvalidArgument>(
        [&] { kernel(context().queue(), rtcg::LaunchConfig{1, 4}, released, 4u); });
    CHECK(contains(text, "empty buffer"));
}

TEST_CASE("a buffer larger than the device allows is out of memory") {
    const auto limit = context().device().max_allocation_bytes;
    const auto text = message_of<rtcg::OutOfMemory>([&] { context().allocate(limit + 1); });
    CHECK(contains(text, std::to_string(limit + 1)));
    CHECK_THROWS_AS(context().allocate(std::numeric_limits<std::size_t>::max()), rtcg::OutOfMemory);
}

TEST_CASE("copies past a buffer's end are refused and leave it unchanged") {
    auto a = context().to_device(std::vector<int>{1, 2, 3, 4});
    std::vector<int> host(4, 9);
    auto& queue = context().queue();
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { queue.write(a, host.data(), 16, 4); }), "past the end"));
    CHECK_THROWS_AS(queue.read(a, host.data(), 20), rtcg::InvalidArgument);
    CHECK_THROWS_AS(queue.read(a, host.data(), 4, std::numeric_limits<std::size_t>::max()), rtcg::InvalidArgument);
    auto b = context().allocate(8);
    CHECK_THROWS_AS(queue.copy(a, b, 12), rtcg::InvalidArgument);
    CHECK_THROWS_AS(queue.copy(a, a, 8, 0, 4), rtcg::InvalidArgument); // overlapping
    const std::uint32_t pattern = 0;
    CHECK_THROWS_AS(queue.fill(a, &pattern, 4, 8, 12), rtcg::InvalidArgument);
    CHECK_THROWS_AS(queue.fill(a, &pattern, 3, 0, 12), rtcg::InvalidArgument);
    CHECK(context().to_host<int>(a) == std::vector<int>{1, 2, 3, 4});
}

TEST_CASE("objects of another context are refused") {
    const auto other = rtcg::Context::create(context().selector());
    auto foreign = other.allocate(16);
    std::vector<int> host(4);
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { context().queue().write(foreign, host.data(), 16); }),
                   "another context"));
    const auto kernel = rtcg::test::compile(kernels::twice).kernel("twice");
    CHECK_THROWS_AS(kernel(other.queue(), rtcg::LaunchConfig{1, 4}, foreign, 4u), rtcg::InvalidArgument);
}

TEST_CASE("an error's message is bounded and keeps its beginning and its end") {
    const std::string why = "head " + std::string(1'000'000, 'x') + " tail";
    const rtcg::InvalidArgument error(why, "here");
    const std::string what = error.what();
    CHECK(what.size() <= 16 * 1024);
    CHECK(what.find("rtcg: here: head xxx") == 0);
    CHECK(what.substr(what.size() - 8) == "xxx tail");
    CHECK(contains(what, "characters cut"));
    CHECK(error.why().size() <= 16 * 1024);
    // A short message is left alone.
    CHECK(std::string(rtcg::InvalidArgument("short", "here").what()) == "rtcg: here: short");
}

TEST_CASE("a compile error shows the log's first lines; build_log() has them all") {
    std::string log;
    for (int k = 0; k < 100'000; ++k) log += "error: <source>:" + std::to_string(k + 1) + ":5: undeclared 'x" + std::to_string(k) + "'\n";
    const rtcg::CompileError error("the build failed", "clBuildProgram", log, "   1 | x0;\n");
    const std::string what = error.what();
    CHECK(what.size() <= 16 * 1024);
    CHECK(error.build_log() == log);
    CHECK(contains(what, "undeclared 'x0'"));
    CHECK(contains(what, "more lines of the log"));
    CHECK(contains(what, "--- source lines ---\n   1 | x0;"));
}

TEST_CASE("source with thousands of errors gives a bounded message") {
    std::string source = "RTCG_KERNEL void broken_many(RTCG_GLOBAL float* a) {\n";
    for (int k = 0; k < 3000; ++k) source += "    a[0] = undefined_" + std::to_string(k) + ";\n";
    source += "}\n";
    const auto text = message_of<rtcg::CompileError>([&] { rtcg::test::compile(source); });
    CHECK(text.size() <= 16 * 1024);
    CHECK(contains(text, "undefined_0"));
}
