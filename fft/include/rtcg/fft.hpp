#pragma once
// rtcg's FFT: plans, numpy.fft's complex-to-complex functions and rfft / irfft. Link rtcg::fft.
#include <rtcg/fft/plan.hpp>
#include <rtcg/fft/real_plan.hpp>
#include <rtcg/fft/real_transforms.hpp>
#include <rtcg/fft/transforms.hpp>
