// doctest's main, preceded by opening the context for RTCG_BACKEND (exit 77 = skip when absent).
#define DOCTEST_CONFIG_IMPLEMENT
#include "test_context.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <optional>

namespace rtcg::test {
namespace {

std::optional<Context> opened;

} // namespace

const Context& context() { return *opened; }

Module compile(std::string_view source, const CompileOptions& options) {
    CompileOptions portable = options;
    portable.prelude = codegen::portable_prelude();
    return Module(context(), source, portable);
}

bool is(codegen::Dialect dialect) { return codegen::dialect_of(context().device()) == dialect; }

} // namespace rtcg::test

int main(int argc, char** argv) {
    constexpr int skipped = 77;
    try {
        rtcg::test::opened = rtcg::Context::from_environment();
    } catch (const rtcg::BackendUnavailable& e) {
        std::printf("skipped: %s\n", e.what());
        return skipped;
    }
    const auto& device = rtcg::test::context().device();
    std::printf("testing on %s: %s / %s\n", rtcg::test::context().selector().c_str(), device.platform.c_str(),
                device.name.c_str());
    doctest::Context runner(argc, argv);
    const int result = runner.run();
    rtcg::test::opened.reset();
    return result;
}
