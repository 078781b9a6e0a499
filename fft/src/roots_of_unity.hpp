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

// The table of exp(-2 pi i m / n), m = 0 .. n - 1, rounded to Real.
template <class Real>
std::vector<std::complex<Real>> roots_of_unity(std::size_t n) {
    std::vector<std::complex<Real>> table(n);
    for (std::size_t m = 0; m < n; ++m) {
        const std::complex<long double> w = root_of_unity(m, n);
        table[m] = {static_cast<Real>(w.real()), static_cast<Real>(w.imag())};
    }
    return table;
}

} // namespace rtcg::detail::fft
