#pragma once
/// \file
/// numpy.fft.rfft and irfft on Arrays: the transform of real points, of which numpy keeps the
/// n / 2 + 1 non-negative frequencies (the others are their conjugates), and its inverse.
///
/// \code
///   auto spectrum = rtcg::fft::rfft(signal);          // float32 (..., n) -> complex64 (..., n/2 + 1)
///   auto back = rtcg::fft::irfft(spectrum, n);        // float32 (..., n)
/// \endcode
///
/// Along the last axis, for an even number of points n, both run a RealPlan (real_plan.hpp): a
/// complex transform of n / 2 points, the real points read as complex pairs, and one more kernel
/// that separates the pairs' spectra (rfft) or joins them (irfft). Otherwise (odd n, another axis) they run the complex
/// transform of the whole length (the real input widened to complex, the spectrum completed by its
/// conjugate half), about twice the work. The results are numpy's, the imaginary parts of irfft's
/// zero and (for even n) n / 2 frequencies ignored as numpy ignores them.
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/index.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/fft/plan.hpp>
#include <rtcg/fft/real_plan.hpp>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <string>
#include <vector>

namespace rtcg::fft {

namespace detail {

/// An index of `ndim` axes taking `part` of `axis` and all of the others.
inline std::vector<Index> along(std::size_t ndim, std::size_t axis, Slice part) {
    std::vector<Index> items(ndim, Index(slice(none)));
    items[axis] = Index(part);
    return items;
}

/// A slice bound from a count.
inline std::int64_t bound(std::size_t value) { return static_cast<std::int64_t>(value); }

} // namespace detail

/// numpy.fft.rfft: the forward transform of real `x` along `axis`, its n / 2 + 1 non-negative
/// frequencies (n: the axis's extent). InvalidArgument as Plan's, for an axis out of range or of
/// size 0.
template <class Real>
    requires(std::is_same_v<Real, float> || std::is_same_v<Real, double>)
Array<std::complex<Real>> rfft(const Array<Real>& x, std::int64_t axis = -1, Norm norm = Norm::backward) {
    using Complex = std::complex<Real>;
    const std::size_t a = rtcg::detail::checked_axis("fft::rfft", axis, x.ndim());
    const std::size_t n = x.shape()[a];
    if (n % 2 == 0 && n > 0 && a + 1 == x.ndim())
        return RealPlan(x.context(), x.shape(), x.dtype(), Direction::forward, norm)(x);
    const Array<Complex> z = x.template astype<Complex>();
    Plan(x.context(), z.shape(), {axis}, z.dtype(), Direction::forward, norm).execute(z, z);
    const std::vector<Index> kept = detail::along(x.ndim(), a, slice(0, detail::bound(n / 2 + 1)));
    return z.index(kept).copy();
}

/// numpy.fft.irfft: the real `n` points (0: 2 (m - 1), m the extent of `axis`) whose rfft is `x`,
/// its frequencies beyond m taken as 0 and those beyond n / 2 + 1 ignored. InvalidArgument for an
/// axis out of range, or an output of no points (n = 0 with m = 1).
template <class Complex>
    requires(std::is_same_v<Complex, std::complex<float>> || std::is_same_v<Complex, std::complex<double>>)
Array<typename Complex::value_type> irfft(const Array<Complex>& x, std::size_t n = 0, std::int64_t axis = -1,
                                          Norm norm = Norm::backward) {
    const std::size_t a = rtcg::detail::checked_axis("fft::irfft", axis, x.ndim());
    const std::size_t m = x.shape()[a];
    if (n == 0) {
        if (m < 2)
            throw InvalidArgument("an input of " + std::to_string(m) +
                                      " frequencies gives an output of 0 points; name the output's length",
                                  "fft::irfft");
        n = 2 * (m - 1);
    }
    std::vector<std::size_t> shape = x.shape();
    shape[a] = n;
    if (n % 2 == 0 && m > 0 && a + 1 == x.ndim())
        return RealPlan(x.context(), shape, rtcg::codegen::dtype_of<typename Complex::value_type>(), Direction::inverse,
                        norm)(x);
    const Array<Complex> y = Array<Complex>::zeros(x.context(), shape);
    const std::size_t kept = std::min(m, n / 2 + 1);
    const auto head = detail::along(x.ndim(), a, slice(0, detail::bound(kept)));
    y.index(head).assign(x.index(head));
    // The negative frequencies n - k, k = 1 .. (n - 1) / 2, are the conjugates of the positive ones.
    const std::size_t mirrored = std::min((n - 1) / 2, kept - 1);
    if (mirrored > 0)
        y.index(detail::along(x.ndim(), a, slice(detail::bound(n - mirrored), detail::bound(n))))
            .assign(rtcg::conj(x.index(detail::along(x.ndim(), a, slice(detail::bound(mirrored), 0, -1)))));
    Plan(x.context(), shape, {axis}, y.dtype(), Direction::inverse, norm).execute(y, y);
    return y.real().copy();
}

} // namespace rtcg::fft
