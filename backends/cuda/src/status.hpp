#pragma once
// Turning driver and NVRTC status codes into rtcg's exceptions (or, in destructors, into
// warnings). Every call into either library goes through one of these.
#include "nvrtc_api.hpp"

#include <cuda.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace rtcg::cuda {

// "0x7f3a00000000": an address or handle as messages show it.
std::string hex(std::uint64_t value);

// "CUDA_ERROR_OUT_OF_MEMORY", from cuGetErrorName.
std::string driver_error_name(CUresult result);
// "out of memory", from cuGetErrorString.
std::string driver_error_description(CUresult result);

// Throws OutOfMemory for CUDA_ERROR_OUT_OF_MEMORY and BackendError otherwise, where = `call`.
// The message is the driver's description of the error, after `context` when there is one
// ("allocating 4096 bytes of device memory: out of memory").
[[noreturn]] void throw_driver_error(CUresult result, const char* call, std::string_view context = {});

// For calls that fail because of what the caller handed over (memory the driver cannot share, a
// handle it cannot open): OutOfMemory for CUDA_ERROR_OUT_OF_MEMORY, InvalidArgument otherwise,
// saying `why` and then the driver's description.
[[noreturn]] void throw_invalid_input(CUresult result, const char* call, std::string_view why);

inline void check(CUresult result, const char* call) {
    if (result != CUDA_SUCCESS) [[unlikely]]
        throw_driver_error(result, call);
}

// For destructors, which must not throw: logs a failed call as a warning. True on success.
bool succeeded_or_warn(CUresult result, const char* call) noexcept;

[[noreturn]] void throw_nvrtc_error(const NvrtcApi& nvrtc, nvrtcResult result, const char* call);

inline void check(const NvrtcApi& nvrtc, nvrtcResult result, const char* call) {
    if (result != NVRTC_SUCCESS) [[unlikely]]
        throw_nvrtc_error(nvrtc, result, call);
}

} // namespace rtcg::cuda
