#pragma once
// CUDA architectures as one number, 10 * major + minor of the compute capability (90 for 9.0,
// 120 for 12.0), the encoding nvrtcGetSupportedArchs uses.
#include <string>

namespace rtcg::cuda {

// "sm_90": the real architecture, which a cubin is built for.
inline std::string real_architecture_name(int architecture) { return "sm_" + std::to_string(architecture); }

// "compute_90": the virtual architecture, which PTX is written for.
inline std::string virtual_architecture_name(int architecture) { return "compute_" + std::to_string(architecture); }

} // namespace rtcg::cuda
