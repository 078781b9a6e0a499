// Out-of-order queues and host callbacks (rtcg/core/queue_options.hpp, Queue::host_function,
// Event::on_complete): barriers and events order out-of-order work; callbacks run once each, after
// their work, in order on an in-order queue, on a thread where they may call rtcg; their failures
// come back as CallbackError exactly once; refusals on every backend that cannot do a thing.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "../support/test_kernels.hpp"

#include <rtcg/core/event.hpp>

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;
namespace kernels = rtcg::test::kernels;

namespace {

constexpr unsigned n = 4099; // not a multiple of the block
const rtcg::LaunchConfig launch = rtcg::LaunchConfig::covering(n, 128);

rtcg::Kernel twice() { return rtcg::test::compile(kernels::twice).kernel("twice"); }

std::vector<float> ramp() {
    std::vector<float> values(n);
    for (unsigned i = 0; i < n; ++i) values[i] = static_cast<float>(i % 101) - 50.0f;
    return values;
}

std::vector<float> scaled(const std::vector<float>& values, float factor) {
    std::vector<float> result = values;
    for (float& value : result) value *= factor;
    return result;
}

const rtcg::QueueOptions out_of_order{.order = rtcg::QueueOrder::out_of_order};

} // namespace

TEST_CASE("an out-of-order queue is had where the device has one, and refused with the device's name elsewhere") {
    const rtcg::DeviceInfo& device = context().device();
    CHECK_FALSE(context().queue().is_out_of_order());
    CHECK_FALSE(context().create_queue().is_out_of_order());
    CHECK_FALSE(context().create_queue(rtcg::QueueOptions{}).is_out_of_order());
    if (device.backend == "cuda") CHECK_FALSE(device.out_of_order_queues);
    if (device.out_of_order_queues) {
        CHECK(context().create_queue(out_of_order).is_out_of_order());
    } else {
        const std::string message =
            message_of<rtcg::InvalidArgument>([] { static_cast<void>(context().create_queue(out_of_order)); });
        CHECK(contains(message, device.name));
        CHECK(contains(message, "out of order"));
        if (device.backend == "cuda") CHECK(contains(message, "CUDA streams are in order"));
    }
}

TEST_CASE("barriers and events order the work of an out-of-order queue") {
    if (!context().device().out_of_order_queues) return;
    rtcg::Queue queue = context().create_queue(out_of_order);
    const auto kernel = twice();
    const std::vector<float> host = ramp();
    auto a = context().allocate(n * sizeof(float)), b = context().allocate(n * sizeof(float));
    auto copied = context().allocate(n * sizeof(float));
    queue.write(a, std::span<const float>(host));
    queue.write(b, std::span<const float>(host));
    // Ten doublings of each buffer: the two chains may run at once, each step after the last.
    for (int step = 0; step < 10; ++step) {
        kernel(queue, launch, a, n);
        kernel(queue, launch, b, n);
        queue.barrier();
    }
    queue.copy(a, copied, n * sizeof(float));
    // Another queue's work after this point sees all of it.
    rtcg::Queue reader = context().create_queue();
    reader.wait_for(queue.record());
    kernel(reader, launch, copied, n);
    std::vector<float> back_a(n), back_b(n), back_copied(n);
    reader.read(copied, std::span<float>(back_copied));
    queue.finish();
    queue.read(a, std::span<float>(back_a));
    queue.read(b, std::span<float>(back_b));
    CHECK(back_a == scaled(host, 1024.0f));
    CHECK(back_b == scaled(host, 1024.0f));
    CHECK(back_copied == scaled(host, 2048.0f));
}

TEST_CASE("graphs and the memory pool refuse an out-of-order queue") {
    if (!context().device().out_of_order_queues) return;
    rtcg::Queue queue = context().create_queue(out_of_order);
    CHECK(contains(message_of<rtcg::CaptureError>([&] { queue.begin_capture(); }), "out of order"));
    CHECK_FALSE(queue.is_capturing());
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { context().memory_pool().allocate(64, queue); }),
                   "out of order"));
}

TEST_CASE("host functions run once each, after the work before them, in order, and may call rtcg") {
    rtcg::Queue queue = context().create_queue();
    const auto kernel = twice();
    const std::vector<float> host = ramp();
    auto data = context().to_device(host);
    auto snapshot = context().allocate(n * sizeof(float));
    kernel(queue, launch, data, n);
    queue.copy(data, snapshot, n * sizeof(float));
    std::vector<float> seen;
    // The callback thread may use rtcg: a blocking read on a queue of its own, after the copy.
    queue.host_function([&] {
        rtcg::Queue own = context().create_queue();
        seen.resize(n);
        own.read(snapshot, std::span<float>(seen));
    });
    std::mutex mutex;
    std::vector<int> order;
    constexpr int callbacks = 40;
    for (int i = 0; i < callbacks; ++i) {
        kernel(queue, launch, data, n);
        queue.host_function([&, i] {
            const std::lock_guard lock(mutex);
            order.push_back(i);
        });
    }
    queue.finish();
    // finish() returned once every host function of the queue had run.
    std::vector<int> expected(callbacks);
    for (int i = 0; i < callbacks; ++i) expected[i] = i;
    CHECK(order == expected);
    CHECK(seen == scaled(host, 2.0f));
    CHECK(context().to_host<float>(data) == scaled(host, std::exp2(static_cast<float>(callbacks + 1))));
}

TEST_CASE("on_complete runs once the event has happened, at once for a past event, and without the event") {
    rtcg::Queue queue = context().create_queue();
    const auto kernel = twice();
    const std::vector<float> host = ramp();
    auto data = context().to_device(host);
    std::atomic<int> runs{0};
    std::vector<float> seen(n);
    kernel(queue, launch, data, n);
    {
        const rtcg::Event done = queue.record();
        done.on_complete([&] {
            rtcg::Queue own = context().create_queue();
            own.read(data, std::span<float>(seen));
            ++runs;
        });
    } // the event goes before its callback is due
    queue.finish();
    const rtcg::Event past = queue.record();
    past.wait();
    past.on_complete([&] { ++runs; });
    context().wait_for_callbacks();
    CHECK(runs == 2);
    CHECK(seen == scaled(host, 2.0f));
    CHECK(contains(message_of<rtcg::InvalidArgument>([] { rtcg::Event().on_complete([] {}); }), "never recorded"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { past.on_complete({}); }), "empty"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { queue.host_function({}); }), "empty"));
}

TEST_CASE("a failing callback is reported once, by the next finish() or wait_for_callbacks()") {
    rtcg::Queue queue = context().create_queue();
    queue.host_function([] { throw std::runtime_error("the first callback gave up"); });
    queue.host_function([] { throw 42; });
    bool later_ran = false;
    queue.host_function([&] { later_ran = true; });
    const std::string message = message_of<rtcg::CallbackError>([&] { queue.finish(); });
    CHECK(contains(message, "the first callback gave up"));
    CHECK(contains(message, "and 1 more"));
    CHECK(later_ran);
    queue.finish(); // reported already

    queue.record().on_complete([] { throw std::logic_error("on_complete gave up"); });
    CHECK(contains(message_of<rtcg::CallbackError>([] { context().wait_for_callbacks(); }), "on_complete gave up"));
    context().wait_for_callbacks();

    // Waiting for all callbacks from one would wait for itself: refused, and reported.
    queue.host_function([] { context().wait_for_callbacks(); });
    CHECK(contains(message_of<rtcg::CallbackError>([&] { queue.finish(); }), "wait for itself"));
    // A callback's own queue's finish() waits for the device only.
    bool finished = false;
    queue.host_function([&] {
        queue.finish();
        finished = true;
    });
    context().wait_for_callbacks();
    CHECK(finished);
}

TEST_CASE("a callback may own the last handles of rtcg objects, its context's included") {
    std::atomic<bool> released{false};
    {
        auto own = rtcg::Context::create(context().selector());
        rtcg::Queue queue = own.create_queue();
        auto buffer = own.to_device(ramp());
        auto module = own.compile(kernels::twice, {.prelude = rtcg::codegen::portable_prelude()});
        module.kernel("twice")(queue, launch, buffer, n);
        // Holds the context, its buffer and module; sets `released` once they are gone.
        struct LastHandles {
            std::optional<rtcg::Context> context;
            std::optional<rtcg::Buffer> buffer;
            std::optional<rtcg::Module> module;
            std::atomic<bool>* released;
            ~LastHandles() {
                module.reset();
                buffer.reset();
                context.reset();
                released->store(true);
            }
        };
        auto handles = std::make_shared<LastHandles>();
        handles->context = own;
        handles->buffer = std::move(buffer);
        handles->module = std::move(module);
        handles->released = &released;
        queue.host_function([handles] {});
    } // every handle but the callback's is gone; the queue went with work and a callback pending
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!released && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    CHECK(released);
}

TEST_CASE("a queue or context goes with callbacks pending; host_function is refused while capturing") {
    std::atomic<int> runs{0};
    {
        rtcg::Queue queue = context().create_queue();
        auto data = context().to_device(ramp());
        twice()(queue, launch, data, n);
        for (int i = 0; i < 5; ++i) queue.host_function([&] { ++runs; });
    }
    context().wait_for_callbacks();
    CHECK(runs == 5);

    rtcg::Queue queue = context().create_queue();
    queue.begin_capture();
    CHECK(contains(message_of<rtcg::CaptureError>([&] { queue.host_function([] {}); }), "capturing"));
    queue.barrier(); // nothing to add to a capture, which replays in order
    queue.abandon_capture();
    CHECK(contains(message_of<rtcg::InvalidArgument>([] { rtcg::Queue().host_function([] {}); }), "empty"));
}
