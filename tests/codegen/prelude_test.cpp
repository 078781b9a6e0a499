// The prelude's memory macros, the required group size, streaming stores, barriers, fences, index
// types, capability macros and bit functions, and the warp primitives where the device has them,
// each in a kernel that runs; and the whole prelude through NVRTC without a warning.
#include "compile_everywhere.hpp"

#include <rtcg/core.hpp>

#include <doctest/doctest.h>

#include <bit>
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

TEST_CASE("RTCG_REQUIRED_GROUP_SIZE: groups of that size run, and OpenCL refuses groups of another") {
    constexpr std::size_t width = 64, groups = 3;
    const auto module = rtcg::test::compile_everywhere(R"(
RTCG_KERNEL RTCG_REQUIRED_GROUP_SIZE(64) void reverse_sized(RTCG_GLOBAL int* data) {
    RTCG_LOCAL_ARRAY(int, tile, 64);
    const size_t lid = RTCG_LOCAL_ID(0), base = RTCG_GROUP_ID(0) * 64;
    tile[lid] = data[base + lid];
    RTCG_LOCAL_BARRIER();
    data[base + lid] = tile[63 - lid] + 1000 * (int)RTCG_LOCAL_SIZE(0);
}
)");
    std::vector<int> input(width * groups);
    std::iota(input.begin(), input.end(), 1);
    auto data = context().to_device(input);
    const rtcg::Kernel kernel = module.kernel("reverse_sized");
    kernel(context().queue(), rtcg::LaunchConfig{groups, width}, data);
    const auto result = context().to_host<int>(data);
    for (std::size_t g = 0; g < groups; ++g)
        for (std::size_t i = 0; i < width; ++i)
            REQUIRE(result[g * width + i] == input[g * width + width - 1 - i] + 1000 * static_cast<int>(width));
    // CUDA has no such declaration; an OpenCL device checks it at the launch, before running anything.
    if (rtcg::codegen::dialect_of(context().device()) == rtcg::codegen::Dialect::opencl) {
        CHECK_THROWS_AS(kernel(context().queue(), rtcg::LaunchConfig{2 * groups, width / 2}, data),
                        rtcg::InvalidArgument);
        CHECK(context().to_host<int>(data) == result);
    }
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

TEST_CASE("RTCG_LOAD_STREAMING and RTCG_LOAD_L2_ONLY load scalars") {
    // On CUDA and on NVIDIA's OpenCL L2_ONLY is a cache-operator load (CUDA's intrinsic, inline
    // PTX), one overload for each type below; elsewhere a plain load.
    constexpr unsigned n = 41;
    const bool doubles = context().device().supports_fp64;
    const auto module = rtcg::test::compile_everywhere(R"(
RTCG_KERNEL void load_both(RTCG_GLOBAL const int* ints, RTCG_GLOBAL const float* floats,
                           RTCG_GLOBAL const rtcg_index_t* wide, RTCG_GLOBAL const unsigned* words,
                           RTCG_GLOBAL const rtcg_uindex_t* wide_words, RTCG_GLOBAL int* out_ints,
                           RTCG_GLOBAL float* out_floats, RTCG_GLOBAL rtcg_index_t* out_wide,
                           RTCG_GLOBAL unsigned* out_words, RTCG_GLOBAL rtcg_uindex_t* out_wide_words, unsigned n) {
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i >= n) return;
    /* Each reads the other's element, so that a load that read the wrong address shows. */
    const size_t j = n - 1 - i;
    out_ints[i] = RTCG_LOAD_STREAMING(&ints[i]) - RTCG_LOAD_L2_ONLY(ints + j);
    out_floats[i] = RTCG_LOAD_STREAMING(floats + i) * RTCG_LOAD_L2_ONLY(&floats[j]);
    out_wide[i] = RTCG_LOAD_L2_ONLY(wide + i) + RTCG_LOAD_STREAMING(&wide[j]);
    out_words[i] = RTCG_LOAD_L2_ONLY(words + j) ^ RTCG_LOAD_STREAMING(words + i);
    out_wide_words[i] = RTCG_LOAD_L2_ONLY(&wide_words[j]) - RTCG_LOAD_L2_ONLY(wide_words + i);
}
#if RTCG_HAS_FP64
RTCG_KERNEL void load_doubles(RTCG_GLOBAL const double* values, RTCG_GLOBAL double* out, unsigned n) {
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i < n) out[i] = RTCG_LOAD_L2_ONLY(values + (n - 1 - i)) - RTCG_LOAD_STREAMING(values + i);
}
#endif
)");
    std::vector<int> ints(n);
    std::vector<float> floats(n);
    std::vector<std::int64_t> wide(n);
    std::vector<unsigned> words(n);
    std::vector<std::uint64_t> wide_words(n);
    std::vector<double> values(n);
    for (unsigned i = 0; i < n; ++i) {
        ints[i] = static_cast<int>(i * i) - 300;
        floats[i] = 0.25f * static_cast<float>(i) - 3.0f;
        wide[i] = (std::int64_t{1} << 40) * (i % 5) - static_cast<std::int64_t>(i);
        words[i] = 0x9e3779b9u * (i + 1);
        wide_words[i] = 0x9e3779b97f4a7c15u * (i + 3);
        values[i] = 1.0 / (i + 1) + 1e10 * (i % 3);
    }
    auto ints_gpu = context().to_device(ints);
    auto floats_gpu = context().to_device(floats);
    auto wide_gpu = context().to_device(wide);
    auto words_gpu = context().to_device(words);
    auto wide_words_gpu = context().to_device(wide_words);
    auto out_ints = context().allocate(n * sizeof(int));
    auto out_floats = context().allocate(n * sizeof(float));
    auto out_wide = context().allocate(n * sizeof(std::int64_t));
    auto out_words = context().allocate(n * sizeof(unsigned));
    auto out_wide_words = context().allocate(n * sizeof(std::uint64_t));
    module.kernel("load_both")(context().queue(), rtcg::LaunchConfig::covering(n, 16), ints_gpu, floats_gpu, wide_gpu,
                               words_gpu, wide_words_gpu, out_ints, out_floats, out_wide, out_words, out_wide_words, n);
    const auto got_ints = context().to_host<int>(out_ints);
    const auto got_floats = context().to_host<float>(out_floats);
    const auto got_wide = context().to_host<std::int64_t>(out_wide);
    const auto got_words = context().to_host<unsigned>(out_words);
    const auto got_wide_words = context().to_host<std::uint64_t>(out_wide_words);
    for (unsigned i = 0; i < n; ++i) {
        CAPTURE(i);
        const unsigned j = n - 1 - i;
        REQUIRE(got_ints[i] == ints[i] - ints[j]);
        REQUIRE(got_floats[i] == floats[i] * floats[j]);
        REQUIRE(got_wide[i] == wide[i] + wide[j]);
        REQUIRE(got_words[i] == (words[j] ^ words[i]));
        REQUIRE(got_wide_words[i] == wide_words[j] - wide_words[i]);
    }
    if (!doubles) return;
    auto values_gpu = context().to_device(values);
    auto out_values = context().allocate(n * sizeof(double));
    module.kernel("load_doubles")(context().queue(), rtcg::LaunchConfig::covering(n, 16), values_gpu, out_values, n);
    const auto got_values = context().to_host<double>(out_values);
    for (unsigned i = 0; i < n; ++i) REQUIRE(got_values[i] == values[n - 1 - i] - values[i]);
}

TEST_CASE("RTCG_STORE_STREAMING stores scalars, 2-vectors and 4-vectors") {
    constexpr unsigned n = 37;
    const auto module = rtcg::test::compile_everywhere(R"(
RTCG_KERNEL void stream_out(RTCG_GLOBAL const int* in, RTCG_GLOBAL int* scalars, RTCG_GLOBAL rtcg_float2* pairs,
                            RTCG_GLOBAL rtcg_int4* quads, unsigned n) {
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i >= n) return;
    const int v = in[i];
    RTCG_STORE_STREAMING(&scalars[i], v * 3);
    RTCG_STORE_STREAMING(pairs + i, rtcg_make_float2((float)v, -0.5f * (float)v));
    RTCG_STORE_STREAMING(&quads[i], rtcg_make_int4(v, v + 1, v + 2, v + 3));
}
)");
    std::vector<int> in(n);
    std::iota(in.begin(), in.end(), -10);
    auto in_gpu = context().to_device(in);
    auto scalars = context().allocate(n * sizeof(int));
    auto pairs = context().allocate(2 * n * sizeof(float));
    auto quads = context().allocate(4 * n * sizeof(int));
    module.kernel("stream_out")(context().queue(), rtcg::LaunchConfig::covering(n, 16), in_gpu, scalars, pairs, quads, n);
    const auto got_scalars = context().to_host<int>(scalars);
    const auto got_pairs = context().to_host<float>(pairs);
    const auto got_quads = context().to_host<int>(quads);
    for (unsigned i = 0; i < n; ++i) {
        CAPTURE(i);
        REQUIRE(got_scalars[i] == 3 * in[i]);
        REQUIRE(got_pairs[2 * i] == static_cast<float>(in[i]));
        REQUIRE(got_pairs[2 * i + 1] == -0.5f * static_cast<float>(in[i]));
        for (int c = 0; c < 4; ++c) REQUIRE(got_quads[4 * i + c] == in[i] + c);
    }
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

TEST_CASE("the bit functions count, find and multiply on every target") {
    constexpr std::size_t count = 64, outputs = 4;
    const auto module = rtcg::test::compile_everywhere(R"(
RTCG_KERNEL void bits(RTCG_GLOBAL const unsigned* in, RTCG_GLOBAL unsigned* out) {
    const unsigned t = (unsigned)RTCG_GLOBAL_ID(0);
    const unsigned v = in[t], w = in[63 - t];
    RTCG_GLOBAL unsigned* mine = out + 4 * t;
    mine[0] = rtcg_popcount(v);
    mine[1] = rtcg_leading_zeros(v);
    mine[2] = v ? rtcg_lowest_set_bit(v) : 99u;
    mine[3] = rtcg_mul_hi(v, w);
}
)");
    std::vector<unsigned> in(count);
    for (std::size_t t = 0; t < count; ++t)
        in[t] = t % 11 == 0 ? 0u : t % 13 == 0 ? 0xffffffffu : static_cast<unsigned>(t * 2654435761u >> (t % 7));
    auto in_gpu = context().to_device(in);
    auto out_gpu = context().allocate(count * outputs * sizeof(unsigned));
    module.kernel("bits")(context().queue(), rtcg::LaunchConfig{1, count}, in_gpu, out_gpu);
    const auto out = context().to_host<unsigned>(out_gpu);
    for (std::size_t t = 0; t < count; ++t) {
        CAPTURE(t);
        const unsigned v = in[t], w = in[count - 1 - t];
        const std::vector<unsigned> expected{static_cast<unsigned>(std::popcount(v)),
                                             static_cast<unsigned>(std::countl_zero(v)),
                                             v ? static_cast<unsigned>(std::countr_zero(v)) : 99u,
                                             static_cast<unsigned>(std::uint64_t{v} * w >> 32)};
        CHECK(std::vector<unsigned>(out.begin() + t * outputs, out.begin() + (t + 1) * outputs) == expected);
    }
}

TEST_CASE("the bit casts give a float's and a double's bits, and the value back from them") {
    constexpr std::size_t count = 8;
    const bool doubles = context().device().supports_fp64;
    const auto module = rtcg::test::compile_everywhere(
        std::string(doubles ? "#define WITH_DOUBLES 1\n" : "#define WITH_DOUBLES 0\n") + R"(
RTCG_KERNEL void casts(RTCG_GLOBAL const float* f, RTCG_GLOBAL unsigned* f_bits, RTCG_GLOBAL float* f_back,
                       RTCG_GLOBAL const rtcg_uindex_t* d_bits_in, RTCG_GLOBAL rtcg_uindex_t* d_bits) {
    const size_t t = RTCG_GLOBAL_ID(0);
    f_bits[t] = rtcg_float_bits(f[t]);
    f_back[t] = rtcg_float_from_bits(rtcg_float_bits(f[t]) ^ 0x80000000u);
#if WITH_DOUBLES
    // The double made from the bits, halved, and its bits again: a round trip through arithmetic.
    d_bits[t] = rtcg_double_bits(rtcg_double_from_bits(d_bits_in[t]) * 0.5);
#else
    d_bits[t] = d_bits_in[t];
#endif
}
)");
    const std::vector<float> f{1.0f, -2.5f, 0.0f, -0.0f, 3.4e38f, 1.0e-40f, 6.25f, -1.0e-3f};
    std::vector<std::uint64_t> d_bits(count);
    for (std::size_t t = 0; t < count; ++t)
        d_bits[t] = std::bit_cast<std::uint64_t>(1.5 * static_cast<double>(f[t]) + 1e300 * (t == 4));
    auto f_gpu = context().to_device(f);
    auto d_gpu = context().to_device(d_bits);
    auto f_bits = context().allocate(count * sizeof(unsigned));
    auto f_back = context().allocate(count * sizeof(float));
    auto d_out = context().allocate(count * sizeof(std::uint64_t));
    module.kernel("casts")(context().queue(), rtcg::LaunchConfig{1, count}, f_gpu, f_bits, f_back, d_gpu, d_out);
    const auto bits = context().to_host<unsigned>(f_bits);
    const auto back = context().to_host<float>(f_back);
    const auto doubled = context().to_host<std::uint64_t>(d_out);
    for (std::size_t t = 0; t < count; ++t) {
        CAPTURE(t);
        CHECK(bits[t] == std::bit_cast<unsigned>(f[t]));
        CHECK(std::bit_cast<unsigned>(back[t]) == (std::bit_cast<unsigned>(f[t]) ^ 0x80000000u));
        if (doubles) CHECK(doubled[t] == std::bit_cast<std::uint64_t>(std::bit_cast<double>(d_bits[t]) * 0.5));
    }
}

TEST_CASE("the warp primitives vote, shuffle and synchronise where the target has them") {
    constexpr std::size_t block = 64, outputs = 7;
    const auto source = [](rtcg::codegen::Dialect dialect) {
        return rtcg::codegen::with_prelude(dialect, R"(
RTCG_KERNEL void warps(RTCG_GLOBAL const unsigned* in, RTCG_GLOBAL unsigned* out) {
    RTCG_LOCAL_ARRAY(unsigned, shared, 64);
    const unsigned t = (unsigned)RTCG_LOCAL_ID(0), lane = t % 32, warp_first = t - lane;
    const unsigned v = in[t];
    RTCG_GLOBAL unsigned* mine = out + 7 * t;
    mine[0] = rtcg_warp_ballot(0xffffffffu, (int)(v & 1u));
    mine[1] = rtcg_warp_shuffle(0xffffffffu, v, lane * 7u % 32u);
    mine[2] = rtcg_warp_shuffle_up(0xffffffffu, v, 3u);
    mine[3] = rtcg_warp_shuffle_xor(0xffffffffu, v, 5u);
    // Half a warp votes among itself.
    mine[4] = lane < 16 ? rtcg_warp_ballot(0x0000ffffu, (int)(v & 2u)) : 0u;
    shared[t] = v;
    rtcg_warp_sync(0xffffffffu);
    mine[5] = shared[warp_first + (lane + 1) % 32];
    // The lanes that take a branch together.
    mine[6] = lane < 20 ? rtcg_warp_active() : 0u;
}
)",
                                           {.warp = true});
    };
    rtcg::test::compile_for_cuda(source(rtcg::codegen::Dialect::cuda));
    const rtcg::codegen::Target target = rtcg::codegen::target_of(context().device());
    if (!target.warp_primitives) {
        // Only NVIDIA's devices have them; the generators fall back to work-group code elsewhere.
        CHECK(context().device().platform != "NVIDIA CUDA");
        return;
    }
    std::vector<unsigned> in(block);
    for (std::size_t t = 0; t < block; ++t)
        in[t] = t % 11 == 0 ? 0u : static_cast<unsigned>(t * 2654435761u >> (t % 7));
    auto in_gpu = context().to_device(in);
    auto out_gpu = context().allocate(block * outputs * sizeof(unsigned));
    const rtcg::Kernel warps = context().compile(source(target.dialect)).kernel("warps");
    warps(context().queue(), rtcg::LaunchConfig{1, block}, in_gpu, out_gpu);
    const auto out = context().to_host<unsigned>(out_gpu);
    for (std::size_t t = 0; t < block; ++t) {
        CAPTURE(t);
        const std::size_t lane = t % 32, first = t - lane;
        unsigned odd = 0, twos = 0;
        for (std::size_t l = 0; l < 32; ++l) {
            if (in[first + l] & 1u) odd |= 1u << l;
            if (l < 16 && (in[first + l] & 2u)) twos |= 1u << l;
        }
        const unsigned v = in[t];
        const std::vector<unsigned> expected{odd,
                                             in[first + lane * 7 % 32],
                                             lane < 3 ? v : in[t - 3],
                                             in[first + (lane ^ 5)],
                                             lane < 16 ? twos : 0u,
                                             in[first + (lane + 1) % 32],
                                             lane < 20 ? (1u << 20) - 1u : 0u};
        CHECK(std::vector<unsigned>(out.begin() + t * outputs, out.begin() + (t + 1) * outputs) == expected);
    }
}

TEST_CASE("NVRTC compiles the prelude and the complex and warp supports without a warning") {
    if (!rtcg::test::nvrtc_available()) return;
    const rtcg::OfflineCompiler compiler("cuda", "sm_90");
    const auto source = rtcg::codegen::with_prelude(rtcg::codegen::Dialect::cuda, "", {.complex = true, .warp = true});
    CHECK(compiler.compile(source).log.empty());
    // The branch for NVRTC before CUDA 13, with the prelude's own 32-byte-aligned 4-vectors.
    const rtcg::CompileOptions as_if_cuda_12{{"-U__CUDACC_VER_MAJOR__", "-D__CUDACC_VER_MAJOR__=12"}, {}};
    CHECK(compiler.compile(source, as_if_cuda_12).log.empty());
}
