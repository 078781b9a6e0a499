// Launching kernels: every scalar type, structs, 3-D grids, dynamic local memory, events, launches
// from several threads at once.
#include "../support/host_reference.hpp"
#include "../support/test_context.hpp"
#include "../support/test_kernels.hpp"
#include "../support/type_names.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <iterator>
#include <thread>
#include <vector>

using rtcg::test::context;
using rtcg::test::random_values;
namespace kernels = rtcg::test::kernels;

namespace {

rtcg::codegen::Dialect dialect() { return rtcg::codegen::dialect_of(context().device()); }

template <class T>
void check_scale_add() {
    const unsigned n = 1000;
    const auto input = random_values<T>(n);
    const T offset = T(7);
    auto in = context().to_device(input);
    auto out = context().allocate(n * sizeof(T));
    const auto module = rtcg::test::compile(kernels::scale_add, {{}, {{"ELEMENT", rtcg::test::type_name<T>(dialect())}}});
    module.kernel("scale_add")(context().queue(), rtcg::LaunchConfig::covering(n, 128), in, out, offset, n);
    const auto result = context().to_host<T>(out);
    for (unsigned i = 0; i < n; ++i) REQUIRE(result[i] == static_cast<T>(input[i] * T(2) + offset));
}

} // namespace

TEST_CASE("twice doubles every element") {
    const unsigned n = 1031; // not a multiple of the block
    const auto input = random_values<float>(n);
    auto a = context().to_device(input);
    const auto kernel = rtcg::test::compile(kernels::twice).kernel("twice");
    CHECK(kernel.name() == "twice");
    kernel(context().queue(), rtcg::LaunchConfig::covering(n, 256), a, n);
    const auto result = context().to_host<float>(a);
    for (unsigned i = 0; i < n; ++i) REQUIRE(result[i] == 2 * input[i]);
}

TEST_CASE_TEMPLATE("scalar arguments of every fixed-width type", T, std::int8_t, std::uint8_t, std::int16_t,
                   std::uint16_t, std::int32_t, std::uint32_t, std::int64_t, std::uint64_t, float) {
    check_scale_add<T>();
}

TEST_CASE("double arguments where the device has fp64") {
    if (!context().device().supports_fp64) return;
    check_scale_add<double>();
}

TEST_CASE("a trivially-copyable struct passes by value with its padding") {
    struct Params {
        std::int32_t count;
        float scale;
        std::int64_t big;
        std::int16_t small;
    };
    static_assert(sizeof(Params) == 24);
    Params params;
    std::memset(&params, 0, sizeof params); // defined padding bytes
    params.count = -12345;
    params.scale = 2.5f;
    params.big = std::int64_t{1} << 40;
    params.small = -7;
    auto out = context().allocate(4 * sizeof(std::int64_t));
    const auto module = rtcg::test::compile(kernels::struct_argument,
                                            {{}, {{"I64", rtcg::test::type_name<std::int64_t>(dialect())}}});
    module.kernel("unpack")(context().queue(), rtcg::LaunchConfig{1, 1}, params, out);
    CHECK(context().to_host<std::int64_t>(out) == std::vector<std::int64_t>{-12345, 2500, std::int64_t{1} << 40, -7});
}

TEST_CASE("three-dimensional grids see every global id") {
    const rtcg::Dim3 block{4, 2, 2}, grid{3, 2, 2};
    const std::size_t width = 12, height = 4, depth = 4;
    auto out = context().allocate(width * height * depth * sizeof(unsigned));
    context().queue().fill(out, 0xffffffffu);
    rtcg::test::compile(kernels::ids_3d).kernel("ids")(context().queue(), rtcg::LaunchConfig{grid, block}, out);
    const auto ids = context().to_host<unsigned>(out);
    for (std::size_t z = 0; z < depth; ++z)
        for (std::size_t y = 0; y < height; ++y)
            for (std::size_t x = 0; x < width; ++x)
                REQUIRE(ids[(z * height + y) * width + x] == x + 100 * y + 10000 * z);
}

TEST_CASE("dynamic local memory is sized at launch") {
    const std::size_t block = 64, blocks = 5;
    std::vector<int> input(block * blocks);
    for (std::size_t i = 0; i < input.size(); ++i) input[i] = static_cast<int>(i) + 1;
    auto data = context().to_device(input);
    const auto kernel = rtcg::test::compile(kernels::reverse_blocks).kernel("reverse_blocks");
    kernel(context().queue(), rtcg::LaunchConfig{blocks, block, block * sizeof(int)}, data);
    const auto result = context().to_host<int>(data);
    for (std::size_t b = 0; b < blocks; ++b)
        for (std::size_t i = 0; i < block; ++i) REQUIRE(result[b * block + i] == input[b * block + block - 1 - i]);
}

TEST_CASE("a launch's local-memory carveout leaves its results and its dynamic local memory as they are") {
    // On CUDA every carveout goes through cuLaunchKernelEx, which takes the grid, the block, the
    // dynamic shared memory and the arguments its own way; OpenCL ignores the hint.
    const std::size_t block = 64, blocks = 37;
    std::vector<int> input(block * blocks);
    for (std::size_t i = 0; i < input.size(); ++i) input[i] = static_cast<int>(i) * 3 + 1;
    const auto kernel = rtcg::test::compile(kernels::reverse_blocks).kernel("reverse_blocks");
    for (const unsigned carveout : {0u, 29u, 100u}) {
        CAPTURE(carveout);
        auto data = context().to_device(input);
        rtcg::LaunchConfig config{blocks, block, block * sizeof(int)};
        config.local_memory_carveout = carveout;
        kernel(context().queue(), config, data);
        const auto result = context().to_host<int>(data);
        for (std::size_t b = 0; b < blocks; ++b)
            for (std::size_t i = 0; i < block; ++i) REQUIRE(result[b * block + i] == input[b * block + block - 1 - i]);
    }
}

TEST_CASE("kernel attributes and names come from the backend") {
    const auto module = rtcg::test::compile(kernels::two_kernels);
    auto names = module.kernel_names();
    std::sort(names.begin(), names.end());
    CHECK(names == std::vector<std::string>{"first", "second"});
    const auto kernel = module.kernel("second");
    CHECK(kernel.parameter_count() == 1);
    CHECK(kernel.attributes().max_threads_per_block > 0);
    CHECK(kernel.attributes().max_threads_per_block <= context().device().max_work_group_size);
    if (rtcg::test::is(rtcg::codegen::Dialect::cuda)) CHECK(kernel.attributes().registers_per_thread.has_value());
}

TEST_CASE("an empty grid launches nothing") {
    auto a = context().to_device(std::vector<float>{1, 2});
    const auto kernel = rtcg::test::compile(kernels::twice).kernel("twice");
    kernel(context().queue(), rtcg::LaunchConfig::covering(0, 256), a, 0u);
    CHECK(context().to_host<float>(a) == std::vector<float>{1, 2});
}

TEST_CASE("events time device work and order queues") {
    const unsigned n = 1 << 20;
    auto a = context().to_device(random_values<float>(n));
    const auto kernel = rtcg::test::compile(kernels::twice).kernel("twice");
    auto producer = context().create_queue();
    auto consumer = context().create_queue();
    const auto start = producer.record();
    for (int i = 0; i < 4; ++i) kernel(producer, rtcg::LaunchConfig::covering(n, 256), a, n);
    const auto end = producer.record();
    consumer.wait_for(end);
    auto copy = context().allocate(n * sizeof(float));
    consumer.copy(a, copy, n * sizeof(float));
    consumer.finish();
    CHECK(end.is_complete());
    const double ms = rtcg::elapsed_ms(start, end);
    CHECK(ms > 0.0);
    CHECK(ms < 60000.0);
    CHECK(context().to_host<float>(copy) == context().to_host<float>(a));
}

TEST_CASE("one kernel launched at once from several threads, each on its own queue, at many widths and group sizes") {
    // Every thread adds 1 to the first n elements of its own array at a width and group size that
    // change from launch to launch, so that launches of one kernel of several widths are in
    // flight at once (PoCL before 7.0 aborted on that: pocl_version.hpp in the OpenCL plug-in).
    constexpr int threads = 4, launches = 120;
    constexpr unsigned longest = 64 * 100;
    constexpr std::size_t group_sizes[] = {16, 32, 64};
    const auto kernel = rtcg::test::compile(kernels::axpb).kernel("axpb");
    const auto length_of = [](int thread, int launch) { return 64 * (1 + unsigned(launch * 7 + thread * 13) % 100); };
    std::vector<rtcg::Buffer> arrays;
    for (int t = 0; t < threads; ++t) arrays.push_back(context().to_device(std::vector<float>(longest, 0.0f)));
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            rtcg::Queue queue = context().create_queue();
            for (int launch = 0; launch < launches; ++launch) {
                const unsigned n = length_of(t, launch);
                const std::size_t group = group_sizes[std::size_t(launch + t) % std::size(group_sizes)];
                kernel(queue, rtcg::LaunchConfig::covering(n, group), arrays[std::size_t(t)], 1.0f, 1.0f, n);
            }
            queue.finish();
        });
    for (std::thread& worker : workers) worker.join();
    for (int t = 0; t < threads; ++t) {
        std::vector<float> expected(longest, 0.0f);
        for (int launch = 0; launch < launches; ++launch)
            for (unsigned i = 0; i < length_of(t, launch); ++i) expected[i] += 1.0f;
        CHECK(context().to_host<float>(arrays[std::size_t(t)]) == expected);
    }
}

TEST_CASE("PyCUDA's first example: multiply_them in one block of 400 threads") {
    // NVIDIA's OpenCL reports 256 work-items as every kernel's limit but runs groups up to the
    // device's; rtcg takes the device's limit there (backends/opencl/src/opencl_kernel.cpp).
    const std::size_t n = 400;
    if (context().device().max_work_group_size < n) {
        MESSAGE("skipped: the device runs at most " << context().device().max_work_group_size << " work-items a group");
        return;
    }
    const auto a = random_values<float>(n), b = random_values<float>(n);
    auto a_gpu = context().to_device(a), b_gpu = context().to_device(b);
    auto dest = context().allocate(n * sizeof(float));
    const auto multiply_them = rtcg::test::compile(R"(
        RTCG_KERNEL void multiply_them(RTCG_GLOBAL float* dest, RTCG_GLOBAL const float* a, RTCG_GLOBAL const float* b) {
            const int i = RTCG_LOCAL_ID(0);
            dest[i] = a[i] * b[i];
        })").kernel("multiply_them");
    CHECK(multiply_them.attributes().max_threads_per_block >= n);
    multiply_them(context().queue(), rtcg::LaunchConfig{1, n}, dest, a_gpu, b_gpu);
    const auto result = context().to_host<float>(dest);
    for (std::size_t i = 0; i < n; ++i) REQUIRE(result[i] == a[i] * b[i]);
}
