#pragma once
// Turning OpenCL status codes into rtcg exceptions. Every OpenCL call in this plug-in goes
// through check() (or one of its siblings below), so a failure always names the call and the
// symbolic error code.
#include <CL/cl.h>

#include <cstddef>
#include <string>

namespace rtcg::opencl {

// The symbolic name of an OpenCL status code ("CL_INVALID_VALUE"), or "unknown OpenCL error".
const char* error_name(cl_int status) noexcept;

// Throws BackendError(why, call, status, error_name(status)); OutOfMemory for
// CL_MEM_OBJECT_ALLOCATION_FAILURE, whatever the call.
[[noreturn]] void throw_backend_error(cl_int status, const char* call, std::string why = {});

inline void check(cl_int status, const char* call) {
    if (status != CL_SUCCESS) [[unlikely]]
        throw_backend_error(status, call);
}

// For calls that allocate `bytes` of `kind` ("device memory") for a device: the codes by which
// OpenCL says memory ran out (or the request is larger than the device allows) become
// OutOfMemory, anything else BackendError.
[[noreturn]] void throw_allocation_error(cl_int status, const char* call, std::size_t bytes, const char* kind,
                                         const std::string& device_name);

inline void check_allocation(cl_int status, const char* call, std::size_t bytes, const char* kind,
                             const std::string& device_name) {
    if (status != CL_SUCCESS) [[unlikely]]
        throw_allocation_error(status, call, bytes, kind, device_name);
}

// For destructors, which must not throw: logs a failed release or unmap as a warning.
void warn_on_failure(cl_int status, const char* call) noexcept;

} // namespace rtcg::opencl
