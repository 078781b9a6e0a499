#pragma once
// What the reduction tests share: host references computed in double (or exactly, for
// integers), a tolerance for floating sums, and the CUDA compile of each kernel's source.
#include "../support/cuda_compile.hpp"

#include <rtcg/arrays/reduction.hpp>

#include <cmath>
#include <cstddef>
#include <vector>

namespace rtcg::test {

// Most portable spelling of the infinities: OpenCL C defines INFINITY, NVRTC does not.
inline constexpr const char* infinity_preamble =
    "#ifndef INFINITY\n#define INFINITY __int_as_float(0x7f800000)\n#endif\n";

// A floating result against a double reference: rounding in T of every partial sum is bounded
// by a few units of T's precision times the sum of the magnitudes.
template <class T>
bool close_to(T got, double expected, double magnitudes) {
    const double epsilon = sizeof(T) == 4 ? 1e-6 : 1e-14;
    return std::abs(static_cast<double>(got) - expected) <= 16 * epsilon * (magnitudes + 1);
}

} // namespace rtcg::test
