// Raw CUDA driver calls on memory and streams rtcg owns, and rtcg kernels on memory and streams
// that the driver made directly (rtcg/core/interop/cuda.hpp). The driver is opened with dlopen
// (cuda_driver.hpp). Runs on the CUDA backend; elsewhere each case checks only that the CUDA
// handles are refused.
#include "../support/expect_error.hpp"
#include "../support/host_reference.hpp"
#include "../support/test_context.hpp"
#include "../support/test_kernels.hpp"
#include "add_index_check.hpp"
#include "cuda_driver.hpp"

#include <rtcg/arrays.hpp>
#include <rtcg/core/interop/cuda.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

using rtcg::test::context;
using rtcg::test::driver;
using rtcg::test::message_of;
using rtcg::test::ok;
using rtcg::test::on_cuda;
namespace cu = rtcg::interop::cuda;

namespace {

constexpr std::string_view add_index_source = R"(
extern "C" __global__ void add_index(int* data, unsigned n) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] += (int)i;
}
)";

// add_index, compiled by NVRTC for the context's device and loaded by the driver directly.
struct RawModule {
    CUmodule module = nullptr;
    CUfunction function = nullptr;
    RawModule() {
        const auto binary =
            rtcg::OfflineCompiler("cuda", context().device().architecture).compile(add_index_source);
        ok(driver().cuModuleLoadData(&module, binary.bytes.data()));
        ok(driver().cuModuleGetFunction(&function, module, "add_index"));
    }
    ~RawModule() { driver().cuModuleUnload(module); }
    RawModule(const RawModule&) = delete;
    RawModule& operator=(const RawModule&) = delete;
};

} // namespace

TEST_CASE("raw driver copies and launches work on rtcg's memory and stream") {
    if (!on_cuda()) return;
    ok(driver().cuCtxSetCurrent(cu::context(context())));
    const unsigned n = 1000;
    const auto host = rtcg::test::random_values<std::int32_t>(n);
    auto buffer = context().allocate(n * sizeof(std::int32_t));
    CUdeviceptr pointer = cu::device_pointer(buffer);
    // On rtcg's stream, which is not ordered with the legacy default stream.
    const CUstream stream = cu::stream(context().queue());
    ok(driver().cuMemcpyHtoDAsync(pointer, host.data(), n * sizeof(std::int32_t), stream));

    RawModule raw;
    unsigned count = n;
    void* parameters[] = {&pointer, &count};
    ok(driver().cuLaunchKernel(raw.function, (n + 127) / 128, 1, 1, 128, 1, 1, 0, stream, parameters, nullptr));
    // rtcg's read is queued after the raw launch on the same stream.
    const auto back = context().to_host<std::int32_t>(buffer);
    for (unsigned i = 0; i < n; ++i) REQUIRE(back[i] == host[i] + static_cast<std::int32_t>(i));
    CHECK(cu::device(context()) >= 0);
}

TEST_CASE("rtcg kernels and arrays run on cuMemAlloc memory through a foreign stream") {
    if (!on_cuda()) return;
    ok(driver().cuCtxSetCurrent(cu::context(context())));
    const unsigned n = 777;
    const auto host = rtcg::test::random_values<float>(n);
    CUdeviceptr pointer = 0;
    ok(driver().cuMemAlloc(&pointer, n * sizeof(float)));
    CUstream raw_stream = nullptr;
    ok(driver().cuStreamCreate(&raw_stream, CU_STREAM_NON_BLOCKING));
    // On the stream the rtcg kernel will run on, so that the copy comes first.
    ok(driver().cuMemcpyHtoDAsync(pointer, host.data(), n * sizeof(float), raw_stream));

    int released = 0;
    {
        auto queue = cu::wrap(context(), raw_stream);
        CHECK(cu::stream(queue) == raw_stream);
        // rtcg frees nothing of it: the callback does, once.
        auto buffer = cu::wrap(context(), pointer, n * sizeof(float), [&, pointer] {
            ++released;
            driver().cuMemFree(pointer);
        });
        CHECK(cu::device_pointer(buffer) == pointer);
        rtcg::test::compile(rtcg::test::kernels::twice).kernel("twice")(queue, rtcg::LaunchConfig::covering(n, 64),
                                                                      buffer, n);
        queue.finish();
        std::vector<float> back(n);
        ok(driver().cuMemcpyDtoH(back.data(), pointer, n * sizeof(float)));
        for (unsigned i = 0; i < n; ++i) REQUIRE(back[i] == 2 * host[i]);

        auto array = rtcg::Array<float>::from_buffer(std::move(buffer), {n});
        const auto plus_one = rtcg::Array<float>(array + 1.0f).get();
        for (unsigned i = 0; i < n; ++i) REQUIRE(plus_one[i] == 2 * host[i] + 1);
        CHECK(released == 0);
    }
    CHECK(released == 1);
    // The stream outlived its rtcg Queue: rtcg did not destroy it.
    ok(driver().cuStreamSynchronize(raw_stream));
    ok(driver().cuStreamDestroy(raw_stream));
}

TEST_CASE("memory the driver does not know, or past an allocation's end, is refused") {
    if (!on_cuda()) return;
    ok(driver().cuCtxSetCurrent(cu::context(context())));
    std::vector<int> host(16);
    int released = 0;
    const auto count = [&] { ++released; };
    message_of<rtcg::InvalidArgument>(
        [&] { cu::wrap(context(), reinterpret_cast<std::uintptr_t>(host.data()), 64, count); });
    CUdeviceptr pointer = 0;
    ok(driver().cuMemAlloc(&pointer, 4096));
    message_of<rtcg::InvalidArgument>([&] { cu::wrap(context(), pointer + 2048, 2049, count); });
    {
        auto tail = cu::wrap(context(), pointer + 2048, 2048, count); // the last 2048 bytes fit
        CHECK(tail.size() == 2048);
    }
    CHECK(released == 1);
    ok(driver().cuMemFree(pointer));
}

TEST_CASE("a cubin made elsewhere loads as a Module; one for another architecture is refused") {
    if (!on_cuda()) return;
    const std::string architecture = context().device().architecture;
    const auto cubin = rtcg::OfflineCompiler("cuda", architecture).compile(add_index_source).bytes;
    const auto module = rtcg::Module::from_binary(context(), cubin);
    rtcg::test::check_add_index(module);

    // A cubin runs only on its own major architecture ("sm_90": major 9).
    const auto major = [](const std::string& name) { return name.substr(3, name.size() - 4); };
    for (const auto& target : rtcg::OfflineCompiler::targets("cuda")) {
        if (major(target) == major(architecture)) continue;
        const auto foreign = rtcg::OfflineCompiler("cuda", target).compile(add_index_source).bytes;
        CHECK(rtcg::test::contains(message_of<rtcg::InvalidArgument>([&] { rtcg::Module::from_binary(context(), foreign); }),
                                   "rejected"));
        break;
    }
}
