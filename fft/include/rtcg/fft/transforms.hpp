#pragma once
/// \file
/// numpy.fft's complex-to-complex functions on Arrays: each makes a Plan (rtcg/fft/plan.hpp) and
/// runs it once into a new C-ordered array. Compiled kernels are kept in the compile cache, but the
/// plan's tables are made again on every call: code that transforms arrays of one shape
/// repeatedly keeps a Plan instead.
///
/// \code
///   auto spectrum = rtcg::fft::fft(x);                    // along the last axis
///   auto back = rtcg::fft::ifft(spectrum);                // x again, to rounding
///   auto image = rtcg::fft::fft2(picture, {0, 1}, rtcg::fft::Norm::ortho);
/// \endcode
#include <rtcg/fft/plan.hpp>

#include <complex>
#include <cstdint>
#include <vector>

namespace rtcg::fft {

/// The transform of `x` along `axes` (empty: every axis) in `direction`.
template <class Complex>
Array<Complex> transform(const Array<Complex>& x, std::vector<std::int64_t> axes, Direction direction,
                         Norm norm = Norm::backward) {
    return Plan(x.context(), x.shape(), std::move(axes), x.dtype(), direction, norm)(x);
}

/// numpy.fft.fft: the forward transform along `axis`.
template <class Complex>
Array<Complex> fft(const Array<Complex>& x, std::int64_t axis = -1, Norm norm = Norm::backward) {
    return transform(x, {axis}, Direction::forward, norm);
}

/// numpy.fft.ifft: the inverse transform along `axis`.
template <class Complex>
Array<Complex> ifft(const Array<Complex>& x, std::int64_t axis = -1, Norm norm = Norm::backward) {
    return transform(x, {axis}, Direction::inverse, norm);
}

/// numpy.fft.fft2: the forward transform over two axes.
template <class Complex>
Array<Complex> fft2(const Array<Complex>& x, std::vector<std::int64_t> axes = {-2, -1}, Norm norm = Norm::backward) {
    return transform(x, std::move(axes), Direction::forward, norm);
}

/// numpy.fft.ifft2: the inverse transform over two axes.
template <class Complex>
Array<Complex> ifft2(const Array<Complex>& x, std::vector<std::int64_t> axes = {-2, -1}, Norm norm = Norm::backward) {
    return transform(x, std::move(axes), Direction::inverse, norm);
}

/// numpy.fft.fftn: the forward transform over `axes` (empty: every axis).
template <class Complex>
Array<Complex> fftn(const Array<Complex>& x, std::vector<std::int64_t> axes = {}, Norm norm = Norm::backward) {
    return transform(x, std::move(axes), Direction::forward, norm);
}

/// numpy.fft.ifftn: the inverse transform over `axes` (empty: every axis).
template <class Complex>
Array<Complex> ifftn(const Array<Complex>& x, std::vector<std::int64_t> axes = {}, Norm norm = Norm::backward) {
    return transform(x, std::move(axes), Direction::inverse, norm);
}

} // namespace rtcg::fft
