#pragma once
// NVRTC, CUDA's run-time compiler, opened with dlopen at run time like the driver: the plug-in
// loads without it, and only compiling needs it.
#include <nvrtc.h>

#include <string>
#include <vector>

namespace rtcg::cuda {

#define RTCG_CUDA_NVRTC_FUNCTIONS(X) \
    X(nvrtcGetErrorString)           \
    X(nvrtcVersion)                  \
    X(nvrtcGetNumSupportedArchs)     \
    X(nvrtcGetSupportedArchs)        \
    X(nvrtcCreateProgram)            \
    X(nvrtcDestroyProgram)           \
    X(nvrtcCompileProgram)           \
    X(nvrtcGetProgramLogSize)        \
    X(nvrtcGetProgramLog)            \
    X(nvrtcGetCUBINSize)             \
    X(nvrtcGetCUBIN)                 \
    X(nvrtcGetPTXSize)               \
    X(nvrtcGetPTX)

struct NvrtcApi {
#define RTCG_CUDA_DECLARE_POINTER(function) decltype(&::function) function = nullptr;
    RTCG_CUDA_NVRTC_FUNCTIONS(RTCG_CUDA_DECLARE_POINTER)
#undef RTCG_CUDA_DECLARE_POINTER

    std::string version;                     // "13.0"
    std::vector<int> supported_architectures; // ascending, 10 * major + minor: 75, 80, ..., 120
};

// NVRTC, loaded on first use and kept for the rest of the process; null when no usable NVRTC
// library was found.
const NvrtcApi* find_nvrtc();

// NVRTC, or BackendUnavailable saying which libraries were tried and why each failed.
const NvrtcApi& nvrtc_api();

} // namespace rtcg::cuda
