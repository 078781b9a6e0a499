// Bilinear image resampling through the texture hardware: an 8-bit RGBA image is scaled to a new
// size by sampling it with a linear filter at normalized coordinates, and the result is written
// into a second image. Checked against a host bilinear interpolation, within the 8-bit weights of
// NVIDIA's texture units and the rounding of the 8-bit result (2 levels of 255).
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/rtcg.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <span>
#include <vector>

namespace {

constexpr const char* resample_source = R"(
RTCG_KERNEL void resample(RTCG_IMAGE2D(src), RTCG_WRITE_IMAGE2D(dst), int width, int height) {
    const int x = (int)RTCG_GLOBAL_ID(0), y = (int)RTCG_GLOBAL_ID(1);
    if (x >= width || y >= height) return;
    const float u = ((float)x + 0.5f) / (float)width, v = ((float)y + 0.5f) / (float)height;
    rtcg_image2d_write_float4(dst, x, y, rtcg_image2d_read_float4(src, u, v));
}
)";

struct Size {
    int width, height;
};

// Channel `c` of the bilinear sample of `image` (RGBA, 8 bits) at normalized (u, v), clamped to
// the edge, in [0, 1].
float bilinear(const std::vector<std::uint8_t>& image, Size size, float u, float v, int c) {
    const float x = u * static_cast<float>(size.width) - 0.5f, y = v * static_cast<float>(size.height) - 0.5f;
    const int x0 = static_cast<int>(std::floor(x)), y0 = static_cast<int>(std::floor(y));
    const float a = x - static_cast<float>(x0), b = y - static_cast<float>(y0);
    const auto at = [&](int i, int j) {
        i = std::clamp(i, 0, size.width - 1);
        j = std::clamp(j, 0, size.height - 1);
        return static_cast<float>(image[static_cast<std::size_t>((j * size.width + i) * 4 + c)]) / 255.0f;
    };
    return (1 - a) * (1 - b) * at(x0, y0) + a * (1 - b) * at(x0 + 1, y0) + (1 - a) * b * at(x0, y0 + 1) +
           a * b * at(x0 + 1, y0 + 1);
}

} // namespace

int main() {
    try {
        const auto ctx = rtcg::Context::from_environment();
        std::printf("device: %s (%s)\n", ctx.device().name.c_str(), ctx.selector().c_str());

        // A smooth test picture: colour gradients with a ripple.
        const Size from{64, 48}, to{157, 101};
        std::vector<std::uint8_t> picture(static_cast<std::size_t>(from.width * from.height) * 4);
        for (int y = 0; y < from.height; ++y)
            for (int x = 0; x < from.width; ++x) {
                const auto p = static_cast<std::size_t>((y * from.width + x) * 4);
                picture[p] = static_cast<std::uint8_t>(x * 255 / (from.width - 1));
                picture[p + 1] = static_cast<std::uint8_t>(y * 255 / (from.height - 1));
                picture[p + 2] = static_cast<std::uint8_t>(127.5 + 127.5 * std::sin(0.3 * x) * std::cos(0.2 * y));
                picture[p + 3] = 255;
            }

        const rtcg::ImageFormat rgba8{rtcg::ChannelType::unorm8, 4};
        rtcg::Image src(ctx, rgba8, rtcg::ImageShape::two_d(from.width, from.height));
        rtcg::Image dst(ctx, rgba8, rtcg::ImageShape::two_d(to.width, to.height));
        src.write(ctx.queue(), std::span<const std::uint8_t>(picture));
        const auto module = ctx.compile(resample_source,
                                        {.prelude = rtcg::codegen::portable_prelude({.images = true})});
        const rtcg::Sampler bilinear_sampler{.normalized_coordinates = true, .filter = rtcg::Filter::linear};
        module.kernel("resample")(ctx.queue(),
                                  rtcg::LaunchConfig{rtcg::Dim3{static_cast<std::size_t>(to.width + 15) / 16,
                                                                static_cast<std::size_t>(to.height + 15) / 16},
                                                     rtcg::Dim3{16, 16}},
                                  src.sampled(bilinear_sampler), dst.storage(), to.width, to.height);
        std::vector<std::uint8_t> resampled(static_cast<std::size_t>(to.width * to.height) * 4);
        dst.read(ctx.queue(), std::span<std::uint8_t>(resampled));

        float worst = 0;
        for (int y = 0; y < to.height; ++y)
            for (int x = 0; x < to.width; ++x)
                for (int c = 0; c < 4; ++c) {
                    const float u = (static_cast<float>(x) + 0.5f) / static_cast<float>(to.width);
                    const float v = (static_cast<float>(y) + 0.5f) / static_cast<float>(to.height);
                    const float expected = bilinear(picture, from, u, v, c) * 255.0f;
                    const auto got = static_cast<float>(
                        resampled[static_cast<std::size_t>((y * to.width + x) * 4 + c)]);
                    worst = std::max(worst, std::fabs(got - expected));
                }
        std::printf("resampled %d x %d RGBA8 to %d x %d; the centre pixel is (%d, %d, %d, %d)\n", from.width,
                    from.height, to.width, to.height,
                    resampled[static_cast<std::size_t>((to.height / 2 * to.width + to.width / 2) * 4)],
                    resampled[static_cast<std::size_t>((to.height / 2 * to.width + to.width / 2) * 4 + 1)],
                    resampled[static_cast<std::size_t>((to.height / 2 * to.width + to.width / 2) * 4 + 2)],
                    resampled[static_cast<std::size_t>((to.height / 2 * to.width + to.width / 2) * 4 + 3)]);
        std::printf("largest difference from the host's bilinear interpolation: %.3f of 255\n", worst);
        if (worst > 2.0f) {
            std::fprintf(stderr, "bilinear_resample: the result differs from the host's by %.3f levels\n", worst);
            return 1;
        }
        return 0;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
