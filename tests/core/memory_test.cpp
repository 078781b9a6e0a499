// Buffers, transfers, copies, fills and pinned memory against host references.
#include "../support/host_reference.hpp"
#include "../support/test_context.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>

using rtcg::test::context;
using rtcg::test::random_values;

TEST_CASE("write then read returns the same bytes, whole and at offsets") {
    auto& queue = context().queue();
    for (const std::size_t n : {1u, 3u, 1000u, 1u << 20}) {
        const auto host = random_values<float>(n, static_cast<std::uint32_t>(n));
        auto buffer = context().allocate(n * sizeof(float));
        CHECK(buffer.size() == n * sizeof(float));
        queue.write(buffer, std::span<const float>(host));
        std::vector<float> back(n, -1.0f);
        queue.read(buffer, std::span<float>(back));
        CHECK(back == host);
    }
    const auto host = random_values<std::int32_t>(100);
    auto buffer = context().allocate(100 * sizeof(std::int32_t));
    queue.write(buffer, std::span<const std::int32_t>(host));
    std::vector<std::int32_t> middle(10, 0);
    queue.read(buffer, std::span<std::int32_t>(middle), 40 * sizeof(std::int32_t));
    CHECK(std::equal(middle.begin(), middle.end(), host.begin() + 40));
}

TEST_CASE("asynchronous transfers through pinned memory complete at finish") {
    const std::size_t n = 1 << 16;
    auto queue = context().create_queue();
    auto pinned_in = context().allocate_pinned(n * sizeof(double));
    auto pinned_out = context().allocate_pinned(n * sizeof(double));
    REQUIRE(pinned_in.data() != nullptr);
    const auto host = random_values<double>(n);
    std::memcpy(pinned_in.data(), host.data(), n * sizeof(double));
    auto buffer = context().allocate(n * sizeof(double));
    queue.write(buffer, pinned_in.data(), n * sizeof(double), 0, rtcg::Transfer::async);
    queue.read(buffer, pinned_out.data(), n * sizeof(double), 0, rtcg::Transfer::async);
    queue.finish();
    CHECK(std::memcmp(pinned_out.data(), host.data(), n * sizeof(double)) == 0);
}

TEST_CASE("device-to-device copies honour both offsets") {
    const auto host = random_values<std::uint32_t>(256);
    auto a = context().to_device(host);
    auto b = context().allocate(256 * sizeof(std::uint32_t));
    auto& queue = context().queue();
    queue.fill(b, std::uint32_t{0xdeadbeef});
    queue.copy(a, b, 100 * sizeof(std::uint32_t), 10 * sizeof(std::uint32_t), 50 * sizeof(std::uint32_t));
    const auto back = context().to_host<std::uint32_t>(b);
    for (std::size_t i = 0; i < 256; ++i) {
        const std::uint32_t expected = (i >= 50 && i < 150) ? host[i - 50 + 10] : 0xdeadbeef;
        REQUIRE(back[i] == expected);
    }
}

// Backends may copy whole words by kernel and leave other ranges to the driver (OpenCL on NVIDIA,
// backends/opencl/src/transfer_kernels.hpp): offsets and sizes of every alignment, up to ranges
// longer than one launch covers.
TEST_CASE("device-to-device copies at every alignment") {
    const std::size_t bytes = (1u << 23) + 64;
    const auto host = random_values<std::uint8_t>(bytes);
    const auto background = random_values<std::uint8_t>(bytes);
    const auto a = context().to_device(host);
    auto& queue = context().queue();
    for (const std::size_t src_offset : {0u, 1u, 4u, 16u, 20u})
        for (const std::size_t dst_offset : {0u, 3u, 16u, 36u})
            for (const std::size_t length : {1u, 6u, 16u, 100u, 4099u, 1u << 23}) {
                CAPTURE(src_offset);
                CAPTURE(dst_offset);
                CAPTURE(length);
                auto b = context().to_device(background);
                queue.copy(a, b, length, src_offset, dst_offset);
                std::vector<std::uint8_t> expected = background;
                std::copy_n(host.begin() + static_cast<std::ptrdiff_t>(src_offset), length,
                            expected.begin() + static_cast<std::ptrdiff_t>(dst_offset));
                REQUIRE(context().to_host<std::uint8_t>(b) == expected);
            }
}

TEST_CASE("fill repeats patterns of 1, 2, 4 and 8 bytes over a sub-range") {
    auto& queue = context().queue();
    const std::size_t bytes = 16384;
    const auto background = random_values<std::uint8_t>(bytes);
    const std::uint64_t pattern = 0x0123456789abcdefULL;
    // Ranges on 16-byte words, on 4-byte words only, and on neither, in pattern units.
    for (const std::size_t pattern_size : {1u, 2u, 4u, 8u})
        for (const std::size_t offset_units : {1u, 2u, 4u, 8u})
            for (const std::size_t length_units : {2u, 4u, 1001u, 1024u}) {
                CAPTURE(pattern_size);
                CAPTURE(offset_units);
                CAPTURE(length_units);
                auto buffer = context().to_device(background);
                const std::size_t offset = offset_units * pattern_size, length = length_units * pattern_size;
                queue.fill(buffer, &pattern, pattern_size, offset, length);
                const auto back = context().to_host<std::uint8_t>(buffer);
                std::vector<std::uint8_t> expected = background;
                for (std::size_t i = 0; i < length; ++i)
                    expected[offset + i] = reinterpret_cast<const std::uint8_t*>(&pattern)[i % pattern_size];
                REQUIRE(back == expected);
            }
}

TEST_CASE("zero-byte buffers and transfers are valid and do nothing") {
    auto empty = context().allocate(0);
    CHECK(empty.size() == 0);
    CHECK(static_cast<bool>(empty));
    context().queue().write(empty, nullptr, 0);
    context().queue().read(empty, nullptr, 0);
    CHECK(context().to_host<float>(empty).empty());
}

TEST_CASE("release frees a buffer early and leaves it empty") {
    auto buffer = context().allocate(1 << 20);
    buffer.release();
    CHECK(buffer.size() == 0);
    CHECK_FALSE(static_cast<bool>(buffer));
    std::vector<float> host(4);
    CHECK_THROWS_AS(context().queue().write(buffer, std::span<const float>(host)), rtcg::InvalidArgument);
}

TEST_CASE("buffers keep their context alive after every handle is gone") {
    rtcg::Buffer survivor;
    {
        const auto own = rtcg::Context::create(context().selector());
        survivor = own.to_device(std::vector<int>{1, 2, 3});
    }
    std::vector<int> back(3);
    survivor.context().queue().read(survivor, std::span<int>(back));
    CHECK(back == std::vector<int>{1, 2, 3});
}
