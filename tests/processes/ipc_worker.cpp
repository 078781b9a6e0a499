// The other process of the CUDA IPC test (tests/interop/ipc_test.cpp): opens the memory and the
// event another process exported, waits on the device for that process's work, then runs a
// kernel on the memory in place: x[i] = 2 * x[i] + 1.
//
// Usage: rtcg-ipc-worker <memory handle hex> <event handle hex> <element count>
// Runs on the context RTCG_BACKEND selects. Exits 0 once the kernel has finished, 1 with a
// message on stderr otherwise.
#include <rtcg/core.hpp>

#include <cstdio>
#include <exception>
#include <string>
#include <string_view>

namespace {

constexpr std::string_view twice_plus_one_source = R"(
extern "C" __global__ void twice_plus_one(int* x, unsigned n) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = 2 * x[i] + 1;
}
)";

} // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s <memory handle hex> <event handle hex> <element count>\n", argv[0]);
        return 1;
    }
    try {
        const auto context = rtcg::Context::from_environment();
        rtcg::Buffer shared = rtcg::open_ipc(context, rtcg::IpcMemoryHandle::from_hex(argv[1]));
        const rtcg::Event ready = rtcg::open_ipc(context, rtcg::IpcEventHandle::from_hex(argv[2]));
        const auto count = static_cast<unsigned>(std::stoul(argv[3]));
        if (shared.size() != count * sizeof(int)) {
            std::fprintf(stderr, "the shared buffer has %zu bytes, not %zu\n", shared.size(), count * sizeof(int));
            return 1;
        }
        auto queue = context.create_queue();
        queue.wait_for(ready);
        const auto kernel = context.compile(twice_plus_one_source).kernel("twice_plus_one");
        kernel(queue, rtcg::LaunchConfig::covering(count, 128), shared, count);
        queue.finish();
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "rtcg-ipc-worker: %s\n", error.what());
        return 1;
    }
}
