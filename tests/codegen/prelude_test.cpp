// The prelude's memory macros, barriers, fences, index types and capability macros, each in a
// kernel that runs; and the whole prelude through NVRTC without a warning.
#include "compile_everywhere.hpp"

#include <rtcg/rtcg.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

using rtcg::test::context;

TEST_CASE("RTCG_LOCAL_ARRAY, RTCG_LOCAL and RTCG_LOCAL_PTR share a work-group's memory") {
    constexpr std::size_t width = 64, groups = 3;
    const auto module = rtcg::test::compile_everywhere(R"(
RTCG_DEVICE int read_mirrored(RTCG_LOCAL_PTR const int* tile, size_t i, size_t width) { return tile[width - 1 - i]; }
RTCG_KERNEL void reverse_twice(RTCG_GLOBAL int* RTCG_RESTRICT data) {
    RTCG_LOCAL_ARRAY(int, tile, 64);
    RTCG_LOCAL int again[64];
    const size_t lid = RTCG_LOCAL_ID(0), width = RTCG_LOCAL_SIZE(0), base = RTCG_GROUP_ID(0) * width;
    tile[lid] = data[base + lid];
    RTCG_LOCAL_BARRIER();
    again[lid] = read_mirrored(tile, lid, width) * 10;
    RTCG_BARRIER();
    data[base + lid] = read_mirrored(again, lid, width);
}
)");
    std::vector<int> input(width * groups);
    std::iota(input.begin(), input.end(), 1);
    auto data = context().to_device(input);
    module.kernel("reverse_twice")(context().queue(), rtcg::LaunchConfig{groups, width}, data);
    const auto result = context().to_host<int>(data);
    for (std::size_t i = 0; i < input.size(); ++i) REQUIRE(result[i] == 10 * input[i]);
}

TEST_CASE("RTCG_GLOBAL_BARRIER and the fences order a work-group's writes") {
    constexpr std::size_t width = 32, groups = 4;
    const auto module = rtcg::test::compile_everywhere(R"(
RTCG_KERNEL void pass_left(RTCG_GLOBAL int* scratch, RTCG_GLOBAL int* out) {
    RTCG_LOCAL_ARRAY(int, shared, 32);
    const size_t lid = RTCG_LOCAL_ID(0), width = RTCG_LOCAL_SIZE(0), base = RTCG_GROUP_ID(0) * width;
    scratch[base + lid] = (int)(lid * 3 + 1);
    RTCG_MEM_FENCE_GLOBAL();
    shared[lid] = (int)lid;
    RTCG_MEM_FENCE_LOCAL();
    RTCG_GLOBAL_BARRIER();
    out[base + lid] = scratch[base + (lid + 1) % width] + 1000 * shared[(lid + 2) % width];
}
)");
    auto scratch = context().allocate(width * groups * sizeof(int));
    auto out = context().allocate(width * groups * sizeof(int));
    module.kernel("pass_left")(context().queue(), rtcg::LaunchConfig{groups, width}, scratch, out);
    const auto result = context().to_host<int>(out);
    for (std::size_t g = 0; g < groups; ++g)
        for (std::size_t i = 0; i < width; ++i)
            REQUIRE(result[g * width + i] == static_cast<int>(((i + 1) % width) * 3 + 1 + 1000 * ((i + 2) % width)));
}

TEST_CASE("RTCG_CONSTANT tables and RTCG_CONSTANT_PTR parameters") {
    constexpr unsigned n = 50;
    const auto module = rtcg::test::compile_everywhere(R"(
RTCG_CONSTANT int weights[3] = {2, -3, 5};
RTCG_KERNEL void weigh(RTCG_CONSTANT_PTR int* RTCG_RESTRICT values, RTCG_GLOBAL int* RTCG_RESTRICT out, unsigned n) {
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i < n) out[i] = values[i] * weights[i % 3];
}
)");
    std::vector<int> values(n);
    std::iota(values.begin(), values.end(), -20);
    auto values_gpu = context().to_device(values);
    auto out = context().allocate(n * sizeof(int));
    module.kernel("weigh")(context().queue(), rtcg::LaunchConfig::covering(n, 16), values_gpu, out, n);
    const auto result = context().to_host<int>(out);
    const int weights[] = {2, -3, 5};
    for (unsigned i = 0; i < n; ++i) REQUIRE(result[i] == values[i] * weights[i % 3]);
}

TEST_CASE("rtcg_index_t and rtcg_uindex_t are 64 bits wide") {
    const auto module = rtcg::test::compile_everywhere(R"(
RTCG_KERNEL void widths(rtcg_index_t offset, rtcg_uindex_t big, RTCG_GLOBAL rtcg_index_t* out) {
    out[0] = (rtcg_index_t)sizeof(rtcg_index_t);
    out[1] = (rtcg_index_t)sizeof(rtcg_uindex_t);
    out[2] = offset * 3;
    out[3] = (rtcg_index_t)(big / 2);
    out[4] = (rtcg_index_t)(((rtcg_uindex_t)0 - 1) >> 63);
    out[5] = (rtcg_index_t)RTCG_GLOBAL_ID(0) - ((rtcg_index_t)1 << 40);
}
)");
    auto out = context().allocate(6 * sizeof(std::int64_t));
    const std::int64_t offset = -5'000'000'000'000;
    const std::uint64_t big = 0xfffffffffffffffeull;
    module.kernel("widths")(context().queue(), rtcg::LaunchConfig{1, 1}, offset, big, out);
    CHECK(context().to_host<std::int64_t>(out) ==
          std::vector<std::int64_t>{8, 8, 3 * offset, static_cast<std::int64_t>(big / 2), 1, -(std::int64_t{1} << 40)});
}

TEST_CASE("RTCG_HAS_FP64 and RTCG_HAS_INT64_ATOMICS report the device") {
    const auto module = rtcg::test::compile_everywhere(R"(
RTCG_KERNEL void capabilities(RTCG_GLOBAL int* out) {
    out[0] = RTCG_HAS_FP64;
    out[1] = RTCG_HAS_INT64_ATOMICS;
}
)");
    auto out = context().allocate(2 * sizeof(int));
    module.kernel("capabilities")(context().queue(), rtcg::LaunchConfig{1, 1}, out);
    const auto capabilities = context().to_host<int>(out);
    CHECK(capabilities[0] == (context().device().supports_fp64 ? 1 : 0));
    // CUDA always has them, PoCL by extension; other OpenCL devices may or may not.
    const bool known_to_have_them = rtcg::test::is(rtcg::codegen::Dialect::cuda) ||
                                    context().device().platform == "Portable Computing Language";
    if (known_to_have_them) CHECK(capabilities[1] == 1);
    else CHECK((capabilities[1] == 0 || capabilities[1] == 1));
}

TEST_CASE("the OpenCL prelude and complex support build on devices without fp64 or 64-bit atomics") {
    // Such a device is simulated by withdrawing the extension macros, which PoCL's compiler allows.
    if (context().device().platform != "Portable Computing Language") return;
    const std::string source = "#undef cl_khr_fp64\n#undef cl_khr_int64_base_atomics\n" +
                               rtcg::codegen::with_prelude(rtcg::codegen::Dialect::opencl, R"(
RTCG_KERNEL void capabilities(RTCG_GLOBAL int* out) {
    out[0] = RTCG_HAS_FP64;
    out[1] = RTCG_HAS_INT64_ATOMICS;
    out[2] = (int)cfloat_abs(cfloat_new(3.0f, 4.0f));
}
)",
                                                           {.complex = true});
    auto out = context().allocate(3 * sizeof(int));
    context().compile(source).kernel("capabilities")(context().queue(), rtcg::LaunchConfig{1, 1}, out);
    CHECK(context().to_host<int>(out) == std::vector<int>{0, 0, 5});
}

TEST_CASE("NVRTC compiles the prelude and the complex support without a warning") {
    if (!rtcg::test::nvrtc_available()) return;
    const rtcg::OfflineCompiler compiler("cuda", "sm_90");
    const auto source = rtcg::codegen::with_prelude(rtcg::codegen::Dialect::cuda, "", {.complex = true});
    CHECK(compiler.compile(source).log.empty());
    // The branch for NVRTC before CUDA 13, with the prelude's own 32-byte-aligned 4-vectors.
    const rtcg::CompileOptions as_if_cuda_12{{"-U__CUDACC_VER_MAJOR__", "-D__CUDACC_VER_MAJOR__=12"}, {}};
    CHECK(compiler.compile(source, as_if_cuda_12).log.empty());
}
