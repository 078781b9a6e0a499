// Module::link on every backend: a kernel of one unit calls a function another unit defines, as
// source or as a binary object; the linked binary is cached under a key of every unit in order;
// and each way a link can fail is a typed error that says which unit or symbol.
#include "../support/expect_error.hpp"
#include "../support/link_units.hpp"
#include "../support/scoped_cache_directory.hpp"
#include "../support/test_context.hpp"

#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <vector>

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::function_unit;
using rtcg::test::kernel_unit;
using rtcg::test::linkage;
using rtcg::test::message_of;

namespace {

rtcg::CompileOptions kernel_options() { return {.prelude = rtcg::codegen::portable_prelude()}; }

rtcg::CompileOptions scaled(int scale) { return {.defines = {{"SCALE", std::to_string(scale)}}}; }

constexpr int count = 37;

// What `apply` computes from a function unit of `scale`.
std::vector<int> expected(int scale) {
    std::vector<int> values(count);
    for (int i = 0; i < count; ++i) values[static_cast<std::size_t>(i)] = scale * i + 1;
    return values;
}

std::vector<int> run(const rtcg::Module& module) {
    auto out = context().allocate(count * sizeof(int));
    module.kernel("apply")(context().queue(), rtcg::LaunchConfig::covering(count, 16), out, count);
    return context().to_host<int>(out);
}

rtcg::Module link_sources(int scale) {
    return rtcg::Module::link(
        context(), {rtcg::LinkInput::source(kernel_unit()), rtcg::LinkInput::source(function_unit(), scaled(scale))},
        kernel_options());
}

std::uint64_t builds() { return rtcg::compile_cache_stats().compiles; }

std::vector<std::byte> bytes_of(std::string_view text) {
    const auto bytes = std::as_bytes(std::span(text));
    return {bytes.begin(), bytes.end()};
}

// offset_of with SCALE 11 in hand-written PTX for any device from sm_70 on, as nvcc -rdc=true -ptx
// writes it (checked with ptxas and nvlink against unit A): a binary unit of CUDA's.
constexpr std::string_view offset_of_ptx = R"(
.version 7.0
.target sm_70
.address_size 64

.visible .func (.param .b32 func_retval0) offset_of(
    .param .b32 offset_of_param_0
)
{
    .reg .b32 %r<3>;
    ld.param.u32 %r1, [offset_of_param_0];
    mad.lo.s32 %r2, %r1, 11, 1;
    st.param.b32 [func_retval0+0], %r2;
    ret;
}
)";

} // namespace

TEST_CASE("a kernel calls a function that another source unit defines") {
    const auto module = link_sources(3);
    CHECK(run(module) == expected(3));
    CHECK(module.kernel("apply").parameter_count() == 2);
    // The kernel's parameters come from the unit that defines it: a buffer where the count goes is
    // refused before the launch.
    auto out = context().allocate(count * sizeof(int));
    message_of<rtcg::InvalidArgument>(
        [&] { module.kernel("apply")(context().queue(), rtcg::LaunchConfig::covering(count, 16), out, out); });
}

TEST_CASE("a unit compiled by Module::compile_for_link links as a binary unit") {
    const auto object = rtcg::Module::compile_for_link(context(), function_unit(), scaled(5));
    REQUIRE_FALSE(object.empty());
    const auto module = rtcg::Module::link(
        context(), {rtcg::LinkInput::source(kernel_unit()), rtcg::LinkInput::binary(object)}, kernel_options());
    CHECK(run(module) == expected(5));
    // The same object in front of the kernel's unit: the order of units does not matter to the linker.
    const std::vector<rtcg::LinkInput> reversed{rtcg::LinkInput::binary(object),
                                                rtcg::LinkInput::source(kernel_unit(), kernel_options())};
    CHECK(run(rtcg::Module::link(context(), reversed)) == expected(5));
}

TEST_CASE("a PTX binary unit links on CUDA and is refused as foreign on OpenCL") {
    // NVIDIA's OpenCL driver would abort the process on it: the plug-in refuses it first.
    const auto link = [] {
        return rtcg::Module::link(
            context(), {rtcg::LinkInput::source(kernel_unit()), rtcg::LinkInput::binary(bytes_of(offset_of_ptx))},
            kernel_options());
    };
    if (context().device().backend == "cuda")
        CHECK(run(link()) == expected(11));
    else
        CHECK(contains(message_of<rtcg::InvalidArgument>(link), "unit 1 of 2"));
}

TEST_CASE("an OpenCL object cut short is refused, naming the unit") {
    if (context().device().backend != "opencl") return;
    // The drivers parse an object without bounds checks (PoCL asserts, NVIDIA's aborts on damaged
    // LLVM bitcode): the plug-in checks its layout first.
    const auto object = rtcg::Module::compile_for_link(context(), function_unit(), scaled(5));
    REQUIRE(object.size() > 64);
    for (const std::size_t kept : {object.size() / 2, object.size() - 4}) {
        const std::vector<std::byte> cut(object.begin(), object.begin() + static_cast<std::ptrdiff_t>(kept));
        const auto message = message_of<rtcg::InvalidArgument>([&] {
            rtcg::Module::link(context(), {rtcg::LinkInput::source(kernel_unit()), rtcg::LinkInput::binary(cut)},
                               kernel_options());
        });
        CHECK(contains(message, "unit 1 of 2"));
    }
}

TEST_CASE("a link is cached: the same units again are a hit, a changed unit or order a new build") {
    rtcg::test::ScopedCacheDirectory cache;
    const std::uint64_t before = builds();
    CHECK(run(link_sources(7)) == expected(7));
    CHECK(builds() == before + 1);
    CHECK(cache.entries().size() == 1);

    const auto memory_hits = rtcg::compile_cache_stats().memory_hits;
    CHECK(run(link_sources(7)) == expected(7));
    CHECK(rtcg::compile_cache_stats().memory_hits == memory_hits + 1);
    CHECK(builds() == before + 1);

    // Another context has an empty memory: the linked binary comes from the disk.
    const auto fresh = rtcg::Context::create(context().selector());
    const auto disk_hits = rtcg::compile_cache_stats().disk_hits;
    const auto from_disk = rtcg::Module::link(
        fresh, {rtcg::LinkInput::source(kernel_unit()), rtcg::LinkInput::source(function_unit(), scaled(7))},
        kernel_options());
    CHECK(rtcg::compile_cache_stats().disk_hits == disk_hits + 1);
    auto out = fresh.allocate(count * sizeof(int));
    from_disk.kernel("apply")(fresh.queue(), rtcg::LaunchConfig::covering(count, 16), out, count);
    CHECK(fresh.to_host<int>(out) == expected(7));

    // One unit's options changed: a new key, a new build, the new result.
    CHECK(run(link_sources(8)) == expected(8));
    CHECK(builds() == before + 2);
    // The same units in the other order: a new key too.
    CHECK(run(rtcg::Module::link(context(), {rtcg::LinkInput::source(function_unit(), scaled(7)),
                                             rtcg::LinkInput::source(kernel_unit(), kernel_options())})) ==
          expected(7));
    CHECK(builds() == before + 3);
    CHECK(cache.entries().size() == 3);
}

TEST_CASE("a unit's in-memory headers reach its compile, and an edited header links anew") {
    rtcg::test::ScopedCacheDirectory cache;
    const std::string included = std::string(linkage) + "#include \"scale.h\"\n" +
                                 "LINKED int offset_of(int i) { return SCALE * i + 1; }\n";
    const auto link_with_header = [&](int scale) {
        const rtcg::CompileOptions options{.headers = {{"scale.h", "#define SCALE " + std::to_string(scale) + "\n"}}};
        return rtcg::Module::link(context(),
                                  {rtcg::LinkInput::source(kernel_unit()), rtcg::LinkInput::source(included, options)},
                                  kernel_options());
    };
    const std::uint64_t before = builds();
    CHECK(run(link_with_header(4)) == expected(4));
    CHECK(run(link_with_header(6)) == expected(6));
    CHECK(builds() == before + 2);
}

namespace {

// An executable program binary as a link unit, which only CUDA's linker would take: refused. The
// executable is a compile's, as the disk cache stores it after its header: magic, key digest,
// payload size and payload digest.
void refuses_an_executable_unit() {
    rtcg::test::ScopedCacheDirectory cache;
    rtcg::test::compile("RTCG_KERNEL void whole(RTCG_GLOBAL int* out) { out[0] = 1; }");
    REQUIRE(cache.entries().size() == 1);
    std::ifstream file(cache.entries().front(), std::ios::binary);
    const std::string entry((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    constexpr std::size_t header_size = 8 + 32 + 8 + 32;
    REQUIRE(entry.size() > header_size);
    const auto message = message_of<rtcg::InvalidArgument>([&] {
        rtcg::Module::link(context(),
                           {rtcg::LinkInput::source(kernel_unit()),
                            rtcg::LinkInput::binary(bytes_of(std::string_view(entry).substr(header_size)))},
                           kernel_options());
    });
    // NVIDIA's OpenCL refuses it before its driver sees it (its objects are LLVM bitcode, its
    // executables PTX); other platforms once the driver has said what kind it is.
    CHECK(contains(message, "unit 1 of 2"));
    CHECK((contains(message, "is an executable") || contains(message, "no compiled object or library")));
}

} // namespace

TEST_CASE("link errors name what is wrong") {
    SUBCASE("no units") {
        const auto message = message_of<rtcg::InvalidArgument>(
            [] { rtcg::Module::link(context(), std::span<const rtcg::LinkInput>()); });
        CHECK(contains(message, "no units"));
    }
    SUBCASE("an empty binary unit") {
        const auto message = message_of<rtcg::InvalidArgument>([] {
            rtcg::Module::link(context(), {rtcg::LinkInput::source(kernel_unit()), rtcg::LinkInput::binary({})},
                               kernel_options());
        });
        CHECK(contains(message, "unit 1 of 2"));
    }
    SUBCASE("a SPIR-V binary unit") {
        const std::vector<std::byte> spirv{std::byte{0x03}, std::byte{0x02}, std::byte{0x23}, std::byte{0x07},
                                           std::byte{0x00}, std::byte{0x00}, std::byte{0x01}, std::byte{0x00}};
        const auto message = message_of<rtcg::InvalidArgument>(
            [&] { rtcg::Module::link(context(), {rtcg::LinkInput::binary(spirv)}); });
        CHECK(contains(message, "unit 0 of 1"));
        CHECK(contains(message, "SPIR-V"));
    }
    SUBCASE("a binary unit of no kind the backend links") {
        const auto message = message_of<rtcg::InvalidArgument>([] {
            rtcg::Module::link(context(),
                               {rtcg::LinkInput::source(kernel_unit()),
                                rtcg::LinkInput::binary(bytes_of("not an object of any backend"))},
                               kernel_options());
        });
        CHECK(contains(message, "unit 1 of 2"));
    }
    // No subcase returns early: doctest would then not reach the subcases after it.
    SUBCASE("an executable OpenCL program binary, which only CUDA's linker would take") {
        if (context().device().backend == "opencl") refuses_an_executable_unit();
    }
    SUBCASE("a unit that does not compile") {
        const auto message = message_of<rtcg::CompileError>([] {
            rtcg::Module::link(context(),
                               {rtcg::LinkInput::source(kernel_unit()),
                                rtcg::LinkInput::source(function_unit() + "\nint broken( {\n", scaled(2))},
                               kernel_options());
        });
        CHECK(contains(message, "unit 1 of 2"));
    }
    SUBCASE("a function that no unit defines") {
        try {
            rtcg::Module::link(context(), {rtcg::LinkInput::source(kernel_unit())}, kernel_options());
            FAIL("a link with an undefined function succeeded");
        } catch (const rtcg::LinkError& error) {
            INFO("message: ", std::string(error.what()));
            INFO("linker log: ", error.build_log());
            // CUDA's linker names the symbol in its log. PoCL and NVIDIA's OpenCL (driver 580) give
            // no log for an unresolved function, which the message says.
            if (context().device().backend == "cuda")
                CHECK(contains(error.build_log(), "offset_of"));
            else
                CHECK((contains(error.build_log(), "offset_of") || contains(error.what(), "no linker log")));
        }
    }
}
