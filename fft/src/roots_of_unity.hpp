#pragma once
// The n-th roots of unity exp(-2 pi i m / n), in long double with the argument reduced to the first
// octant exactly (integer arithmetic), so that rounding them to float or double gives the nearest
// value but for the rare cases where long double's own last bit decides.
// A long transform's tables take millions of them, each a long-double sine and cosine: their
// entries are computed on several host threads (roots_table), each on its own, so that the table
// is the same on any number of threads.
#include <complex>
#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

namespace rtcg::detail::fft {

// exp(-2 pi i m / n) for 0 <= m < n.
std::complex<long double> root_of_unity(std::size_t m, std::size_t n);

// `w` rounded to Real, each part to the nearest.
template <class Real>
std::complex<Real> rounded_to(const std::complex<long double>& w) {
    return {static_cast<Real>(w.real()), static_cast<Real>(w.imag())};
}

// Calls fill(first, last), which must not throw, on ranges that cover [0, count) once, on up to
// one host thread per hardware thread (the calling one among them) where count is large enough to
// pay for starting them, else, or where no thread can be started, on the calling thread.
void fill_in_parallel(std::size_t count, const std::function<void(std::size_t, std::size_t)>& fill);

// A table of `count` roots rounded to Real: entry e is exp(-2 pi i m / n) for {m, n} =
// argument(e), 0 <= m < n.
template <class Real, class Argument>
std::vector<std::complex<Real>> roots_table(std::size_t count, const Argument& argument) {
    std::vector<std::complex<Real>> table(count);
    fill_in_parallel(count, [&table, &argument](std::size_t first, std::size_t last) {
        for (std::size_t e = first; e < last; ++e) {
            const auto [m, n] = argument(e);
            table[e] = rounded_to<Real>(root_of_unity(m, n));
        }
    });
    return table;
}

// exp(-2 pi i m step / n) for m = 0 .. count - 1, rounded to Real.
template <class Real>
std::vector<std::complex<Real>> strided_roots(std::size_t count, std::size_t step, std::size_t n) {
    return roots_table<Real>(count, [step, n](std::size_t m) { return std::pair{m * step % n, n}; });
}

// The table of exp(-2 pi i m / n), m = 0 .. n - 1, rounded to Real.
template <class Real>
std::vector<std::complex<Real>> roots_of_unity(std::size_t n) {
    return strided_roots<Real>(n, 1, n);
}

} // namespace rtcg::detail::fft
