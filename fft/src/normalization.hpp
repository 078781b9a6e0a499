#pragma once
// numpy's normalisation of a transform along one axis.
#include <rtcg/fft/plan.hpp>

#include <cstddef>

namespace rtcg::detail::fft {

// The factor Norm applies to a transform of n points in `direction`: 1, 1 / n or 1 / sqrt(n).
double axis_scale(std::size_t n, rtcg::fft::Direction direction, rtcg::fft::Norm norm);

} // namespace rtcg::detail::fft
