// CUDA IPC (rtcg/core/ipc.hpp). On CUDA: this process fills a buffer with a kernel, records an
// interprocess event behind it and starts rtcg-ipc-worker with both handles as hex; the worker
// opens them, waits for the event on the device, and transforms the buffer in place; this process
// checks the result against the host. The buffer is a range inside a larger allocation, so the
// handle's offset is used too. Elsewhere: the typed refusals. On every backend: the handles' text
// form and its bad input.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"

#include <rtcg/core/interop/cuda.hpp>
#include <rtcg/core/ipc.hpp>

#include <doctest/doctest.h>

#include <spawn.h>
#include <sys/wait.h>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

extern char** environ;

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;

namespace {

bool on_cuda() { return rtcg::interop::backend_of(context()) == "cuda"; }

// Each thread spins for `cycles` of its multiprocessor's clock before it writes, so that the
// worker's kernel, were it not ordered after this one, would read the memory before it is written
// and the result would show it.
constexpr std::string_view fill_source = R"(
extern "C" __global__ void three_i_plus_one(int* x, unsigned n, long long cycles) {
    const long long start = clock64();
    while (clock64() - start < cycles) {}
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = 3 * (int)i + 1;
}
)";

// Runs the worker with `arguments` and returns its exit status (-1 where it did not exit).
int run_worker(const std::vector<std::string>& arguments) {
    std::vector<std::string> words{RTCG_IPC_WORKER};
    words.insert(words.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (auto& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    pid_t child = 0;
    REQUIRE(posix_spawn(&child, RTCG_IPC_WORKER, nullptr, nullptr, argv.data(), environ) == 0);
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

} // namespace

TEST_CASE("another process opens exported memory and an event, waits for the work and changes the memory") {
    if (!on_cuda()) return;
    const unsigned n = 100000;
    constexpr std::size_t lead = 256, trail = 64;
    const std::size_t bytes = n * sizeof(int);
    rtcg::Buffer whole = context().to_device(std::vector<std::uint8_t>(lead + bytes + trail, 0x7F));
    // The shared buffer starts inside the allocation, as a pool's or an imported range can.
    rtcg::Buffer shared = rtcg::interop::cuda::wrap(context(), rtcg::interop::cuda::device_pointer(whole) + lead,
                                                    bytes);

    auto queue = context().create_queue();
    const auto fill = context().compile(fill_source).kernel("three_i_plus_one");
    fill(queue, rtcg::LaunchConfig::covering(n, 128), shared, n, std::int64_t{1} << 30); // about half a second
    const rtcg::Event filled = rtcg::record_ipc(queue);
    const rtcg::IpcMemoryHandle memory = rtcg::export_ipc(shared);
    CHECK(memory.offset == lead);
    CHECK(memory.size == bytes);
    // The worker's wait on the device orders it after the fill; this process does not wait.
    REQUIRE(run_worker({memory.to_hex(), rtcg::export_ipc(filled).to_hex(), std::to_string(n)}) == 0);

    const auto after = context().to_host<std::uint8_t>(whole);
    for (std::size_t i = 0; i < lead; ++i) REQUIRE(after[i] == 0x7F);
    for (std::size_t i = lead + bytes; i < after.size(); ++i) REQUIRE(after[i] == 0x7F);
    for (unsigned i = 0; i < n; ++i) {
        int value = 0;
        std::memcpy(&value, after.data() + lead + i * sizeof(int), sizeof value);
        REQUIRE(value == 2 * (3 * static_cast<int>(i) + 1) + 1);
    }
}

TEST_CASE("memory from a memory pool exports with the buffer's size, not the block's") {
    if (!on_cuda()) return;
    auto pool = context().memory_pool();
    rtcg::Buffer pooled = pool.allocate(1000, context().queue());
    const auto handle = rtcg::export_ipc(pooled);
    CHECK(handle.size == 1000);
    // Each of the pool's blocks is an allocation of its own, and a buffer starts its block.
    CHECK(handle.offset == 0);
}

TEST_CASE("IPC refuses what it cannot share") {
    auto queue = context().create_queue();
    auto buffer = context().allocate(64);
    rtcg::IpcMemoryHandle some_memory;
    some_memory.size = 64;
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { rtcg::export_ipc(context().allocate(0)); }), "0 bytes"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { rtcg::export_ipc(rtcg::Buffer()); }), "empty"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { rtcg::export_ipc(rtcg::Event()); }), "never recorded"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { rtcg::open_ipc(context(), rtcg::IpcMemoryHandle{}); }),
                   "0 bytes"));
    rtcg::IpcMemoryHandle overflowing = some_memory;
    overflowing.offset = std::numeric_limits<std::uint64_t>::max() - 10;
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { rtcg::open_ipc(context(), overflowing); }), "overflow"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { rtcg::record_ipc(*std::make_unique<rtcg::Queue>()); }),
                   "empty"));
    if (!on_cuda()) {
        const auto refused = [](auto&& call) { CHECK(contains(message_of<rtcg::BackendMismatch>(call), "CUDA IPC")); };
        refused([&] { rtcg::export_ipc(buffer); });
        refused([&] { rtcg::record_ipc(queue); });
        refused([&] { rtcg::export_ipc(queue.record()); });
        refused([&] { rtcg::open_ipc(context(), some_memory); });
        refused([&] { rtcg::open_ipc(context(), rtcg::IpcEventHandle{}); });
        return;
    }
    // An event of Queue::record has timing and cannot cross processes.
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { rtcg::export_ipc(queue.record()); }), "record_ipc"));
    // A handle of no memory and of no event.
    message_of<rtcg::InvalidArgument>([&] { rtcg::open_ipc(context(), some_memory); });
    message_of<rtcg::InvalidArgument>([&] { rtcg::open_ipc(context(), rtcg::IpcEventHandle{}); });
    // Only cuMemAlloc memory can be shared: not host memory mapped for the device, nor managed memory.
    if (context().device().can_map_host_memory) {
        auto mapped = context().allocate_mapped(64);
        message_of<rtcg::InvalidArgument>([&] { rtcg::export_ipc(mapped.buffer()); });
    }
    if (context().device().managed_coarse) {
        auto managed = context().allocate_managed(64);
        message_of<rtcg::InvalidArgument>([&] { rtcg::export_ipc(managed.buffer()); });
    }
    // An interprocess event has no timing.
    const rtcg::Event shared = rtcg::record_ipc(queue);
    shared.wait();
    CHECK(shared.is_complete());
    message_of<rtcg::BackendError>([&] { rtcg::elapsed_ms(shared, shared); });
}

TEST_CASE("IPC handles go through text and back, and bad text is refused") {
    rtcg::IpcMemoryHandle memory;
    for (std::size_t i = 0; i < memory.driver_handle.size(); ++i)
        memory.driver_handle[i] = static_cast<std::byte>(i * 37 + 11);
    memory.offset = 0x0123456789abcdefULL;
    memory.size = 4096;
    const std::string text = memory.to_hex();
    CHECK(text.size() == 2 * sizeof memory);
    CHECK(text.find_first_not_of("0123456789abcdef") == std::string::npos);
    const auto back = rtcg::IpcMemoryHandle::from_hex(text);
    CHECK(std::memcmp(&back, &memory, sizeof memory) == 0);
    std::string upper = text;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    const auto from_upper = rtcg::IpcMemoryHandle::from_hex(upper);
    CHECK(std::memcmp(&memory, &from_upper, sizeof memory) == 0);

    rtcg::IpcEventHandle event;
    event.driver_handle[63] = std::byte{0xA5};
    CHECK(rtcg::IpcEventHandle::from_hex(event.to_hex()).driver_handle == event.driver_handle);

    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { rtcg::IpcMemoryHandle::from_hex(text.substr(1)); }),
                   "hex digits"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { rtcg::IpcEventHandle::from_hex(text); }), "128 hex digits"));
    std::string damaged = event.to_hex();
    damaged[5] = 'g';
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { rtcg::IpcEventHandle::from_hex(damaged); }), "character 5"));
}
