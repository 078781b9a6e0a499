#pragma once
// The host reference of the FFT tests: discrete Fourier transforms in long double, straight from
// the definition, and the relative L2 error of a result against one.
#include <complex>
#include <cstddef>
#include <random>
#include <vector>

namespace rtcg::test::fft {

using Exact = std::complex<long double>;

// exp(sign 2 pi i m / n) for m = 0 .. n - 1: the twiddles every reference transform sums with.
std::vector<Exact> roots_of_unity(std::size_t n, int sign);

// X_k = sum_j x_j exp(sign 2 pi i j k / n) for every k: O(n^2), for n up to a few thousand.
std::vector<Exact> dft(const std::vector<Exact>& x, int sign);

// X_k for the k in `at` alone, in O(n) each: for long transforms, checked at sampled k.
std::vector<Exact> dft_at(const std::vector<Exact>& x, const std::vector<std::size_t>& at, int sign);

// The DFT along `axis` of a C-ordered array of `shape`, in place.
void dft_along(std::vector<Exact>& data, const std::vector<std::size_t>& shape, std::size_t axis, int sign);

// Points uniform in [-1, 1) + i [-1, 1), rounded to Real, from `seed`.
template <class Real>
std::vector<std::complex<Real>> random_points(std::size_t n, unsigned seed) {
    std::mt19937_64 engine(seed);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    std::vector<std::complex<Real>> points(n);
    for (auto& z : points) {
        const double re = uniform(engine);
        z = {static_cast<Real>(re), static_cast<Real>(uniform(engine))};
    }
    return points;
}

template <class Real>
std::vector<Exact> exact(const std::vector<std::complex<Real>>& points) {
    return std::vector<Exact>(points.begin(), points.end());
}

// sqrt(sum |got_k - want_k|^2 / sum |want_k|^2) over the k in `at` (every k when empty).
template <class Real>
double relative_error(const std::vector<std::complex<Real>>& got, const std::vector<Exact>& want,
                      const std::vector<std::size_t>& at = {}) {
    long double difference = 0, norm = 0;
    const auto add = [&](std::size_t k, const Exact& w) {
        difference += std::norm(Exact(got[k]) - w);
        norm += std::norm(w);
    };
    if (at.empty())
        for (std::size_t k = 0; k < want.size(); ++k) add(k, want[k]);
    else
        for (std::size_t i = 0; i < at.size(); ++i) add(at[i], want[i]);
    return norm == 0 ? static_cast<double>(std::sqrt(difference)) : static_cast<double>(std::sqrt(difference / norm));
}

// The error bound of a transform of n points: pocketfft's order, a few units of the precision
// times log2 n.
template <class Real>
double error_bound(std::size_t n) {
    double log2n = 1;
    for (std::size_t m = 2; m < n; m *= 2) ++log2n;
    return (sizeof(Real) == 4 ? 3e-7 : 6e-16) * log2n;
}

} // namespace rtcg::test::fft
