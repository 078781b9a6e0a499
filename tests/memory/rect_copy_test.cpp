// Rectangular copies (rtcg/core/rect_copy.hpp) and pitched allocations, on every backend: boxes
// with origins and pitches on both sides moved host to device, device to device and back, each
// byte checked against a host reference; bad pitches and boxes past either side's end refused
// before anything is queued.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"

#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;

namespace {

// Byte i of a pattern that tells every position apart within 255 bytes, and not 0.
std::vector<std::uint8_t> pattern(std::size_t bytes) {
    std::vector<std::uint8_t> data(bytes);
    for (std::size_t i = 0; i < bytes; ++i) data[i] = static_cast<std::uint8_t>(i % 251 + 1);
    return data;
}

// The host reference: the box `copy` describes (pitches resolved) moved from `src` to `dst`.
void copy_box(const std::vector<std::uint8_t>& src, std::vector<std::uint8_t>& dst, const rtcg::RectCopy& copy) {
    for (std::size_t z = 0; z < copy.region.depth; ++z)
        for (std::size_t y = 0; y < copy.region.height; ++y)
            for (std::size_t x = 0; x < copy.region.width_bytes; ++x)
                dst[copy.dst.x_bytes + x + (copy.dst.y + y) * copy.dst.row_pitch +
                    (copy.dst.z + z) * copy.dst.slice_pitch] =
                    src[copy.src.x_bytes + x + (copy.src.y + y) * copy.src.row_pitch +
                        (copy.src.z + z) * copy.src.slice_pitch];
}

} // namespace

TEST_CASE("a 3-D box goes host to device, device to device and back, with origins and pitches on every side") {
    // Host: 3 slices of 5 rows of 20 bytes; device A: 4 slices of 6 rows of 24 bytes; device B:
    // packed box-sized slices with an extra row each.
    const rtcg::RectRegion region{7, 3, 2};
    const rtcg::RectLayout host_side{5, 1, 1, 20, 100};
    const rtcg::RectLayout a_side{9, 2, 1, 24, 144};
    const rtcg::RectLayout b_side{1, 0, 0, 8, 32};
    const auto host = pattern(300);
    std::vector<std::uint8_t> expected_a(4 * 144, 0), expected_b(2 * 32, 0), expected_back(300, 0);

    auto a = context().allocate(expected_a.size());
    auto b = context().allocate(expected_b.size());
    auto& queue = context().queue();
    queue.fill(a, std::uint8_t{0});
    queue.fill(b, std::uint8_t{0});

    const rtcg::RectCopy in{region, host_side, a_side};
    queue.write_rect(a, host.data(), host.size(), in);
    copy_box(host, expected_a, in);
    CHECK(context().to_host<std::uint8_t>(a) == expected_a);

    const rtcg::RectCopy across{region, a_side, b_side};
    queue.copy_rect(a, b, across);
    copy_box(expected_a, expected_b, across);
    CHECK(context().to_host<std::uint8_t>(b) == expected_b);

    std::vector<std::uint8_t> back(300, 0);
    const rtcg::RectCopy out{region, b_side, host_side};
    queue.read_rect(b, back.data(), back.size(), out);
    copy_box(expected_b, expected_back, out);
    CHECK(back == expected_back);
}

TEST_CASE("zero pitches mean packed rows and slices, and a 2-D copy of one slice honours z") {
    const auto host = pattern(64);
    auto buffer = context().allocate(2 * 4 * 16);
    auto& queue = context().queue();
    queue.fill(buffer, std::uint8_t{0});
    // Host side packed (16 x 4 bytes); device side: 16-byte rows, 4-row slices, box in slice 1.
    const rtcg::RectCopy copy{{16, 4, 1}, {}, {0, 0, 1, 16, 0}};
    queue.write_rect(buffer, host.data(), host.size(), copy, rtcg::Transfer::async);
    queue.finish();
    std::vector<std::uint8_t> expected(2 * 4 * 16, 0);
    std::copy(host.begin(), host.end(), expected.begin() + 64);
    CHECK(context().to_host<std::uint8_t>(buffer) == expected);
}

TEST_CASE("a pitched allocation pads rows to the device's pitch and rectangular copies fill it") {
    const std::size_t width = 13 * sizeof(float), height = 5, depth = 2;
    auto pitched = context().allocate_pitched(width, height, depth);
    REQUIRE(pitched.buffer);
    CHECK(pitched.row_pitch >= width);
    CHECK(pitched.row_pitch % context().device().pitch_alignment_bytes == 0);
    CHECK(pitched.buffer.size() == pitched.row_pitch * height * depth);
    CHECK(pitched.slice_pitch() == pitched.row_pitch * height);

    const auto host = pattern(width * height * depth);
    auto& queue = context().queue();
    queue.fill(pitched.buffer, std::uint8_t{0});
    queue.write_rect(pitched.buffer, host.data(), host.size(), {{width, height, depth}, {}, pitched.layout()});
    const auto raw = context().to_host<std::uint8_t>(pitched.buffer);
    for (std::size_t row = 0; row < height * depth; ++row)
        for (std::size_t x = 0; x < pitched.row_pitch; ++x)
            REQUIRE(raw[row * pitched.row_pitch + x] == (x < width ? host[row * width + x] : 0));

    std::vector<std::uint8_t> back(host.size(), 0);
    queue.read_rect(pitched.buffer, back.data(), back.size(), {{width, height, depth}, pitched.layout(), {}});
    CHECK(back == host);

    const auto empty = context().allocate_pitched(0, height);
    CHECK(empty.buffer.size() == 0);
    message_of<rtcg::OutOfMemory>([] { context().allocate_pitched(std::numeric_limits<std::size_t>::max() / 2, 3); });
    message_of<rtcg::OutOfMemory>([] { context().allocate_pitched(1, std::numeric_limits<std::size_t>::max(), 2); });
}

TEST_CASE("bad pitches, boxes past either side's end and overlapping copies are refused before queueing") {
    auto buffer = context().allocate(256);
    auto other = context().allocate(256);
    std::vector<std::uint8_t> host(256, 0);
    auto& queue = context().queue();
    const auto write = [&](const rtcg::RectCopy& copy, std::size_t host_bytes = 256) {
        return message_of<rtcg::InvalidArgument>(
            [&] { queue.write_rect(buffer, host.data(), host_bytes, copy); });
    };
    CHECK(contains(write({{16, 2}, {0, 0, 0, 8}, {}}), "row pitch of 8 bytes is less than"));
    CHECK(contains(write({{16, 2, 2}, {}, {0, 0, 0, 16, 24}}), "slice pitch of 24 bytes is less than"));
    CHECK(contains(write({{16, 2, 2}, {}, {0, 0, 0, 16, 40}}), "not a multiple"));
    CHECK(contains(write({{16, 2}, {}, {4, 0, 0, 16}}), "reach past the row pitch"));
    CHECK(contains(write({{16, 4, 4}, {}, {0, 1, 0, 16}}), "destination box ends at byte 272"));
    CHECK(contains(write({{16, 4, 4}, {}, {}}, 255), "source box ends at byte 256"));
    CHECK(contains(write({{1, 1}, {}, {0, 0, std::numeric_limits<std::size_t>::max(), 1}}), "overflow"));
    CHECK(contains(write({{16, 2}, {}, {0, std::numeric_limits<std::size_t>::max() / 8, 0, 16}}), "overflow"));
    CHECK(contains(message_of<rtcg::InvalidArgument>(
                       [&] { queue.read_rect(buffer, host.data(), 100, {{16, 8}, {}, {}}); }),
                   "destination box ends at byte 128"));
    CHECK(contains(message_of<rtcg::InvalidArgument>(
                       [&] { queue.copy_rect(buffer, buffer, {{16, 4}, {}, {0, 3, 0, 16}}); }),
                   "overlap"));
    // Disjoint boxes of one buffer are fine, and so is a box that ends exactly at the end.
    queue.copy_rect(buffer, buffer, {{16, 4}, {}, {0, 4, 0, 16}});
    queue.copy_rect(buffer, other, {{16, 4}, {0, 12, 0, 16}, {}});
    // A box with a zero extent moves nothing, and checks no pitch.
    queue.write_rect(buffer, nullptr, 0, {{0, 4}, {0, 0, 0, 1}, {}});
    rtcg::Buffer empty;
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { queue.copy_rect(empty, buffer, {{1}, {}, {}}); }), "empty"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { queue.write_rect(buffer, nullptr, 16, {{16}, {}, {}}); }),
                   "null"));
}
