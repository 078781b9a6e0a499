// Images' contents through every path: host writes and reads (whole and regions), copies to and
// from buffers and between images, and kernels that load pixels at integer coordinates and write
// them, for every channel count and a sample of channel types. Formats a device lacks are skipped
// (PoCL has no 2-channel images); the errors test checks they are refused.
#include "image_kernels.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

using rtcg::ChannelType;
using rtcg::Image;
using rtcg::ImageFormat;
using rtcg::ImageRegion;
using rtcg::ImageShape;
using rtcg::test::context;
using rtcg::test::random_pixels;

namespace {

const std::array<ChannelType, 6> sampled_types{ChannelType::uint8,   ChannelType::int16,  ChannelType::uint32,
                                               ChannelType::float32, ChannelType::unorm8, ChannelType::float16};

// The pixels of `region` in an image of `shape`, from its tightly packed `pixels`.
std::vector<std::byte> pixels_of(const std::vector<std::byte>& pixels, const ImageShape& shape,
                                 const ImageFormat& format, const ImageRegion& region) {
    const std::size_t pixel = format.pixel_bytes();
    std::vector<std::byte> out;
    for (std::size_t z = 0; z < region.extent[2]; ++z)
        for (std::size_t y = 0; y < region.extent[1]; ++y) {
            const std::size_t first = (((region.origin[2] + z) * shape.height + region.origin[1] + y) * shape.width +
                                       region.origin[0]) *
                                      pixel;
            out.insert(out.end(), pixels.begin() + static_cast<std::ptrdiff_t>(first),
                       pixels.begin() + static_cast<std::ptrdiff_t>(first + region.extent[0] * pixel));
        }
    return out;
}

std::vector<std::byte> read_all(const Image& image) {
    std::vector<std::byte> out(image.size_bytes());
    image.read(context().queue(), std::span<std::byte>(out));
    return out;
}

} // namespace

TEST_CASE("images round-trip through the host, buffers and other images for every channel count") {
    auto& queue = context().queue();
    const ImageShape shape = ImageShape::two_d(5, 3);
    unsigned seed = 1;
    for (const ChannelType type : sampled_types)
        for (const unsigned channels : {1u, 2u, 4u}) {
            const ImageFormat format{type, channels};
            CAPTURE(format.name());
            if (!rtcg::image_format_supported(context(), format, 2)) continue;
            const std::vector<std::byte> pixels = random_pixels(format, shape.pixels(), seed++);
            Image image(context(), format, shape);
            image.write(queue, std::span<const std::byte>(pixels));
            CHECK(read_all(image) == pixels);

            // A region of 2 x 2 pixels at (2, 1), written and read on its own.
            const ImageRegion region{{2, 1, 0}, {2, 2, 1}};
            const std::vector<std::byte> patch = random_pixels(format, 4, seed++);
            image.write(queue, std::span<const std::byte>(patch), region);
            std::vector<std::byte> expected = pixels;
            for (std::size_t y = 0; y < 2; ++y)
                std::memcpy(&expected[((1 + y) * shape.width + 2) * format.pixel_bytes()],
                            &patch[y * 2 * format.pixel_bytes()], 2 * format.pixel_bytes());
            CHECK(read_all(image) == expected);
            std::vector<std::byte> read_patch(patch.size());
            image.read(queue, std::span<std::byte>(read_patch), region);
            CHECK(read_patch == patch);

            // Through a buffer (at an offset) into a second image, then a region into a third.
            rtcg::Buffer buffer = context().allocate(image.size_bytes() + 8);
            image.copy_into(queue, buffer, 8);
            Image second(context(), format, shape);
            second.copy_from(queue, buffer, 8);
            CHECK(read_all(second) == expected);
            Image third(context(), format, ImageShape::two_d(4, 4));
            third.write(queue, std::span<const std::byte>(random_pixels(format, 16, seed++)));
            second.copy_to(queue, third, ImageRegion{{1, 0, 0}, {3, 2, 1}}, {1, 2, 0});
            const std::vector<std::byte> third_pixels = read_all(third);
            CHECK(pixels_of(third_pixels, third.shape(), format, ImageRegion{{1, 2, 0}, {3, 2, 1}}) ==
                  pixels_of(expected, shape, format, ImageRegion{{1, 0, 0}, {3, 2, 1}}));
        }
}

TEST_CASE("1-D and 3-D images round-trip through the host and buffers") {
    auto& queue = context().queue();
    const ImageFormat format{ChannelType::int16, 4};
    for (const ImageShape shape : {ImageShape::one_d(11), ImageShape::three_d(4, 3, 2)}) {
        CAPTURE(shape.dimensions);
        REQUIRE(rtcg::image_format_supported(context(), format, shape.dimensions));
        const std::vector<std::byte> pixels = random_pixels(format, shape.pixels(), 7);
        Image image(context(), format, shape);
        image.write(queue, std::span<const std::byte>(pixels));
        CHECK(read_all(image) == pixels);
        rtcg::Buffer buffer = context().allocate(image.size_bytes());
        image.copy_into(queue, buffer);
        std::vector<std::byte> through_buffer(pixels.size());
        queue.read(buffer, std::span<std::byte>(through_buffer));
        CHECK(through_buffer == pixels);
        const ImageRegion last{{shape.width - 1, 0, shape.depth - 1}, {1, shape.height, 1}};
        std::vector<std::byte> column(shape.height * format.pixel_bytes());
        image.read(queue, std::span<std::byte>(column), last);
        CHECK(column == pixels_of(pixels, shape, format, last));
    }
}

TEST_CASE("kernels load pixels at integer coordinates and write them, for every channel count") {
    auto& queue = context().queue();
    const ImageShape shape = ImageShape::two_d(6, 5);
    const auto launch = rtcg::LaunchConfig{rtcg::Dim3{1, 1}, rtcg::Dim3{8, 8}};
    unsigned seed = 100;
    for (const ChannelType type : sampled_types)
        for (const unsigned channels : {1u, 2u, 4u}) {
            const ImageFormat format{type, channels};
            CAPTURE(format.name());
            if (!rtcg::image_format_supported(context(), format, 2)) continue;
            const std::vector<std::byte> pixels = random_pixels(format, shape.pixels(), seed++);
            Image src(context(), format, shape);
            Image dst(context(), format, shape);
            src.write(queue, std::span<const std::byte>(pixels));
            const char* name = format.reads_as_float()      ? "copy2d_float"
                               : type == ChannelType::int16 ? "copy2d_int"
                                                            : "copy2d_uint";
            // Normalized coordinates too for one type: CUDA's loads then address pixel centres
            // as fractions of the extent.
            const rtcg::Sampler sampler{.normalized_coordinates = type == ChannelType::float32};
            rtcg::test::image_module().kernel(name)(queue, launch, src.sampled(sampler), dst.storage(), 6, 5);
            CHECK(read_all(dst) == pixels);
        }
}

TEST_CASE("1-D and 3-D kernels load and write pixels") {
    auto& queue = context().queue();
    const ImageFormat format{ChannelType::float32, 4};
    {
        const ImageShape shape = ImageShape::one_d(13);
        const std::vector<std::byte> pixels = random_pixels(format, shape.pixels(), 3);
        Image src(context(), format, shape), dst(context(), format, shape);
        src.write(queue, std::span<const std::byte>(pixels));
        rtcg::test::image_module().kernel("copy1d_float")(queue, rtcg::LaunchConfig::covering(13, 16), src.sampled(),
                                                          dst.storage(), 13);
        CHECK(read_all(dst) == pixels);
    }
    const ImageShape shape = ImageShape::three_d(5, 3, 2);
    const std::vector<std::byte> pixels = random_pixels(format, shape.pixels(), 4);
    Image src(context(), format, shape), dst(context(), format, shape);
    src.write(queue, std::span<const std::byte>(pixels));
    rtcg::Buffer has_writes = context().allocate(sizeof(int));
    rtcg::test::image_module().kernel("copy3d_float")(queue,
                                                      rtcg::LaunchConfig{rtcg::Dim3{1, 1, 1}, rtcg::Dim3{8, 4, 2}},
                                                      src.sampled(), dst.storage(), 5, 3, 2, has_writes);
    const std::vector<int> flag = context().to_host<int>(has_writes);
    if (flag[0] == 1)
        CHECK(read_all(dst) == pixels);
    else
        MESSAGE("the device has no 3-D image writes (cl_khr_3d_image_writes): only the load ran");
}

TEST_CASE("kernel writes convert and saturate as OpenCL's write_image does") {
    auto& queue = context().queue();
    const ImageShape shape = ImageShape::two_d(2, 1);
    const auto launch = rtcg::LaunchConfig{rtcg::Dim3{1, 1}, rtcg::Dim3{2, 1}};
    const auto& module = rtcg::test::image_module();
    {
        Image image(context(), {ChannelType::uint8, 4}, shape);
        const std::vector<std::array<std::uint32_t, 4>> values{{0, 255, 256, 70000}, {1, 2, 3, 0xffffffffu}};
        const rtcg::Buffer buffer = context().to_device(values);
        module.kernel("write2d_uint")(queue, launch, image.storage(), buffer, 2, 1);
        std::vector<std::uint8_t> out(8);
        image.read(queue, std::span<std::uint8_t>(out));
        CHECK(out == std::vector<std::uint8_t>{0, 255, 255, 255, 1, 2, 3, 255});
    }
    {
        Image image(context(), {ChannelType::int16, 4}, shape);
        const std::vector<std::array<std::int32_t, 4>> values{{-40000, 40000, 0, -1}, {-5, 32767, 32768, -32769}};
        const rtcg::Buffer buffer = context().to_device(values);
        module.kernel("write2d_int")(queue, launch, image.storage(), buffer, 2, 1);
        std::vector<std::int16_t> out(8);
        image.read(queue, std::span<std::int16_t>(out));
        CHECK(out == std::vector<std::int16_t>{-32768, 32767, 0, -1, -5, 32767, 32767, -32768});
    }
    {
        Image image(context(), {ChannelType::unorm8, 4}, shape);
        const std::vector<std::array<float, 4>> values{{0.25f, -1.0f, 0, 1}, {2.0f, 1.0f / 255.0f, 0.6f, 0}};
        const rtcg::Buffer buffer = context().to_device(values);
        module.kernel("write2d_float")(queue, launch, image.storage(), buffer, 2, 1);
        std::vector<std::uint8_t> out(8);
        image.read(queue, std::span<std::uint8_t>(out));
        // 0.25 * 255 = 63.75 rounds to 64 (OpenCL allows 0.6 of error, so no tie is tested: 0.6 * 255 = 153).
        CHECK(out == std::vector<std::uint8_t>{64, 0, 0, 255, 255, 1, 153, 0});
    }
    const ImageFormat halves{ChannelType::float16, 4};
    if (!rtcg::image_format_supported(context(), halves, 2)) {
        MESSAGE("the device has no 2-D images of ", halves.name(), ": its writes are not checked");
        return;
    }
    {
        Image image(context(), halves, shape);
        // Halves exactly, the largest and the smallest (subnormal) half among them; and 1/3, whose
        // nearest half is also the one toward zero (0x3555), so either rounding OpenCL allows
        // gives it.
        const std::vector<std::array<float, 4>> values{{0.25f, -1.5f, 65504.0f, 1.0f / 3.0f},
                                                       {0x1p-24f, -0.0f, 2048.0f, 0x1p-10f}};
        const rtcg::Buffer buffer = context().to_device(values);
        module.kernel("write2d_float")(queue, launch, image.storage(), buffer, 2, 1);
        std::vector<std::uint16_t> out(8);
        image.read(queue, std::span<std::uint16_t>(out));
        CHECK(out == std::vector<std::uint16_t>{0x3400, 0xbe00, 0x7bff, 0x3555, 0x0001, 0x8000, 0x6800, 0x1400});
    }
}
