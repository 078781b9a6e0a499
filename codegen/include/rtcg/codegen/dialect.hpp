#pragma once
// The kernel language of a backend, and the prelude that lets one hand-written kernel source
// compile as CUDA C++ (NVRTC) and as OpenCL C alike:
//
//   RTCG_KERNEL void twice(RTCG_GLOBAL float* a, unsigned n) {
//       const size_t i = RTCG_GLOBAL_ID(0);
//       if (i < n) a[i] *= 2;
//   }
//
// Macros: RTCG_KERNEL, RTCG_DEVICE (helper functions), RTCG_GLOBAL / RTCG_LOCAL (address spaces
// of pointers), RTCG_RESTRICT, RTCG_GLOBAL_ID(d), RTCG_LOCAL_ID(d), RTCG_GROUP_ID(d),
// RTCG_LOCAL_SIZE(d), RTCG_NUM_GROUPS(d), RTCG_GLOBAL_SIZE(d) (d = 0, 1, 2; ids are size_t),
// RTCG_BARRIER(), and for dynamic local memory (LaunchConfig::dynamic_local_bytes):
// RTCG_DYNAMIC_LOCAL_PARAM(type, name) as the last parameter and
// RTCG_DYNAMIC_LOCAL_DECL(type, name) as the body's first statement.
// OpenCL gets the cl_khr_fp64 pragma where the device has doubles.
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/export.hpp>

#include <string>
#include <string_view>

namespace rtcg::codegen {

enum class Dialect { cuda, opencl };

RTCG_API Dialect dialect_of(const DeviceInfo& device);
RTCG_API std::string_view to_string(Dialect dialect) noexcept;

// The macro definitions above for `dialect`.
RTCG_API std::string_view prelude(Dialect dialect);

// prelude + `#line 1` + source: compiler messages keep the line numbers of `source`.
RTCG_API std::string with_prelude(Dialect dialect, std::string_view source);

} // namespace rtcg::codegen
