// The source lines a compile error points at, for each compiler's log style. Needs no device.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <rtcg/core/plugin/support.hpp>

#include <doctest/doctest.h>

namespace {

// Two prelude lines, then `#line 1`, then the user's three lines.
constexpr std::string_view source = "#define A 1\n#define B 2\n#line 1\nint f() {\n  return missing;\n}\n";

} // namespace

TEST_CASE("NVRTC style: name(line): error") {
    const auto excerpt = rtcg::plugin::source_excerpt(source, "kernel.cu(2): error: identifier \"missing\" is undefined\n");
    CHECK(excerpt == "   2 |   return missing;\n");
}

TEST_CASE("clang style with a column, honouring #line") {
    const auto excerpt = rtcg::plugin::source_excerpt(
        source, "<source>:2:10: error: use of undeclared identifier 'missing'\n  return missing;\n         ^\n");
    CHECK(excerpt == "   2 |   return missing;\n" + std::string(16, ' ') + "^\n");
}

TEST_CASE("PoCL style: error: path:line:column") {
    const auto excerpt = rtcg::plugin::source_excerpt(source, "error: /tmp/x.cl:2:10: use of undeclared identifier\n");
    CHECK(excerpt.find("   2 |   return missing;") == 0);
}

TEST_CASE("a compiler that ignores #line reports physical lines; its echo tells") {
    // Physical line 5 is the user's line 2.
    const auto excerpt = rtcg::plugin::source_excerpt(
        source, "<kernel>:5:10: error: use of undeclared identifier 'missing'\n  return missing;\n         ^\n");
    CHECK(excerpt.find("   2 |   return missing;") == 0);
}

TEST_CASE("notes, out-of-range lines and logs without locations give nothing") {
    CHECK(rtcg::plugin::source_excerpt(source, "<source>:99:1: error: past the end\n").empty());
    CHECK(rtcg::plugin::source_excerpt(source, "note: something\n").empty());
    CHECK(rtcg::plugin::source_excerpt(source, "").empty());
    CHECK(rtcg::plugin::source_excerpt("", "x.cu(1): error: y\n").empty());
}

TEST_CASE("each line is shown once, in source order") {
    const auto excerpt = rtcg::plugin::source_excerpt(
        source, "kernel.cu(3): error: a\nkernel.cu(1): warning: b\nkernel.cu(3): error: c\n");
    CHECK(excerpt == "   1 | int f() {\n   3 | }\n");
}

TEST_CASE("a log of thousands of errors quotes only the first lines it points at") {
    std::string many_lines, log;
    for (int k = 1; k <= 1000; ++k) {
        many_lines += "line " + std::to_string(k) + "\n";
        log += "kernel.cu(" + std::to_string(k) + "): error: x\n";
    }
    const auto excerpt = rtcg::plugin::source_excerpt(many_lines, log);
    CHECK(excerpt.find("   1 | line 1\n") == 0);
    CHECK(excerpt.find("  24 | line 24\n") != std::string::npos);
    CHECK(excerpt.find("line 25\n") == std::string::npos);
    CHECK(excerpt.find("and 976 more") != std::string::npos);
}
