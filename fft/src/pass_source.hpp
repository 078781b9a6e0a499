#pragma once
// The source of the FFT's kernels, in the prelude's neutral dialect (one text for CUDA and
// OpenCL): a configuration rendered here, then the device files of fft/device.
#include <rtcg/codegen/dtype.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace rtcg::detail::fft {

// The shape of a pass kernel (kernel/pass.rtcg): sub-transforms of `points` points, `threads`
// work-items each, `group` of them per work-group, `row` elements apart in local memory (points,
// or one more where several share the group), the local passes' radices.
struct PassShape {
    std::size_t points = 1;
    bool contiguous = false; // see pass_shape
    std::size_t row = 1;
    std::size_t threads = 1;
    std::size_t group = 1;
    std::vector<std::size_t> radices;
    bool untangle = false; // writes a real transform's points (FFT_UNTANGLE)
    bool tangle = false;   // reads a real transform's points (FFT_TANGLE)
    bool twiddled = false; // turns its input by twiddles: a pass after the first (FFT_TWIDDLED)
};

// The pass shape for sub-transforms of `points` points, with `local_bytes` of local memory per
// work-group and `max_threads` work-items at most, and at least `min_group` sub-transforms per
// group (which must fit local memory, padding aside: each row's padding element comes on top).
// `contiguous`: the pass reads and writes each sub-transform's points next to each other (a one-pass
// transform of a contiguous axis), where radix-16 local passes, unpadded rows and a register cap
// for more resident groups pay; elsewhere radix 8, padded rows and no cap do better.
PassShape pass_shape(std::size_t points, std::size_t element_bytes, std::size_t local_bytes, std::size_t max_threads,
                     std::size_t min_group, bool contiguous);

// The program of fft_pass for elements of `real` (float32 or float64) and `shape`, for both
// directions (the sign is an argument).
std::string pass_source(const codegen::DType& real, const PassShape& shape);

// The program of fft_real_untangle and fft_real_tangle (kernel/real.rtcg).
std::string real_source(const codegen::DType& real);

// The program of fft_chirp_in, fft_chirp_multiply and fft_chirp_out (kernel/bluestein.rtcg).
std::string bluestein_source(const codegen::DType& real);

} // namespace rtcg::detail::fft
