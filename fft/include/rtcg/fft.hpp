#pragma once
// rtcg's FFT: plans and numpy.fft's complex-to-complex functions. Link rtcg::fft.
#include <rtcg/fft/plan.hpp>
#include <rtcg/fft/transforms.hpp>
