// Convolution of an image through the FFT: the image and a blur kernel (a 7 x 7 Gaussian, centred
// at the origin and wrapped around the edges), both real, are transformed with rfft2 (numpy's half
// spectrum), multiplied point by point, and transformed back with irfft2: the circular
// convolution, in O(n log n) instead of O(n k^2). The result is checked against the direct
// convolution on the host.
// RTCG_BACKEND=cuda or RTCG_BACKEND=opencl picks where it runs.
#include <rtcg/rtcg.hpp>

#include <cmath>
#include <complex>
#include <cstdio>
#include <random>
#include <vector>

int main() {
    try {
        const auto ctx = rtcg::Context::from_environment();
        std::printf("device: %s (%s)\n", ctx.device().name.c_str(), ctx.selector().c_str());
        // An awkward size on purpose: 120 = 2^3 3 5 rows, 97 (a prime: Bluestein's) columns.
        constexpr std::size_t rows = 120, columns = 97;
        constexpr int radius = 3;

        std::mt19937 random(7);
        std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
        std::vector<float> image(rows * columns);
        for (float& pixel : image) pixel = uniform(random);
        std::vector<float> blur(rows * columns, 0.0f);
        std::vector<float> weights;
        float total = 0;
        for (int dy = -radius; dy <= radius; ++dy)
            for (int dx = -radius; dx <= radius; ++dx)
                total += std::exp(-0.25f * static_cast<float>(dx * dx + dy * dy));
        for (int dy = -radius; dy <= radius; ++dy)
            for (int dx = -radius; dx <= radius; ++dx) {
                const std::size_t y = static_cast<std::size_t>((dy + static_cast<int>(rows)) % static_cast<int>(rows));
                const std::size_t x = static_cast<std::size_t>((dx + static_cast<int>(columns)) %
                                                               static_cast<int>(columns));
                blur[y * columns + x] = std::exp(-0.25f * static_cast<float>(dx * dx + dy * dy)) / total;
            }

        const auto picture = rtcg::Array<float>::to_device(ctx, image, {rows, columns});
        const auto kernel = rtcg::Array<float>::to_device(ctx, blur, {rows, columns});
        const rtcg::Array<std::complex<float>> product = rtcg::fft::rfft2(picture) * rtcg::fft::rfft2(kernel);
        // The odd width cannot be inferred from the half spectrum's: it is named.
        const std::vector<float> blurred = rtcg::fft::irfft2(product, {rows, columns}).get();

        double worst = 0;
        for (std::size_t y = 0; y < rows; ++y)
            for (std::size_t x = 0; x < columns; ++x) {
                double direct = 0;
                for (int dy = -radius; dy <= radius; ++dy)
                    for (int dx = -radius; dx <= radius; ++dx) {
                        const std::size_t sy = (y + rows -
                                                static_cast<std::size_t>(dy + static_cast<int>(rows)) % rows) %
                                               rows;
                        const std::size_t sx = (x + columns -
                                                static_cast<std::size_t>(dx + static_cast<int>(columns)) % columns) %
                                               columns;
                        const std::size_t ky = static_cast<std::size_t>(dy + static_cast<int>(rows)) % rows;
                        const std::size_t kx = static_cast<std::size_t>(dx + static_cast<int>(columns)) % columns;
                        direct += double{image[sy * columns + sx]} * double{blur[ky * columns + kx]};
                    }
                worst = std::max(worst, std::abs(double{blurred[y * columns + x]} - direct));
            }
        std::printf("blurred a %zu x %zu image through rfft2 / irfft2: largest difference from the direct "
                    "convolution %.3g\n",
                    rows, columns, worst);
        if (worst > 1e-5) {
            std::fprintf(stderr, "fft_convolution: the FFT's result differs from the direct convolution by %.3g\n",
                         worst);
            return 1;
        }
        return 0;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "fft_convolution: %s\n", e.what());
        return 1;
    }
}
