// Copies between contexts (rtcg/core/peer.hpp): two contexts of the test's device (CUDA: one
// cuMemcpyPeerAsync; OpenCL: staged through page-locked host memory in chunks), two backends where
// both are here, every byte of the destination checked against the host; and the bad input.
#include "../support/expect_error.hpp"
#include "../support/host_reference.hpp"
#include "../support/test_context.hpp"

#include <rtcg/core/interop.hpp>
#include <rtcg/core/peer.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;

namespace {

constexpr std::uint8_t untouched = 0xEE;

// Copies `bytes` from `src_offset` of a buffer of `from` to `dst_offset` of a buffer of `to` on a
// queue of `from` or of `to`, and checks the whole destination: the range copied, the rest as it
// was.
void check_copy(const rtcg::Context& from, const rtcg::Context& to, bool on_source_queue, std::size_t bytes,
                std::size_t src_offset, std::size_t dst_offset) {
    CAPTURE(bytes);
    CAPTURE(src_offset);
    CAPTURE(dst_offset);
    CAPTURE(on_source_queue);
    const auto source = rtcg::test::random_values<std::uint8_t>(src_offset + bytes + 3,
                                                                static_cast<std::uint32_t>(bytes));
    std::vector<std::uint8_t> expected(dst_offset + bytes + 5, untouched);
    rtcg::Buffer src = from.to_device(source);
    rtcg::Buffer dst = to.to_device(expected);

    auto queue = (on_source_queue ? from : to).create_queue();
    queue.copy_peer(src, dst, bytes, src_offset, dst_offset);
    queue.finish();

    std::copy_n(source.begin() + static_cast<std::ptrdiff_t>(src_offset), bytes,
                expected.begin() + static_cast<std::ptrdiff_t>(dst_offset));
    const auto arrived = to.to_host<std::uint8_t>(dst);
    REQUIRE(arrived.size() == expected.size());
    const auto first_wrong = std::mismatch(arrived.begin(), arrived.end(), expected.begin()).first;
    CHECK(first_wrong - arrived.begin() == static_cast<std::ptrdiff_t>(arrived.size()));
}

// Sizes around the staging chunk: none, one byte, odd, most of one chunk, and several chunks and
// a part, with offsets that start a chunk's worth of data anywhere.
void check_copies(const rtcg::Context& from, const rtcg::Context& to) {
    constexpr std::size_t chunk = rtcg::staging_chunk_bytes;
    for (const bool on_source_queue : {true, false}) {
        check_copy(from, to, on_source_queue, 0, 0, 0);
        check_copy(from, to, on_source_queue, 1, 0, 0);
        check_copy(from, to, on_source_queue, 7, 3, 5);
        check_copy(from, to, on_source_queue, 1000003, 1, 0);
        check_copy(from, to, on_source_queue, 3 * chunk + 12345, chunk - 1, 17);
    }
    check_copy(from, to, true, 2 * chunk, 0, 0);
}

// CUDA only: each thread spins for `cycles` of its multiprocessor's clock, then writes.
constexpr std::string_view late_fill_source = R"(
extern "C" __global__ void late_fill(unsigned* x, unsigned n, long long cycles) {
    const long long start = clock64();
    while (clock64() - start < cycles) {}
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = 0xC0FFEEu;
}
)";

// The context of the other backend than the test's, where the machine has one.
std::optional<rtcg::Context> other_backend() {
    const bool on_cuda = rtcg::interop::backend_of(context()) == "cuda";
    try {
        return rtcg::Context::create(on_cuda ? "opencl" : "cuda");
    } catch (const rtcg::BackendUnavailable& unavailable) {
        MESSAGE("no second backend here, so no copies between backends: " << std::string(unavailable.what()));
        return std::nullopt;
    }
}

} // namespace

TEST_CASE("copy_peer copies between two contexts of one device, both ways, on either context's queue") {
    const auto other = rtcg::Context::create(context().selector());
    REQUIRE(!(other == context()));
    check_copies(context(), other);
    check_copies(other, context());
}

TEST_CASE("copy_peer copies between two CUDA devices, peer to peer where they allow it") {
    if (rtcg::interop::backend_of(context()) != "cuda") return;
    const std::string second = context().selector() == "cuda:1" ? "cuda:0" : "cuda:1";
    std::optional<rtcg::Context> other;
    try {
        other = rtcg::Context::create(second);
    } catch (const rtcg::BackendUnavailable&) {
        MESSAGE("one CUDA device here, so no copies between devices");
        return;
    }
    MESSAGE("between " << context().device().name << " and " << other->device().name << ": peer access "
                       << (rtcg::can_access_peer(context(), *other) ? "possible" : "impossible"));
    CHECK(rtcg::can_access_peer(context(), *other) == rtcg::can_access_peer(*other, context()));
    check_copies(context(), *other);
    check_copies(*other, context());
}

TEST_CASE("copy_peer copies between backends through the host") {
    const auto other = other_backend();
    if (!other) return;
    CHECK(!rtcg::can_access_peer(context(), *other));
    check_copies(context(), *other);
    check_copies(*other, context());
}

TEST_CASE("copy_peer of one context's buffers is a plain copy") {
    const auto values = rtcg::test::random_values<std::int32_t>(100);
    auto src = context().to_device(values);
    auto dst = context().allocate(values.size() * sizeof(std::int32_t));
    auto queue = context().create_queue();
    queue.copy_peer(src, dst, dst.size());
    queue.finish();
    CHECK(context().to_host<std::int32_t>(dst) == values);
    // ... with copy's rules: no overlap within a buffer.
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { queue.copy_peer(src, src, 8, 0, 4); }), "overlap"));
}

TEST_CASE("copy_peer refuses ranges past either end, empty buffers and queues of a third context") {
    const auto other = rtcg::Context::create(context().selector());
    auto src = context().to_device(std::vector<std::uint8_t>(64, 1));
    auto dst = other.to_device(std::vector<std::uint8_t>(32, untouched));
    auto queue = context().create_queue();
    const auto refusal = [&](std::size_t bytes, std::size_t src_offset, std::size_t dst_offset) {
        return message_of<rtcg::InvalidArgument>([&] { queue.copy_peer(src, dst, bytes, src_offset, dst_offset); });
    };
    CHECK(contains(refusal(33, 0, 0), "past the end of the destination buffer of 32 bytes"));
    CHECK(contains(refusal(8, 60, 0), "past the end of the source buffer of 64 bytes"));
    CHECK(contains(refusal(2, std::numeric_limits<std::size_t>::max(), 0), "source"));
    CHECK(contains(refusal(2, 0, std::numeric_limits<std::size_t>::max() - 1), "destination"));

    rtcg::Buffer gone = std::move(src);
    CHECK(contains(
        message_of<rtcg::InvalidArgument>([&] { queue.copy_peer(src, dst, 1); }), // NOLINT(bugprone-use-after-move)
        "empty"));
    const auto third = rtcg::Context::create(context().selector());
    auto third_queue = third.create_queue();
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { third_queue.copy_peer(gone, dst, 1); }),
                   "neither buffer belongs to the queue's context"));
    rtcg::Queue empty_queue;
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { empty_queue.copy_peer(gone, dst, 1); }), "empty"));
    // Nothing reached the destination.
    CHECK(other.to_host<std::uint8_t>(dst) == std::vector<std::uint8_t>(32, untouched));
}

TEST_CASE("copy_peer moves memory-pool buffers, bounded by the buffer's size, not its block's") {
    const auto other = rtcg::Context::create(context().selector());
    auto queue = other.create_queue();
    const auto values = rtcg::test::random_values<std::uint8_t>(1000);
    rtcg::Buffer src = context().memory_pool().allocate(values.size(), context().queue());
    rtcg::Buffer dst = other.memory_pool().allocate(values.size(), queue);
    context().queue().write(src, std::span<const std::uint8_t>(values));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { queue.copy_peer(src, dst, 1001); }), "1000 bytes"));
    queue.copy_peer(src, dst, values.size());
    std::vector<std::uint8_t> back(values.size());
    queue.read(dst, std::span<std::uint8_t>(back));
    CHECK(back == values);
}

TEST_CASE("can_access_peer: one context and CUDA contexts of one device go direct, OpenCL contexts do not") {
    const auto other = rtcg::Context::create(context().selector());
    CHECK(rtcg::can_access_peer(context(), context()));
    const bool cuda = rtcg::interop::backend_of(context()) == "cuda";
    CHECK(rtcg::can_access_peer(context(), other) == cuda);
    CHECK(rtcg::can_access_peer(other, context()) == cuda);
}

TEST_CASE("a queue waits for another context's event on CUDA, and refuses it elsewhere") {
    const auto other = rtcg::Context::create(context().selector());
    const unsigned n = 1 << 20;
    auto src = other.to_device(std::vector<std::uint32_t>(n, 0));
    auto dst = context().to_device(std::vector<std::uint32_t>(n, 0));
    auto producer = other.create_queue();
    auto consumer = context().create_queue();
    if (rtcg::interop::backend_of(context()) == "cuda") {
        // The producer's kernel writes late, so a copy not ordered after it would copy zeros.
        const auto late_fill = other.compile(late_fill_source).kernel("late_fill");
        late_fill(producer, rtcg::LaunchConfig::covering(n, 256), src, n, std::int64_t{1} << 29);
        consumer.wait_for(producer.record());
    } else {
        producer.fill(src, std::uint32_t{0xC0FFEE});
        const rtcg::Event filled = producer.record();
        CHECK(contains(message_of<rtcg::InvalidArgument>([&] { consumer.wait_for(filled); }), "Event::wait()"));
        filled.wait();
    }
    consumer.copy_peer(src, dst, src.size());
    consumer.finish();
    CHECK(context().to_host<std::uint32_t>(dst) == std::vector<std::uint32_t>(n, 0xC0FFEE));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { consumer.wait_for(rtcg::Event()); }), "never recorded"));
}

TEST_CASE("copies between contexts from several threads at once each arrive whole") {
    const auto other = rtcg::Context::create(context().selector());
    // Six copies of one to five staging chunks at once take more staging buffers than a context
    // keeps; half run on the source's queues, half on the destination's.
    std::vector<std::thread> threads;
    std::vector<int> right(6, 0);
    for (std::size_t t = 0; t < right.size(); ++t)
        threads.emplace_back([&, t] {
            const auto values = rtcg::test::random_values<std::uint32_t>((t + 1) * 800001,
                                                                         static_cast<std::uint32_t>(t));
            const std::size_t bytes = values.size() * sizeof(std::uint32_t);
            auto source_queue = context().create_queue();
            auto destination_queue = other.create_queue();
            auto src = context().allocate(bytes);
            auto dst = other.allocate(bytes);
            source_queue.write(src, std::span<const std::uint32_t>(values));
            (t % 2 == 0 ? source_queue : destination_queue).copy_peer(src, dst, bytes);
            source_queue.finish();
            std::vector<std::uint32_t> back(values.size());
            destination_queue.read(dst, std::span<std::uint32_t>(back));
            right[t] = back == values;
        });
    for (auto& thread : threads) thread.join();
    CHECK(right == std::vector<int>(right.size(), 1));
}
