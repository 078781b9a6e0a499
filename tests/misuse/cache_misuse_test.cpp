// Misuse of compilation and the compile cache: bad defines, kernels a module lacks, source that
// does not compile. (A cache that cannot be read or written is no misuse: compile() must succeed
// then, and tests/core/cache_test.cpp checks that it does.)
#include "misuse_support.hpp"

#include <rtcg/core.hpp>

namespace rtcg::test {
namespace {

constexpr std::string_view twice = R"(
RTCG_KERNEL void twice(RTCG_GLOBAL float* a) { a[RTCG_GLOBAL_ID(0)] *= 2; }
)";

} // namespace

TEST_CASE("misuse: a define whose name is no macro name is refused, naming it") {
    for (const std::string name : {"", "TWO WORDS", "A=B", "LINE\nBREAK"}) {
        CAPTURE(name);
        expect_misuse<InvalidArgument>([&] { compile(twice, {{}, {{name, "1"}}}); },
                                       {"'" + name + "' is not a valid macro name"});
    }
}

TEST_CASE("misuse: a kernel the module lacks is refused, naming it") {
    const Module module = compile(twice);
    expect_misuse<InvalidArgument>([&] { module.kernel("thrice"); }, {"no kernel 'thrice'"});
}

TEST_CASE("misuse: a kernel from an empty module is refused") {
    const Module empty;
    expect_misuse<InvalidArgument>([&] { empty.kernel("twice"); }, {"the module is empty"});
}

TEST_CASE("misuse: source that does not compile ends in a CompileError quoting the compiler") {
    expect_misuse<CompileError>(
        [&] { compile("RTCG_KERNEL void broken(RTCG_GLOBAL float* a) { a[0] = undeclared_value; }"); },
        {"undeclared_value"});
    // A failed build is not remembered: the same source fails again, the same way.
    expect_misuse<CompileError>(
        [&] { compile("RTCG_KERNEL void broken(RTCG_GLOBAL float* a) { a[0] = undeclared_value; }"); },
        {"undeclared_value"});
}

} // namespace rtcg::test
