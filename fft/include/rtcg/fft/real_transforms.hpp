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
/// that separates the pairs' spectra (rfft) or joins them (irfft). Otherwise (odd n, another axis)
/// they run the complex transform of the whole length (the real input widened to complex, the
/// spectrum completed by its conjugate half), about twice the work. The results are numpy's, the imaginary parts of irfft's
/// zero and (for even n) n / 2 frequencies ignored as numpy ignores them.
///
/// rfftn and rfft2 are rfft along the last of their axes followed by the complex transform over the
/// others, as numpy's are; irfftn and irfft2 the complex inverse over all but the last axis followed
/// by irfft along it. Their `s` is numpy's: the output's extents along the axes, which crops or
/// zero-pads the spectrum along the others before their transforms and gives irfft its length.
///
/// \code
///   auto spectrum = rtcg::fft::rfft2(image);                 // float32 (h, w) -> complex64 (h, w/2 + 1)
///   auto back = rtcg::fft::irfft2(spectrum, {h, w});         // float32 (h, w), w odd or even
/// \endcode
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/index.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/fft/plan.hpp>
#include <rtcg/fft/real_plan.hpp>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <string>
#include <string_view>
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

/// The axes an n-d function transforms, non-negative: `axes`, or when it is empty the last `count`
/// axes (every axis when `count` is 0), as numpy's `axes=None` reads. InvalidArgument for an axis
/// out of range or named twice, more lengths than axes, or no axis at all.
inline std::vector<std::size_t> transformed_axes(std::string_view where, const std::vector<std::int64_t>& axes,
                                                 std::size_t ndim, std::size_t count = 0) {
    std::vector<std::size_t> result;
    if (axes.empty()) {
        if (count > ndim)
            throw InvalidArgument(std::to_string(count) + " lengths given for an array of " + std::to_string(ndim) +
                                      " axes",
                                  std::string(where));
        for (std::size_t a = ndim - (count == 0 ? ndim : count); a < ndim; ++a) result.push_back(a);
    } else {
        for (const std::int64_t axis : axes) {
            const std::size_t a = rtcg::detail::checked_axis(where, axis, ndim);
            if (std::find(result.begin(), result.end(), a) != result.end())
                throw InvalidArgument("axis " + std::to_string(a) + " is named twice", std::string(where));
            result.push_back(a);
        }
    }
    if (result.empty()) throw InvalidArgument("no axis to transform: the array is 0-d", std::string(where));
    return result;
}

/// A new C-ordered array: `x` along each axis `axes[i]` cropped to, or zero-padded at its end to,
/// `extents[i]` points (a plain copy where no extent changes).
template <class T>
Array<T> resized_copy(const Array<T>& x, const std::vector<std::size_t>& axes, const std::vector<std::size_t>& extents) {
    std::vector<std::size_t> shape = x.shape();
    std::vector<Index> kept(x.ndim(), Index(slice(none)));
    for (std::size_t i = 0; i < axes.size(); ++i) {
        kept[axes[i]] = Index(slice(0, bound(std::min(shape[axes[i]], extents[i]))));
        shape[axes[i]] = extents[i];
    }
    if (shape == x.shape()) return x.copy();
    Array<T> y = Array<T>::zeros(x.context(), shape);
    y.index(kept).assign(x.index(kept));
    return y;
}

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

/// numpy.fft.rfftn: rfft along the last of `axes` (empty: every axis), then the forward complex
/// transform over the others; the last axis's extent n becomes n / 2 + 1. InvalidArgument for an
/// axis out of range or named twice, or an axis of size 0.
template <class Real>
    requires(std::is_same_v<Real, float> || std::is_same_v<Real, double>)
Array<std::complex<Real>> rfftn(const Array<Real>& x, const std::vector<std::int64_t>& axes = {},
                                Norm norm = Norm::backward) {
    std::vector<std::size_t> chosen = detail::transformed_axes("fft::rfftn", axes, x.ndim());
    const auto last = static_cast<std::int64_t>(chosen.back());
    chosen.pop_back();
    Array<std::complex<Real>> spectrum = rfft(x, last, norm);
    if (!chosen.empty())
        Plan(x.context(), spectrum.shape(), std::vector<std::int64_t>(chosen.begin(), chosen.end()), spectrum.dtype(),
             Direction::forward, norm)
            .execute(spectrum, spectrum);
    return spectrum;
}

/// numpy.fft.irfftn: the real array whose rfftn over `axes` is `x`. `s` (empty, or one length per
/// axis) gives the output's extents along them: the spectrum is cropped or zero-padded to s[i] along
/// every axis but the last, and irfft gives the last s.back() points; without it they keep x's
/// extents and the last has 2 (m - 1) points. Empty `axes` means the last s.size() axes (every axis
/// when `s` is empty too). InvalidArgument for a length of 0, a count of lengths that is not the
/// count of axes, an axis out of range or named twice, or an output of no points.
template <class Complex>
    requires(std::is_same_v<Complex, std::complex<float>> || std::is_same_v<Complex, std::complex<double>>)
Array<typename Complex::value_type> irfftn(const Array<Complex>& x, const std::vector<std::size_t>& s = {},
                                           const std::vector<std::int64_t>& axes = {}, Norm norm = Norm::backward) {
    constexpr std::string_view where = "fft::irfftn";
    std::vector<std::size_t> chosen = detail::transformed_axes(where, axes, x.ndim(), s.size());
    if (!s.empty() && s.size() != chosen.size())
        throw InvalidArgument(std::to_string(s.size()) + " lengths given for " + std::to_string(chosen.size()) + " axes",
                              std::string(where));
    if (std::find(s.begin(), s.end(), std::size_t{0}) != s.end())
        throw InvalidArgument("a length of 0 in s: every output axis needs a point", std::string(where));
    const auto last = static_cast<std::int64_t>(chosen.back());
    const std::size_t last_points = s.empty() ? 0 : s.back();
    chosen.pop_back();
    if (chosen.empty()) return irfft(x, last_points, last, norm);
    std::vector<std::size_t> extents;
    for (std::size_t i = 0; i < chosen.size(); ++i) extents.push_back(s.empty() ? x.shape()[chosen[i]] : s[i]);
    // The complex inverse runs in place, on a copy: the caller's spectrum is left as it is.
    const Array<Complex> spectrum = detail::resized_copy(x, chosen, extents);
    Plan(x.context(), spectrum.shape(), std::vector<std::int64_t>(chosen.begin(), chosen.end()), spectrum.dtype(),
         Direction::inverse, norm)
        .execute(spectrum, spectrum);
    return irfft(spectrum, last_points, last, norm);
}

/// numpy.fft.rfft2: rfftn over two axes.
template <class Real>
    requires(std::is_same_v<Real, float> || std::is_same_v<Real, double>)
Array<std::complex<Real>> rfft2(const Array<Real>& x, const std::vector<std::int64_t>& axes = {-2, -1},
                                Norm norm = Norm::backward) {
    return rfftn(x, axes, norm);
}

/// numpy.fft.irfft2: irfftn over two axes.
template <class Complex>
    requires(std::is_same_v<Complex, std::complex<float>> || std::is_same_v<Complex, std::complex<double>>)
Array<typename Complex::value_type> irfft2(const Array<Complex>& x, const std::vector<std::size_t>& s = {},
                                           const std::vector<std::int64_t>& axes = {-2, -1},
                                           Norm norm = Norm::backward) {
    return irfftn(x, s, axes, norm);
}

} // namespace rtcg::fft
