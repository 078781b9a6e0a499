// Bad input to images: typed errors before anything reaches the driver.
#include "../support/expect_error.hpp"
#include "image_kernels.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <span>
#include <vector>

using rtcg::ChannelType;
using rtcg::Image;
using rtcg::ImageFormat;
using rtcg::ImageRegion;
using rtcg::ImageShape;
using rtcg::InvalidArgument;
using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;

TEST_CASE("every format is either made or refused with UnsupportedImageFormat naming it") {
    for (int type = 0; type <= static_cast<int>(ChannelType::float16); ++type)
        for (const unsigned channels : {1u, 2u, 4u}) {
            const ImageFormat format{static_cast<ChannelType>(type), channels};
            CAPTURE(format.name());
            if (rtcg::image_format_supported(context(), format, 2)) {
                const Image image(context(), format, ImageShape::two_d(3, 2));
                CHECK(image.size_bytes() == 6 * format.pixel_bytes());
            } else {
                const std::string what = message_of<rtcg::UnsupportedImageFormat>(
                    [&] { Image image(context(), format, ImageShape::two_d(3, 2)); });
                CHECK(contains(what, format.name()));
            }
        }
}

TEST_CASE("bad formats, shapes and samplers are InvalidArgument") {
    CHECK(contains(message_of<InvalidArgument>([] {
                       Image image(context(), {ChannelType::float32, 3}, ImageShape::two_d(2, 2));
                   }),
                   "1, 2 or 4 channels"));
    CHECK_THROWS_AS(rtcg::image_format_supported(context(), {ChannelType::float32, 1}, 4), InvalidArgument);
    CHECK_THROWS_AS(Image(context(), {ChannelType::float32, 1}, ImageShape::two_d(0, 2)), InvalidArgument);
    CHECK_THROWS_AS(Image(context(), {ChannelType::float32, 1}, ImageShape{1, 4, 2, 1}), InvalidArgument);
    CHECK_THROWS_AS(Image(context(), {ChannelType::uint8, 1}, ImageShape::two_d(std::size_t{1} << 28, 1)),
                    InvalidArgument);

    const Image floats(context(), {ChannelType::float32, 1}, ImageShape::two_d(4, 4));
    CHECK(contains(message_of<InvalidArgument>([&] {
                       (void)floats.sampled({false, rtcg::Filter::nearest, rtcg::AddressMode::repeat});
                   }),
                   "normalized coordinates"));
    const Image integers(context(), {ChannelType::uint16, 1}, ImageShape::two_d(4, 4));
    CHECK(contains(message_of<InvalidArgument>([&] {
                       (void)integers.sampled({true, rtcg::Filter::linear, rtcg::AddressMode::clamp_to_edge});
                   }),
                   "uint16x1"));
}

TEST_CASE("copies past an image's or a buffer's end are InvalidArgument") {
    auto& queue = context().queue();
    const ImageFormat format{ChannelType::uint8, 4};
    Image image(context(), format, ImageShape::two_d(4, 3));
    std::vector<std::byte> host(image.size_bytes());
    CHECK(contains(message_of<InvalidArgument>([&] {
                       image.write(queue, std::span<const std::byte>(host), ImageRegion{{2, 0, 0}, {3, 1, 1}});
                   }),
                   "does not lie inside"));
    CHECK_THROWS_AS(image.read(queue, std::span<std::byte>(host), ImageRegion{{0, 3, 0}, {1, 1, 1}}), InvalidArgument);
    CHECK(contains(message_of<InvalidArgument>(
                       [&] { image.write(queue, std::span<const std::byte>(host.data(), host.size() - 1)); }),
                   "bytes"));
    rtcg::Buffer small = context().allocate(image.size_bytes() - 1);
    CHECK(contains(message_of<InvalidArgument>([&] { image.copy_into(queue, small); }), "past the end"));
    CHECK_THROWS_AS(image.copy_from(queue, small), InvalidArgument);
    Image other(context(), {ChannelType::uint16, 4}, ImageShape::two_d(4, 3));
    CHECK(contains(message_of<InvalidArgument>([&] { image.copy_to(queue, other); }), "uint16x4"));
    Image smaller(context(), format, ImageShape::two_d(2, 2));
    CHECK_THROWS_AS(image.copy_to(queue, smaller), InvalidArgument);
    Image moved = std::move(other);
    CHECK_THROWS_AS(other.storage(), InvalidArgument);
}

TEST_CASE("an image passed where the kernel takes another kind of parameter is refused") {
    Image image(context(), {ChannelType::float32, 4}, ImageShape::two_d(2, 2));
    rtcg::Buffer out = context().allocate(64);
    // sample2d takes a sampled image (two parameters); a storage image is one, so every later
    // argument lands one parameter early and the count is short.
    CHECK_THROWS_AS(rtcg::test::image_module().kernel("sample2d")(context().queue(), rtcg::LaunchConfig::covering(1, 1),
                                                                  image.storage(), out, out, 1),
                    InvalidArgument);
}
