#pragma once
/// \file
/// Plans of real transforms along the last axis, for an even number of points: rfft's
/// real-to-complex transform and irfft's complex-to-real one, each a complex transform of half as
/// many points (the real points read as complex pairs) whose last pass separates the pairs'
/// spectra as it writes global memory (forward), or whose first pass joins them as it reads it
/// (inverse); only a half transform through Bluestein's algorithm (a large prime factor) takes
/// one more kernel for that. rtcg::fft::rfft and irfft (real_transforms.hpp) make one per call;
/// code that transforms arrays of one shape repeatedly keeps one instead.
///
/// \code
///   rtcg::fft::RealPlan forward(ctx, {64, 1024}, rtcg::codegen::DType::float32(), rtcg::fft::Direction::forward);
///   auto spectrum = forward(signal);          // float32 (64, 1024) -> complex64 (64, 513)
///   rtcg::fft::RealPlan inverse(ctx, {64, 1024}, rtcg::codegen::DType::float32(), rtcg::fft::Direction::inverse);
///   auto back = inverse(spectrum);            // complex64 (64, 513) -> float32 (64, 1024)
/// \endcode
#include <rtcg/fft/plan.hpp>

#include <complex>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace rtcg::fft {

/// rfft (Direction::forward) or irfft (Direction::inverse) along the last axis of real arrays of
/// `shape`, numpy's results and norms; its kernels compiled and its tables made when it is made.
/// Copies share the plan.
class RTCG_API RealPlan {
public:
    /// The transform of real arrays of `shape` (its last extent even) and `real` dtype (float32 or
    /// float64) in `direction`. InvalidArgument for another dtype, no axis, an odd or zero last
    /// extent, or float64 on a device without double precision. `tuning` (see Tuning) chooses the
    /// half transform's kernel where it takes one pass, and the layout of its passes where it takes
    /// several, as a Plan's of that length would be chosen, but timed with the real step the
    /// kernels fuse (the forward's last pass untangles the spectrum, the inverse's first tangles it)
    /// and kept apart in the database.
    RealPlan(const Context& context, std::vector<std::size_t> shape, const codegen::DType& real, Direction direction,
             Norm norm = Norm::backward, Tuning tuning = Tuning::stored);

    /// The forward transform's output, or the inverse's input, shape: `shape` with n / 2 + 1 in
    /// place of the last extent n. (The inverse takes any last extent m >= 1, as irfft does: the
    /// frequencies beyond m are zero, those beyond n / 2 ignored.)
    std::vector<std::size_t> spectrum_shape() const;

    /// The forward transform of real `in` into complex `out`, or the inverse of complex `in` into
    /// real `out`, on the context's current queue. InvalidArgument when a dtype, shape or context
    /// is not the plan's, or `out` has overlapping elements. `in` and `out` must not overlap.
    void execute_data(const rtcg::detail::ArrayData& in, const rtcg::detail::ArrayData& out) const;

    /// The forward transform of `in` into a new C-ordered array.
    template <class Real>
    Array<std::complex<Real>> operator()(const Array<Real>& in) const {
        Array<std::complex<Real>> out = Array<std::complex<Real>>::empty(in.context(), spectrum_shape());
        execute_data(in.data(), out.data());
        return out;
    }

    /// The inverse transform of `in` into a new C-ordered array.
    template <class Real>
    Array<Real> operator()(const Array<std::complex<Real>>& in) const {
        Array<Real> out = Array<Real>::empty(in.context(), shape());
        execute_data(in.data(), out.data());
        return out;
    }

    const std::vector<std::size_t>& shape() const noexcept; ///< the real arrays' shape
    Direction direction() const noexcept;                   ///< forward: rfft, inverse: irfft
    /// The source of every program the plan compiled, as Plan::sources gives it.
    std::vector<std::string> sources() const;

    struct State; ///< the plan's kernels and tables, shared by copies
private:
    std::shared_ptr<const State> state_;
};

} // namespace rtcg::fft
