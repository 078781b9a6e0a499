#pragma once
// The papers' auto-tuned matrix multiply, C = A * B in single precision, row-major, any sizes:
// the tiled kernel generated from a configuration, its parameter space on a device, and the
// naive kernel it is measured against.
//
// Tiled kernel parameters (a work-group computes a tm x tn tile of C; each work-item wm x wn of
// its entries, in registers):
//   tm, tn, tk  the C tile and the depth of the A and B tiles staged in local memory
//   wm, wn      work per thread (register blocking)
//   vw          vector width of global loads (1, 2, 4; needs K and N divisible by it)
//   lv          vector width of local-memory reads (1, 2, 4; divides wm and wn)
//   unroll      copies of the k-loop body per iteration (divides tk)
//   prefetch    1: double-buffered local tiles, the next tile loaded into registers while the
//               current one is multiplied; 0: one buffer, load then multiply
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/launch.hpp>
#include <rtcg/tuning/tuner.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace matmul {

struct Shape {
    std::int32_t m = 0, n = 0, k = 0; // C is m x n, A m x k, B k x n
    double flops() const { return 2.0 * m * n * static_cast<double>(k); }
};

// Bump when the generated code changes meaning: it is part of the tuning database key.
inline constexpr const char* kernel_identity = "examples/matmul/tiled-v1";

// A wide space with a budgeted search on GPUs; a small one, searched exhaustively, on CPUs.
rtcg::tuning::ParameterSpace tiled_space(const rtcg::DeviceInfo& device, const Shape& shape);
// Where a local search of a GPU's tiled_space begins: configurations that did well on GPUs
// measured so far (the search skips those the space's constraints rule out on this device).
std::vector<rtcg::tuning::Configuration> tiled_starts(const rtcg::tuning::ParameterSpace& space);
// The class of sizes that share a tuned configuration: large problems (every GPU fully busy)
// share one; smaller ones go by powers of two. The vector widths the sizes allow are part of it.
std::string size_class(const Shape& shape);

rtcg::tuning::GeneratedKernel tiled_kernel(rtcg::codegen::Dialect dialect, const rtcg::tuning::Configuration& c);
rtcg::LaunchConfig tiled_launch(const rtcg::tuning::Configuration& c, const Shape& shape);

// One work-item per entry of C, in 16 x 16 blocks.
rtcg::tuning::GeneratedKernel naive_kernel(rtcg::codegen::Dialect dialect);
rtcg::LaunchConfig naive_launch(const Shape& shape);

} // namespace matmul
