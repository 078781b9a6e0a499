#pragma once
// The n-th roots of unity exp(-2 pi i m / n), in long double with the argument reduced to the first
// octant exactly (integer arithmetic), so that rounding them to float or double gives the nearest
// value but for the rare cases where long double's own last bit decides.
#include <complex>
#include <cstddef>
#include <vector>

namespace rtcg::detail::fft {

// exp(-2 pi i m / n) for 0 <= m < n.
std::complex<long double> root_of_unity(std::size_t m, std::size_t n);

// exp(-2 pi i m step / n) for m = 0 .. count - 1, rounded to Real.
template <class Real>
std::vector<std::complex<Real>> strided_roots(std::size_t count, std::size_t step, std::size_t n) {
    std::vector<std::complex<Real>> table(count);
    for (std::size_t m = 0; m < count; ++m) {
        const std::complex<long double> w = root_of_unity(m * step % n, n);
        table[m] = {static_cast<Real>(w.real()), static_cast<Real>(w.imag())};
    }
    return table;
}

// The table of exp(-2 pi i m / n), m = 0 .. n - 1, rounded to Real.
template <class Real>
std::vector<std::complex<Real>> roots_of_unity(std::size_t n) {
    return strided_roots<Real>(n, 1, n);
}

} // namespace rtcg::detail::fft
