#pragma once
// The pieces prelude.cpp puts together: each dialect's macros and types, the atomics, and the
// complex and warp supports (which only generators that need them include).
#include <rtcg/codegen/dialect.hpp>

#include <string>
#include <string_view>

namespace rtcg::codegen::detail {

// Macros, index types and vector types (prelude_cuda.cpp, prelude_opencl.cpp).
std::string_view cuda_base_prelude();
std::string_view opencl_base_prelude();

// The OpenCL prelude's RTCG_LOAD_L2_ONLY, which comes after the base: a plain load, or NVIDIA's
// L2-only load through inline PTX (l2_only_load_text.cpp).
std::string_view opencl_l2_only_load(bool inline_ptx);

// rtcg_atomic_* for every type and address space (atomics_text.cpp).
std::string atomics_text(Dialect dialect);

// cfloat_t, cdouble_t and their functions (complex_text.cpp).
std::string complex_text(Dialect dialect);

// rtcg_warp_* and the bit counts (warp_text.cpp).
std::string_view warp_text(Dialect dialect);

// The image macros and their CUDA device functions (image_text.cpp).
std::string_view image_text(Dialect dialect);

} // namespace rtcg::codegen::detail
