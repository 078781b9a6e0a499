// Queue capture and replay (rtcg/core/graph.hpp): captured work against a host reference after
// every replay, in both replay forms; argument snapshots; lifetimes; every refusal, each leaving
// the queue usable.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "../support/test_kernels.hpp"

#include <rtcg/codegen/prelude.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;
namespace kernels = rtcg::test::kernels;

namespace {

constexpr unsigned n = 1031; // not a multiple of the block
const rtcg::LaunchConfig launch = rtcg::LaunchConfig::covering(n, 128);

rtcg::Kernel twice() { return rtcg::test::compile(kernels::twice).kernel("twice"); }
rtcg::Kernel axpb() { return rtcg::test::compile(kernels::axpb).kernel("axpb"); }

std::vector<float> iota_floats() {
    std::vector<float> values(n);
    for (unsigned i = 0; i < n; ++i) values[i] = static_cast<float>(i % 97);
    return values;
}

// What one replay of the capture in "captured work replays ..." does to x: twice, then x * 3 + 1.
void step(std::vector<float>& x) {
    for (float& value : x) value = value * 2.0f * 3.0f + 1.0f;
}

// Where a graph's host transfers read and write.
enum class HostMemory { none, pageable, pinned };

// Host memory of `n` floats of `kind`.
class HostFloats {
public:
    explicit HostFloats(HostMemory kind) {
        if (kind == HostMemory::pinned) {
            pinned_ = context().allocate_pinned(n * sizeof(float));
            data_ = pinned_.as<float>();
        } else {
            pageable_.resize(n);
            data_ = pageable_.data();
        }
    }
    float* data() noexcept { return data_; }
    std::vector<float> values() const { return {data_, data_ + n}; }
    void fill(float value) { std::fill(data_, data_ + n, value); }

private:
    rtcg::PinnedHostBuffer pinned_;
    std::vector<float> pageable_;
    float* data_ = nullptr;
};

void check_native(const rtcg::Graph& graph, rtcg::GraphReplay replay, HostMemory host) {
    MESSAGE("graph replayed by " << graph.native());
    if (replay == rtcg::GraphReplay::reenqueue) {
        CHECK(graph.native() == "re-enqueue");
    } else if (context().device().backend == "cuda") {
        // Pageable memory needs the driver to stage each copy, which a CUDA graph cannot hold.
        CHECK(graph.native() == (host == HostMemory::pageable ? "re-enqueue" : "cuda graph"));
    } else if (host != HostMemory::none) {
        CHECK(graph.native() == "re-enqueue"); // a command buffer holds no host transfers
    } else {
        // cl_khr_command_buffer where the device has it (PoCL 3.1 and later do)
        CHECK((graph.native() == "cl_khr_command_buffer" || graph.native() == "re-enqueue"));
    }
}

} // namespace

TEST_CASE("captured work replays in order, checked after every replay, in both replay forms") {
    for (const auto replay : {rtcg::GraphReplay::native, rtcg::GraphReplay::reenqueue}) {
        CAPTURE(static_cast<int>(replay));
        for (const HostMemory host : {HostMemory::none, HostMemory::pageable, HostMemory::pinned}) {
            CAPTURE(static_cast<int>(host));
            const bool with_host_transfers = host != HostMemory::none;
            auto& queue = context().queue();
            std::vector<float> reference = iota_floats();
            auto x = context().to_device(reference);
            auto y = context().allocate(n * sizeof(float));
            auto filled = context().allocate(n * sizeof(std::int32_t));
            auto scratch = context().allocate(n * sizeof(float));
            HostFloats host_in(host), host_out(host);
            host_in.fill(0.0f);
            host_out.fill(-1.0f);
            const auto scale = twice();
            const auto affine = axpb();

            queue.begin_capture();
            CHECK(queue.is_capturing());
            queue.fill(filled, std::int32_t{-7});
            scale(queue, launch, x, n);
            affine(queue, launch, x, 3.0f, 1.0f, n);
            queue.copy(x, y, n * sizeof(float));
            if (with_host_transfers) {
                queue.write(scratch, host_in.data(), n * sizeof(float), 0, rtcg::Transfer::async);
                queue.read(y, host_out.data(), n * sizeof(float), 0, rtcg::Transfer::async);
            }
            auto graph = queue.end_capture(replay);
            CHECK_FALSE(queue.is_capturing());
            CHECK(graph.size() == (with_host_transfers ? 6u : 4u));
            check_native(graph, replay, host);

            // Nothing ran while capturing.
            CHECK(context().to_host<float>(x) == reference);

            for (int round = 1; round <= 3; ++round) {
                CAPTURE(round);
                host_in.fill(static_cast<float>(round));
                graph.launch(queue);
                queue.finish();
                step(reference);
                REQUIRE(context().to_host<float>(x) == reference);
                REQUIRE(context().to_host<float>(y) == reference);
                REQUIRE(context().to_host<std::int32_t>(filled) == std::vector<std::int32_t>(n, -7));
                if (with_host_transfers) {
                    // The host memory is read and written at each replay.
                    REQUIRE(host_out.values() == reference);
                    REQUIRE(context().to_host<float>(scratch) == std::vector<float>(n, static_cast<float>(round)));
                }
            }
        }
    }
}

TEST_CASE("argument values are copied at capture") {
    auto& queue = context().queue();
    auto x = context().to_device(std::vector<float>(n, 1.0f));
    float a = 3.0f, b = 0.5f;
    const auto affine = axpb();
    queue.begin_capture();
    affine(queue, launch, x, a, b, n);
    auto graph = queue.end_capture();
    a = 100.0f;
    b = 100.0f;
    graph.launch(queue);
    CHECK(context().to_host<float>(x) == std::vector<float>(n, 3.5f));
}

TEST_CASE("a captured launch keeps its local-memory carveout, in both replay forms") {
    // On CUDA the native graph's kernel node comes from cuLaunchKernelEx under stream capture.
    for (const auto replay : {rtcg::GraphReplay::native, rtcg::GraphReplay::reenqueue}) {
        auto& queue = context().queue();
        auto x = context().to_device(iota_floats());
        rtcg::LaunchConfig with_carveout = launch;
        with_carveout.local_memory_carveout = 29;
        queue.begin_capture();
        twice()(queue, with_carveout, x, n);
        auto graph = queue.end_capture(replay);
        graph.launch(queue);
        graph.launch(queue);
        std::vector<float> expected = iota_floats();
        for (float& value : expected) value *= 4.0f;
        CHECK(context().to_host<float>(x) == expected);
    }
}

TEST_CASE("a graph replays on another queue, after the queue it was captured on is gone") {
    std::vector<float> reference = iota_floats();
    auto x = context().to_device(reference);
    rtcg::Graph graph;
    {
        auto captured_on = context().create_queue();
        captured_on.begin_capture();
        twice()(captured_on, launch, x, n);
        axpb()(captured_on, launch, x, 3.0f, 1.0f, n);
        graph = captured_on.end_capture();
    }
    auto other = context().create_queue();
    for (int round = 0; round < 2; ++round) {
        graph.launch(other);
        step(reference);
    }
    other.finish();
    CHECK(context().to_host<float>(x) == reference);
}

TEST_CASE("a graph keeps its buffers, kernels and context alive") {
    auto& queue = context().queue();
    std::vector<float> out(n, 0.0f);
    rtcg::Graph graph;
    {
        auto x = context().to_device(std::vector<float>(n, 2.0f));
        auto y = context().allocate(n * sizeof(float));
        const auto affine = axpb();
        queue.begin_capture();
        affine(queue, launch, x, 1.0f, 1.0f, n);
        queue.copy(x, y, n * sizeof(float));
        queue.read(y, out.data(), n * sizeof(float), 0, rtcg::Transfer::async);
        graph = queue.end_capture();
        x.release(); // the graph still holds the memory
    }
    for (int round = 1; round <= 2; ++round) {
        graph.launch(queue);
        queue.finish();
        CHECK(out == std::vector<float>(n, 2.0f + static_cast<float>(round)));
    }

    // Pool buffers go back to their pool only once the graph is gone.
    rtcg::MemoryPool pool(context());
    {
        auto pooled = pool.allocate(n * sizeof(float), queue);
        queue.fill(pooled, 1.0f);
        queue.begin_capture();
        axpb()(queue, launch, pooled, 2.0f, 0.0f, n);
        queue.read(pooled, out.data(), n * sizeof(float), 0, rtcg::Transfer::async);
        graph = queue.end_capture();
    }
    CHECK(pool.held_bytes() == 0);
    graph.launch(queue);
    queue.finish();
    CHECK(out == std::vector<float>(n, 2.0f));
    graph = rtcg::Graph();
    CHECK(pool.held_bytes() > 0);
}

TEST_CASE("an empty capture replays nothing") {
    auto& queue = context().queue();
    queue.begin_capture();
    auto graph = queue.end_capture();
    CHECK(graph);
    CHECK(graph.size() == 0);
    CHECK(graph.native() == "re-enqueue");
    graph.launch(queue);
    queue.finish();
}

TEST_CASE("a graph launched on a capturing queue is appended to that capture") {
    auto& queue = context().queue();
    std::vector<float> reference = iota_floats();
    auto x = context().to_device(reference);
    queue.begin_capture();
    twice()(queue, launch, x, n);
    auto inner = queue.end_capture();
    queue.begin_capture();
    inner.launch(queue);
    axpb()(queue, launch, x, 3.0f, 1.0f, n);
    inner.launch(queue);
    auto outer = queue.end_capture();
    CHECK(outer.size() == 3);
    inner = rtcg::Graph(); // outer holds what inner's commands use
    outer.launch(queue);
    for (float& value : reference) value = (value * 2.0f * 3.0f + 1.0f) * 2.0f;
    CHECK(context().to_host<float>(x) == reference);
}

TEST_CASE("a capture scope ends the capture, or abandons it on the way out") {
    auto queue = context().create_queue();
    auto x = context().to_device(std::vector<float>(n, 1.0f));
    try {
        rtcg::CaptureScope scope(queue);
        twice()(queue, launch, x, n);
        throw std::runtime_error("leaving early");
    } catch (const std::runtime_error&) {}
    CHECK_FALSE(queue.is_capturing());
    CHECK(context().to_host<float>(x) == std::vector<float>(n, 1.0f)); // nothing ran or was kept

    rtcg::CaptureScope scope(queue);
    twice()(queue, launch, x, n);
    auto graph = scope.end();
    CHECK(contains(message_of<rtcg::CaptureError>([&] { scope.end(); }), "ended already"));
    graph.launch(queue);
    queue.finish();
    CHECK(context().to_host<float>(x) == std::vector<float>(n, 2.0f));
}

TEST_CASE("a capturing queue refuses what would wait for the host, and goes on capturing") {
    auto queue = context().create_queue();
    auto x = context().to_device(std::vector<float>(n, 1.0f));
    std::vector<float> host(n);
    const auto event = queue.record();

    CHECK(contains(message_of<rtcg::CaptureError>([&] { queue.end_capture(); }), "is not capturing"));
    queue.begin_capture();
    CHECK(contains(message_of<rtcg::CaptureError>([&] { queue.begin_capture(); }), "capturing already"));
    const auto refused = [&](auto operation, const char* named) {
        const std::string message = message_of<rtcg::CaptureError>(operation);
        CHECK(contains(message, named));
        CHECK(contains(message, "while queue #" + std::to_string(queue.id()) + " is capturing"));
        CHECK(queue.is_capturing());
    };
    refused([&] { queue.write(x, host.data(), n * sizeof(float)); }, "Queue::write");
    refused([&] { queue.read(x, host.data(), n * sizeof(float)); }, "Queue::read");
    refused(
        [&] {
            queue.write_rect(x, host.data(), n * sizeof(float), {.region = {16, 2, 1}, .src = {}, .dst = {}});
        },
        "Queue::write_rect");
    refused(
        [&] {
            queue.read_rect(x, host.data(), n * sizeof(float), {.region = {16, 2, 1}, .src = {}, .dst = {}});
        },
        "Queue::read_rect");
    refused([&] { queue.finish(); }, "Queue::finish");
    refused([&] { queue.record(); }, "Queue::record");
    refused([&] { queue.wait_for(event); }, "Queue::wait_for");
    if (context().device().can_map_host_memory) {
        auto mapped = context().allocate_mapped(16);
        refused([&] { mapped.map(queue); }, "MappedHostBuffer::map");
    }
    // A copy between contexts is not captured (one within the context is).
    const auto other = rtcg::Context::create(context().selector());
    auto elsewhere = other.allocate(n * sizeof(float));
    refused([&] { queue.copy_peer(x, elsewhere, n * sizeof(float)); }, "Queue::copy_peer");

    // What was captured besides the refusals still replays.
    twice()(queue, launch, x, n);
    auto graph = queue.end_capture();
    CHECK(graph.size() == 1);
    graph.launch(queue);
    queue.finish();
    CHECK(context().to_host<float>(x) == std::vector<float>(n, 2.0f));
}

TEST_CASE("a capture refuses image transfers and kernels that pass images") {
    const rtcg::ImageFormat format{rtcg::ChannelType::float32, 4};
    if (!rtcg::image_format_supported(context(), format, 2)) {
        MESSAGE("no float32x4 2-D images on this device");
        return;
    }
    rtcg::Image image(context(), format, rtcg::ImageShape::two_d(2, 2));
    std::vector<float> pixels(16, 1.0f);
    auto values = context().to_device(pixels);
    constexpr std::string_view source = R"(
RTCG_KERNEL void store(RTCG_WRITE_IMAGE2D(dst), RTCG_GLOBAL const rtcg_float4* values) {
    const int x = (int)RTCG_GLOBAL_ID(0), y = (int)RTCG_GLOBAL_ID(1);
    rtcg_image2d_write_float4(dst, x, y, values[y * 2 + x]);
}
)";
    const auto store =
        context().compile(source, {.prelude = rtcg::codegen::portable_prelude({.images = true})}).kernel("store");
    auto queue = context().create_queue();
    queue.begin_capture();
    CHECK(contains(message_of<rtcg::CaptureError>(
                       [&] { image.write(queue, std::span<const float>(pixels), {}, rtcg::Transfer::async); }),
                   "Image::write"));
    CHECK(contains(message_of<rtcg::CaptureError>([&] {
                       store(queue, rtcg::LaunchConfig{rtcg::Dim3{1, 1}, rtcg::Dim3{2, 2}}, image.storage(), values);
                   }),
                   "passes an image"));
    auto graph = queue.end_capture();
    CHECK(graph.size() == 0);
    store(queue, rtcg::LaunchConfig{rtcg::Dim3{1, 1}, rtcg::Dim3{2, 2}}, image.storage(), values);
    queue.finish();
}

TEST_CASE("a graph refuses queues of another context and empty graphs") {
    auto x = context().to_device(std::vector<float>(n, 1.0f));
    auto& queue = context().queue();
    queue.begin_capture();
    twice()(queue, launch, x, n);
    auto graph = queue.end_capture();

    const auto other = rtcg::Context::create(context().selector());
    auto foreign = other.create_queue();
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { graph.launch(foreign); }), "another context"));
    rtcg::Graph empty;
    CHECK_FALSE(empty);
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { empty.launch(queue); }), "empty"));
    rtcg::Queue moved_from;
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { graph.launch(moved_from); }), "empty"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { moved_from.begin_capture(); }), "empty"));

    // Checks a capture makes are those of the queue: a range past the end is refused.
    queue.begin_capture();
    CHECK_THROWS_AS(queue.copy(x, x, 8, 0, n * sizeof(float)), rtcg::InvalidArgument);
    queue.abandon_capture();
    CHECK_FALSE(queue.is_capturing());
    graph.launch(queue);
    queue.finish();
    CHECK(context().to_host<float>(x) == std::vector<float>(n, 2.0f));
}

TEST_CASE("RTCG_GRAPH_REENQUEUE makes every graph re-enqueue") {
    auto x = context().to_device(std::vector<float>(n, 1.0f));
    auto& queue = context().queue();
    ::setenv("RTCG_GRAPH_REENQUEUE", "1", 1);
    queue.begin_capture();
    twice()(queue, launch, x, n);
    auto graph = queue.end_capture();
    ::unsetenv("RTCG_GRAPH_REENQUEUE");
    CHECK(graph.native() == "re-enqueue");
    graph.launch(queue);
    CHECK(context().to_host<float>(x) == std::vector<float>(n, 2.0f));
}

TEST_CASE("a graph replays many times in a row without waiting in between") {
    for (const auto replay : {rtcg::GraphReplay::native, rtcg::GraphReplay::reenqueue}) {
        CAPTURE(static_cast<int>(replay));
        auto& queue = context().queue();
        auto x = context().to_device(std::vector<float>(n, 0.0f));
        queue.begin_capture();
        for (int step = 0; step < 10; ++step) axpb()(queue, launch, x, 1.0f, 1.0f, n);
        auto graph = queue.end_capture(replay);
        for (int round = 0; round < 50; ++round) graph.launch(queue);
        CHECK(context().to_host<float>(x) == std::vector<float>(n, 500.0f));
    }
}

TEST_CASE("a graph keeps mapped host memory alive after its MappedHostBuffer is gone") {
    if (!context().device().can_map_host_memory) {
        MESSAGE("this device cannot map host memory");
        return;
    }
    auto& queue = context().queue();
    auto out = context().allocate(n * sizeof(float));
    rtcg::Graph graph;
    {
        auto mapped = context().allocate_mapped(n * sizeof(float));
        {
            const auto mapping = mapped.map(queue);
            auto* values = static_cast<float*>(mapping.data());
            for (unsigned i = 0; i < n; ++i) values[i] = 4.0f;
        }
        queue.begin_capture();
        axpb()(queue, launch, mapped.buffer(), 1.0f, 1.0f, n);
        queue.copy(mapped.buffer(), out, n * sizeof(float));
        graph = queue.end_capture();
    }
    for (int round = 1; round <= 2; ++round) {
        graph.launch(queue);
        CHECK(context().to_host<float>(out) == std::vector<float>(n, 4.0f + static_cast<float>(round)));
    }
}

TEST_CASE("a captured launch through a BufferView replays on its part of the buffer") {
    for (const auto replay : {rtcg::GraphReplay::native, rtcg::GraphReplay::reenqueue}) {
        CAPTURE(static_cast<int>(replay));
        constexpr unsigned total = 4096, first = 1024, count = 512; // 4096 bytes in: aligned everywhere
        auto& queue = context().queue();
        auto buffer = context().to_device(std::vector<float>(total, 1.0f));
        rtcg::Graph graph;
        {
            const rtcg::BufferView view(buffer, first * sizeof(float), count * sizeof(float));
            queue.begin_capture();
            twice()(queue, rtcg::LaunchConfig::covering(count, 128), view, count);
            graph = queue.end_capture(replay);
        } // the view is gone; the graph holds what it needs of it
        graph.launch(queue);
        graph.launch(queue);
        const auto back = context().to_host<float>(buffer);
        for (unsigned i = 0; i < total; ++i) REQUIRE(back[i] == (i >= first && i < first + count ? 4.0f : 1.0f));
    }
}

TEST_CASE("a capture moves with its queue") {
    auto first = context().create_queue();
    auto x = context().to_device(std::vector<float>(n, 1.0f));
    first.begin_capture();
    twice()(first, launch, x, n);
    rtcg::Queue second = std::move(first);
    CHECK(second.is_capturing());
    CHECK_FALSE(first.is_capturing()); // NOLINT(bugprone-use-after-move)
    twice()(second, launch, x, n);
    auto graph = second.end_capture();
    CHECK(graph.size() == 2);
    graph.launch(second);
    second.finish();
    CHECK(context().to_host<float>(x) == std::vector<float>(n, 4.0f));
}
