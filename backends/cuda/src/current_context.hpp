#pragma once
// Driver calls act on the calling thread's current context, and rtcg objects are used from
// several host threads, so every operation first makes its own context current. The driver is
// asked what is current (a thread-local read) rather than trusting a note of rtcg's own: a
// program that also uses the runtime API or a library on the same thread (cuBLAS,
// cudaSetDevice) changes the current context behind rtcg's back.
#include "driver_api.hpp"
#include "status.hpp"

namespace rtcg::cuda {

// Makes `context` current on this thread; CUDA_SUCCESS or the failing call's status.
inline CUresult bind_context(const DriverApi& api, CUcontext context) noexcept {
    CUcontext current = nullptr;
    if (const CUresult status = api.cuCtxGetCurrent(&current); status != CUDA_SUCCESS) return status;
    return current == context ? CUDA_SUCCESS : api.cuCtxSetCurrent(context);
}

inline void make_current(const DriverApi& api, CUcontext context) {
    check(bind_context(api, context), "cuCtxSetCurrent");
}

} // namespace rtcg::cuda
