// Managed (unified) memory (ManagedBuffer in rtcg/core/mapped_host_buffer.hpp), on every backend:
// for each coherence the device reports, the host writes through a mapping, a kernel doubles
// the values in place between prefetches and advice, and the host reads the result; for each
// coherence it lacks, a typed error that names the capability.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "../support/test_kernels.hpp"

#include <doctest/doctest.h>

#include <array>

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;

TEST_CASE("managed memory works in place for each coherence the device has, and is refused for the others") {
    const unsigned n = 777;
    auto queue = context().create_queue();
    const auto& device = context().device();
    for (const auto coherence : std::array{rtcg::Coherence::coarse, rtcg::Coherence::fine}) {
        const bool fine = coherence == rtcg::Coherence::fine;
        CAPTURE(fine);
        if (!(fine ? device.managed_fine : device.managed_coarse)) {
            CHECK(contains(message_of<rtcg::InvalidArgument>([&] { context().allocate_managed(64, coherence); }),
                           fine ? "managed_fine" : "managed_coarse"));
            continue;
        }
        auto managed = context().allocate_managed(n * sizeof(float), coherence);
        CHECK(managed.coherence() == coherence);
        {
            auto host = managed.map(queue);
            for (unsigned i = 0; i < n; ++i) host.as<float>()[i] = static_cast<float>(i) + 0.5f;
        }
        managed.advise(rtcg::MemoryAdvice::prefer_device);
        managed.prefetch(queue, rtcg::MemoryLocation::device);
        const auto twice = rtcg::test::compile(rtcg::test::kernels::twice).kernel("twice");
        twice(queue, rtcg::LaunchConfig::covering(n, 64), managed.buffer(), n);
        managed.prefetch(queue, rtcg::MemoryLocation::host);
        {
            auto host = managed.map(queue);
            for (unsigned i = 0; i < n; ++i) REQUIRE(host.as<float>()[i] == (static_cast<float>(i) + 0.5f) * 2.0f);
        }
    }
    CHECK(contains(message_of<rtcg::InvalidArgument>([] { context().allocate_managed(0); }), "0 bytes"));
    rtcg::ManagedBuffer empty;
    message_of<rtcg::InvalidArgument>([&] { empty.prefetch(queue, rtcg::MemoryLocation::device); });
    message_of<rtcg::InvalidArgument>([&] { empty.advise(rtcg::MemoryAdvice::read_mostly); });
}
