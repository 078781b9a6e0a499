// A spectral Poisson solver: solve the periodic 2-D problem laplacian(u) = f on [0, 2 pi)^2 through
// the FFT. In Fourier space the Laplacian is a multiplication, (laplacian u)^(k) = -|k|^2 u^(k),
// so u^(k) = -f^(k) / |k|^2 for k != 0, and u^(0) = 0 picks the solution of mean zero. With
// f = laplacian of a known trigonometric u, the solution is exact up to rounding; the program
// checks it against that u on the host.
// RTCG_BACKEND=cuda or RTCG_BACKEND=opencl picks where it runs.
#include <rtcg/rtcg.hpp>

#include <cmath>
#include <complex>
#include <cstdio>
#include <numbers>
#include <vector>

namespace {

// The solution: trigonometric modes of mean zero, each an eigenfunction of the Laplacian.
double exact_u(double x, double y) { return std::sin(3 * x) * std::cos(2 * y) + 0.5 * std::cos(x + 5 * y); }

// Its Laplacian: each mode times -(kx^2 + ky^2).
double laplacian_u(double x, double y) {
    return -13 * std::sin(3 * x) * std::cos(2 * y) - 0.5 * 26 * std::cos(x + 5 * y);
}

// The signed wavenumber of frequency index i of n points (numpy's fftfreq times n).
double wavenumber(std::size_t i, std::size_t n) {
    return i <= n / 2 ? static_cast<double>(i) : static_cast<double>(i) - static_cast<double>(n);
}

} // namespace

int main() {
    try {
        const auto ctx = rtcg::Context::from_environment();
        std::printf("device: %s (%s)\n", ctx.device().name.c_str(), ctx.selector().c_str());
        using Complex = std::complex<float>;
        // A grid of 3-5-smooth extents: 96 = 2^5 3 rows, 120 = 2^3 3 5 columns.
        constexpr std::size_t rows = 96, columns = 120;
        const double h_y = 2 * std::numbers::pi / rows, h_x = 2 * std::numbers::pi / columns;

        std::vector<Complex> f(rows * columns);
        std::vector<Complex> inverse_symbol(rows * columns);
        for (std::size_t i = 0; i < rows; ++i)
            for (std::size_t j = 0; j < columns; ++j) {
                f[i * columns + j] = static_cast<float>(laplacian_u(static_cast<double>(j) * h_x, static_cast<double>(i) * h_y));
                const double ky = wavenumber(i, rows), kx = wavenumber(j, columns);
                const double k2 = kx * kx + ky * ky;
                inverse_symbol[i * columns + j] = k2 == 0 ? 0.0f : static_cast<float>(-1 / k2);
            }

        const auto rhs = rtcg::Array<Complex>::to_device(ctx, f, {rows, columns});
        const auto symbol = rtcg::Array<Complex>::to_device(ctx, inverse_symbol, {rows, columns});
        // One plan per direction, made once: a time-stepping solver would reuse them every step.
        const rtcg::fft::Plan forward(ctx, rhs.shape(), {}, rhs.dtype(), rtcg::fft::Direction::forward);
        const rtcg::fft::Plan inverse(ctx, rhs.shape(), {}, rhs.dtype(), rtcg::fft::Direction::inverse);
        const rtcg::Array<Complex> spectrum = forward(rhs) * symbol;
        const std::vector<Complex> u = inverse(spectrum).get();

        double worst = 0, largest = 0;
        for (std::size_t i = 0; i < rows; ++i)
            for (std::size_t j = 0; j < columns; ++j) {
                const double want = exact_u(static_cast<double>(j) * h_x, static_cast<double>(i) * h_y);
                const std::complex<double> got(u[i * columns + j]);
                worst = std::max(worst, std::abs(got - want));
                largest = std::max(largest, std::abs(want));
            }
        std::printf("solved laplacian(u) = f on a periodic %zu x %zu grid through fft2 / ifft2: largest error "
                    "%.3g of a solution as large as %.3g\n", rows, columns, worst, largest);
        if (worst > 1e-5 * largest) {
            std::fprintf(stderr, "spectral_poisson: the solution differs from the exact one by %.3g\n", worst);
            return 1;
        }
        return 0;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "spectral_poisson: %s\n", e.what());
        return 1;
    }
}
