// Compile-only: every test kernel through NVRTC for real GPU architectures, with no GPU or
// driver needed, so the CUDA code path is checked on every machine that has the toolkit.
#define DOCTEST_CONFIG_IMPLEMENT
#include "../support/link_units.hpp"
#include "../support/test_kernels.hpp"
#include "../support/type_names.hpp"

#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core.hpp>

#include <doctest/doctest.h>

#include <cstdio>

namespace {

// Hopper (the GPU machine) and one older architecture the toolkit still supports.
const char* const targets[] = {"sm_90", "sm_80"};

std::string cuda(std::string_view source) { return rtcg::codegen::with_prelude(rtcg::codegen::Dialect::cuda, source); }

bool is_elf(const std::vector<std::byte>& binary) {
    return binary.size() > 4 && binary[0] == std::byte{0x7f} && binary[1] == std::byte{'E'} &&
           binary[2] == std::byte{'L'} && binary[3] == std::byte{'F'};
}

} // namespace

TEST_CASE("the link test's units compile as relocatable code, and the kernel's unit only so") {
    for (const char* target : targets) {
        CAPTURE(target);
        const rtcg::OfflineCompiler compiler("cuda", target);
        const rtcg::CompileOptions relocatable{.options = {"--relocatable-device-code=true"}};
        CHECK(is_elf(compiler.compile(cuda(rtcg::test::kernel_unit()), relocatable).bytes));
        const rtcg::CompileOptions function{.options = {"--relocatable-device-code=true"}, .defines = {{"SCALE", "3"}}};
        CHECK(is_elf(compiler.compile(rtcg::test::function_unit(), function).bytes));
        // Whole code cannot leave offset_of to a linker.
        CHECK_THROWS_AS(compiler.compile(cuda(rtcg::test::kernel_unit())), rtcg::CompileError);
    }
}

TEST_CASE("every test kernel compiles to a cubin for each target") {
    for (const char* target : targets) {
        const rtcg::OfflineCompiler compiler("cuda", target);
        CHECK(compiler.identity().find(target) != std::string::npos);
        for (const auto& kernel : rtcg::test::kernels::all) {
            CAPTURE(target);
            CAPTURE(kernel.name);
            const rtcg::CompileOptions options{{}, {{"ELEMENT", "float"}, {"I64", "long long"}}};
            CHECK(is_elf(compiler.compile(cuda(kernel.source), options).bytes));
        }
    }
}

TEST_CASE("scale_add compiles for every fixed-width element type") {
    const rtcg::OfflineCompiler compiler("cuda", "sm_90");
    using rtcg::codegen::Dialect;
    for (const auto& type : {rtcg::test::type_name<std::int8_t>(Dialect::cuda), rtcg::test::type_name<std::uint8_t>(Dialect::cuda),
                             rtcg::test::type_name<std::int16_t>(Dialect::cuda), rtcg::test::type_name<std::uint16_t>(Dialect::cuda),
                             rtcg::test::type_name<std::int32_t>(Dialect::cuda), rtcg::test::type_name<std::uint32_t>(Dialect::cuda),
                             rtcg::test::type_name<std::int64_t>(Dialect::cuda), rtcg::test::type_name<std::uint64_t>(Dialect::cuda),
                             rtcg::test::type_name<float>(Dialect::cuda), rtcg::test::type_name<double>(Dialect::cuda)}) {
        CAPTURE(type);
        CHECK(is_elf(compiler.compile(cuda(rtcg::test::kernels::scale_add), {{}, {{"ELEMENT", type}}}).bytes));
    }
}

TEST_CASE("NVRTC errors carry the log and the offending source line") {
    const rtcg::OfflineCompiler compiler("cuda", "sm_90");
    try {
        compiler.compile(cuda(rtcg::test::kernels::syntax_error));
        FAIL("compiled broken source");
    } catch (const rtcg::CompileError& e) {
        CHECK(e.build_log().find("undefined_identifier_here") != std::string::npos);
        CHECK(e.source_excerpt().find("   3 | ") != std::string::npos);
        CHECK(std::string(e.what()).find("nvrtc") != std::string::npos);
    }
}

TEST_CASE("the portable prelude as a compile option: CUDA's prelude, and the source's own line numbers") {
    const rtcg::OfflineCompiler compiler("cuda", "sm_90");
    const rtcg::CompileOptions portable{.defines = {{"ELEMENT", "float"}}, .prelude = rtcg::codegen::portable_prelude()};
    CHECK(is_elf(compiler.compile(rtcg::test::kernels::scale_add, portable).bytes));
    try {
        compiler.compile(rtcg::test::kernels::syntax_error, portable);
        FAIL("compiled broken source");
    } catch (const rtcg::CompileError& e) {
        CHECK(e.source_excerpt().find("   3 | ") != std::string::npos);
    }
}

TEST_CASE("an unknown target is an invalid argument listing the valid ones") {
    try {
        rtcg::OfflineCompiler("cuda", "sm_1");
        FAIL("accepted sm_1");
    } catch (const rtcg::InvalidArgument& e) {
        CHECK(std::string(e.what()).find("sm_90") != std::string::npos);
    }
    CHECK_THROWS_AS(rtcg::OfflineCompiler("opencl", "anything"), rtcg::BackendUnavailable);
    CHECK_THROWS_AS(rtcg::OfflineCompiler("vulkan", "x"), rtcg::InvalidArgument);
}

int main(int argc, char** argv) {
    try {
        if (rtcg::OfflineCompiler::targets("cuda").empty()) {
            std::printf("skipped: NVRTC is not available, so nothing can be compiled offline\n");
            return 77;
        }
    } catch (const rtcg::BackendUnavailable& e) {
        std::printf("skipped: %s\n", e.what());
        return 77;
    }
    doctest::Context runner(argc, argv);
    return runner.run();
}
