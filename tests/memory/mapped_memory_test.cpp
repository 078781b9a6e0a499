// Mapped (zero-copy) host memory (rtcg/core/mapped_host_buffer.hpp), on every backend: the host
// writes through a mapping, a kernel doubles the values in place, and the host reads the result
// through a new mapping, with no transfer in between.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "../support/test_kernels.hpp"

#include <doctest/doctest.h>

#include <vector>

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;

TEST_CASE("a kernel reads and writes mapped host memory and the host sees it without a copy") {
    if (!context().device().can_map_host_memory) {
        CHECK(contains(message_of<rtcg::InvalidArgument>([] { context().allocate_mapped(64); }), "can_map_host_memory"));
        return;
    }
    const unsigned n = 1000;
    auto mapped = context().allocate_mapped(n * sizeof(float));
    CHECK(mapped.size() == n * sizeof(float));
    auto queue = context().create_queue();
    {
        auto host = mapped.map(queue);
        REQUIRE(host.data() != nullptr);
        CHECK(host.size() == mapped.size());
        for (unsigned i = 0; i < n; ++i) host.as<float>()[i] = static_cast<float>(i);
    }
    const auto twice = rtcg::test::compile(rtcg::test::kernels::twice).kernel("twice");
    twice(queue, rtcg::LaunchConfig::covering(n, 128), mapped.buffer(), n);
    twice(queue, rtcg::LaunchConfig::covering(n / 2, 128), mapped.buffer(), n / 2);
    {
        auto host = mapped.map(queue);
        for (unsigned i = 0; i < n; ++i)
            REQUIRE(host.as<float>()[i] == static_cast<float>(i) * (i < n / 2 ? 4.0f : 2.0f));
    }
    // The buffer works with copies too.
    std::vector<float> copied(n);
    queue.read(mapped.buffer(), std::span<float>(copied));
    CHECK(copied[n - 1] == static_cast<float>(n - 1) * 2.0f);
}

TEST_CASE("mapped memory refuses zero bytes, empty buffers and queues of another context") {
    CHECK(contains(message_of<rtcg::InvalidArgument>([] { context().allocate_mapped(0); }), "0 bytes"));
    rtcg::MappedHostBuffer empty;
    auto queue = context().create_queue();
    message_of<rtcg::InvalidArgument>([&] { empty.map(queue); });
    if (!context().device().can_map_host_memory) return;
    auto mapped = context().allocate_mapped(16);
    auto other_context = rtcg::Context::create(context().selector());
    auto other_queue = other_context.create_queue();
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { mapped.map(other_queue); }), "another context"));
    // Moving keeps the memory; the moved-from buffer is empty.
    rtcg::MappedHostBuffer taken = std::move(mapped);
    CHECK(taken.size() == 16);
    message_of<rtcg::InvalidArgument>([&] { mapped.map(queue); }); // NOLINT(bugprone-use-after-move)
}
