// Sampling at float coordinates against the host reference (sampling_reference.hpp): nearest and
// linear filtering, every address mode, normalized and unnormalized coordinates, 1-D to 3-D, and
// float, half, unorm and integer channels.
//
// Tolerances: a nearest sample is one pixel, so it must match exactly (unorm: to 1e-6, the
// conversion's rounding). A linear sample on NVIDIA
// hardware (CUDA, and OpenCL on NVIDIA) weighs the pixels with fractions in 8-bit fixed point
// (CUDA Programming Guide, "Linear Filtering"), so each axis' weight can be off by up to 1/512;
// over 2 or 3 axes of pixels in [0, 1] that moves a sample by at most 3/512. The test allows
// 1/128, which such rounding stays well inside and any wrong pixel, weight or address mode (whose
// differences are of the order of the pixels' spread, 0.1 and more) does not.
#include "image_kernels.hpp"
#include "sampling_reference.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <span>
#include <utility>
#include <vector>

using rtcg::AddressMode;
using rtcg::ChannelType;
using rtcg::Filter;
using rtcg::Image;
using rtcg::ImageFormat;
using rtcg::ImageShape;
using rtcg::Sampler;
using rtcg::test::context;

namespace {

constexpr float linear_tolerance = 1.0f / 128.0f;

// Coordinates along an axis of `extent` pixels: three points in each pixel from two pixels
// before the image to two after, kept away from pixel edges (where a nearest sample's pixel
// would hang on the last bit of the coordinate); divided by the extent when normalized.
std::vector<float> axis_coordinates(long extent, bool normalized) {
    std::vector<float> out;
    for (long k = -2; k < extent + 2; ++k)
        for (const float f : {0.2f, 0.5f, 0.85f}) {
            const float pixel = static_cast<float>(k) + f;
            out.push_back(normalized ? pixel / static_cast<float>(extent) : pixel);
        }
    return out;
}

// The pixels of an image as floats, as a sampler reads them.
std::vector<float> as_floats(const std::vector<std::byte>& bytes, const ImageFormat& format) {
    std::vector<float> out(bytes.size() / format.channel_bytes());
    for (std::size_t i = 0; i < out.size(); ++i) {
        const std::byte* p = &bytes[i * format.channel_bytes()];
        switch (format.type) {
        case ChannelType::float32: std::memcpy(&out[i], p, 4); break;
        case ChannelType::float16: {
            std::uint16_t half = 0;
            std::memcpy(&half, p, 2);
            out[i] = rtcg::test::half_to_float(half);
            break;
        }
        case ChannelType::unorm8: out[i] = static_cast<float>(std::to_integer<std::uint8_t>(*p)) / 255.0f; break;
        case ChannelType::uint8: out[i] = static_cast<float>(std::to_integer<std::uint8_t>(*p)); break;
        case ChannelType::int16: {
            std::int16_t v = 0;
            std::memcpy(&v, p, 2);
            out[i] = static_cast<float>(v);
            break;
        }
        default: FAIL("no reference conversion for ", format.name());
        }
    }
    return out;
}

// Samples `image` (holding `pixels`) at every point of the grid of axis_coordinates through
// `sampler` and compares each of the format's channels with the reference.
void check_sampling(const Image& image, const std::vector<std::byte>& pixels, const Sampler& sampler) {
    const ImageShape& shape = image.shape();
    const ImageFormat& format = image.format();
    const std::array<long, 3> extent{static_cast<long>(shape.width), static_cast<long>(shape.height),
                                     static_cast<long>(shape.depth)};
    std::array<std::vector<float>, 3> axes;
    for (std::size_t axis = 0; axis < 3; ++axis)
        axes[axis] = axis < shape.dimensions ? axis_coordinates(extent[axis], sampler.normalized_coordinates)
                                             : std::vector<float>{0.0f};
    std::vector<float> at;
    for (const float z : axes[2])
        for (const float y : axes[1])
            for (const float x : axes[0]) at.insert(at.end(), {x, y, z});
    const int n = static_cast<int>(at.size() / 3);

    auto& queue = context().queue();
    const rtcg::Buffer at_buffer = context().to_device(at);
    rtcg::Buffer out = context().allocate(static_cast<std::size_t>(n) * 16);
    const char* kernel = shape.dimensions == 1               ? "sample1d"
                         : shape.dimensions == 3             ? "sample3d"
                         : format.reads_as_float()           ? "sample2d"
                         : format.type == ChannelType::int16 ? "sample2d_int"
                                                             : "sample2d_uint";
    rtcg::test::image_module().kernel(kernel)(queue, rtcg::LaunchConfig::covering(static_cast<std::size_t>(n), 64),
                                              image.sampled(sampler), at_buffer, out, n);
    std::vector<std::array<std::uint32_t, 4>> raw(static_cast<std::size_t>(n));
    queue.read(out, std::span<std::array<std::uint32_t, 4>>(raw));

    const std::vector<float> reference_pixels = as_floats(pixels, format);
    // A nearest float or half sample is the pixel exactly (every half is a float); a unorm one is
    // x / 255 (or / 65535) to within OpenCL's 1.5 ulp.
    const bool exact = format.type == ChannelType::float32 || format.type == ChannelType::float16;
    const float tolerance = sampler.filter == Filter::linear ? linear_tolerance : exact ? 0.0f : 1e-6f;
    int mismatches = 0;
    for (int i = 0; i < n; ++i)
        for (unsigned c = 0; c < format.channels; ++c) {
            const auto k = static_cast<std::size_t>(i);
            std::array<float, 3> coordinate{at[3 * k], at[3 * k + 1], at[3 * k + 2]};
            // An axis the image lacks is addressed at its one pixel's centre.
            for (std::size_t axis = shape.dimensions; axis < 3; ++axis) coordinate[axis] = 0.5f;
            const float expected = rtcg::test::sample(reference_pixels, extent, format.channels, c, coordinate,
                                                      sampler);
            float got = 0.0f;
            if (format.reads_as_float())
                std::memcpy(&got, &raw[k][c], 4);
            else if (format.type == ChannelType::int16)
                got = static_cast<float>(static_cast<std::int32_t>(raw[k][c]));
            else
                got = static_cast<float>(raw[k][c]);
            if (!(std::fabs(got - expected) <= tolerance) && ++mismatches <= 5)
                FAIL_CHECK(format.name(), " at (", coordinate[0], ", ", coordinate[1], ", ", coordinate[2],
                           ") channel ", c, ": got ", got, ", expected ", expected);
        }
    CHECK(mismatches == 0);
}

Image filled_image(const ImageFormat& format, const ImageShape& shape, std::vector<std::byte>& pixels, unsigned seed) {
    pixels = rtcg::test::random_pixels(format, shape.pixels(), seed);
    Image image(context(), format, shape);
    image.write(context().queue(), std::span<const std::byte>(pixels));
    return image;
}

} // namespace

TEST_CASE("2-D sampling matches the reference for every filter, address mode and coordinate kind") {
    std::vector<std::byte> pixels;
    const Image image = filled_image({ChannelType::float32, 1}, ImageShape::two_d(7, 5), pixels, 11);
    for (const Filter filter : {Filter::nearest, Filter::linear})
        for (const AddressMode address : {AddressMode::clamp_to_edge, AddressMode::clamp_to_border, AddressMode::repeat,
                                          AddressMode::mirrored_repeat})
            for (const bool normalized : {false, true}) {
                const Sampler sampler{normalized, filter, address};
                CAPTURE(static_cast<int>(filter));
                CAPTURE(static_cast<int>(address));
                CAPTURE(normalized);
                if (!normalized && (address == AddressMode::repeat || address == AddressMode::mirrored_repeat)) {
                    CHECK_THROWS_AS(image.sampled(sampler), rtcg::InvalidArgument);
                    continue;
                }
                check_sampling(image, pixels, sampler);
            }
}

TEST_CASE("sampling reads every channel of multi-channel float, half, unorm and integer formats") {
    const Sampler linear{true, Filter::linear, AddressMode::clamp_to_edge};
    const Sampler nearest_border{false, Filter::nearest, AddressMode::clamp_to_border};
    const Sampler nearest_repeat{true, Filter::nearest, AddressMode::repeat};
    const ImageShape shape = ImageShape::two_d(6, 4);
    const std::vector<std::pair<ImageFormat, Sampler>> cases{
        {{ChannelType::float32, 4}, linear},        {{ChannelType::float32, 2}, linear},
        {{ChannelType::unorm8, 1}, linear},         {{ChannelType::unorm8, 4}, nearest_border},
        {{ChannelType::int16, 4}, nearest_border},  {{ChannelType::int16, 2}, nearest_border},
        {{ChannelType::uint8, 4}, nearest_repeat},  {{ChannelType::uint8, 2}, nearest_repeat},
        {{ChannelType::float16, 4}, linear},        {{ChannelType::float16, 2}, linear},
        {{ChannelType::float16, 1}, nearest_border}};
    unsigned seed = 21;
    for (const auto& [format, sampler] : cases) {
        CAPTURE(format.name());
        ++seed;
        if (!rtcg::image_format_supported(context(), format, 2)) {
            MESSAGE("the device has no 2-D images of ", format.name(), ": only its refusal is checked");
            CHECK_THROWS_AS(Image(context(), format, shape), rtcg::UnsupportedImageFormat);
            continue;
        }
        std::vector<std::byte> pixels;
        const Image image = filled_image(format, shape, pixels, seed);
        check_sampling(image, pixels, sampler);
    }
}

TEST_CASE("1-D and 3-D sampling match the reference") {
    for (const ImageFormat format : {ImageFormat{ChannelType::float32, 4}, ImageFormat{ChannelType::float16, 4}}) {
        CAPTURE(format.name());
        if (!rtcg::image_format_supported(context(), format, 1) ||
            !rtcg::image_format_supported(context(), format, 3)) {
            MESSAGE("the device has no 1-D or no 3-D images of ", format.name());
            continue;
        }
        std::vector<std::byte> pixels;
        const Image line = filled_image(format, ImageShape::one_d(9), pixels, 31);
        check_sampling(line, pixels, Sampler{false, Filter::linear, AddressMode::clamp_to_border});
        check_sampling(line, pixels, Sampler{true, Filter::nearest, AddressMode::mirrored_repeat});
        const Image volume = filled_image(format, ImageShape::three_d(4, 3, 3), pixels, 32);
        check_sampling(volume, pixels, Sampler{false, Filter::linear, AddressMode::clamp_to_edge});
        check_sampling(volume, pixels, Sampler{true, Filter::nearest, AddressMode::repeat});
    }
}
