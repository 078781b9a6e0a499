#pragma once
// Driver calls act on the calling thread's current context, and rtcg objects are used from
// several host threads, so every operation first makes its own context current. Each thread
// notes what it made current last, which turns that step into a comparison in the common case
// rather than a driver call.
//
// The note trusts that nothing else changes the thread's current context between rtcg calls:
// code that also calls the driver or runtime API directly on the same thread (cudaSetDevice,
// cuCtxSetCurrent, cuCtxPushCurrent) must restore the current context before calling rtcg.
#include "driver_api.hpp"
#include "status.hpp"

#include <atomic>
#include <cstdint>

namespace rtcg::cuda {

namespace detail {

// Bumped each time rtcg releases a context. A note taken before the last release proves nothing
// (a primary context whose last reference goes is reset), so such a note forces a rebind.
inline std::atomic<std::uint64_t> context_releases{0};

struct CurrentContextNote {
    CUcontext context = nullptr;
    std::uint64_t releases_seen = 0;
};
inline thread_local CurrentContextNote current_context_note;

} // namespace detail

// Makes `context` current on this thread; CUDA_SUCCESS or what cuCtxSetCurrent returned.
inline CUresult bind_context(const DriverApi& api, CUcontext context) noexcept {
    auto& note = detail::current_context_note;
    const std::uint64_t releases = detail::context_releases.load(std::memory_order_relaxed);
    if (note.context == context && note.releases_seen == releases) [[likely]]
        return CUDA_SUCCESS;
    const CUresult result = api.cuCtxSetCurrent(context);
    if (result == CUDA_SUCCESS) note = {context, releases};
    return result;
}

inline void make_current(const DriverApi& api, CUcontext context) {
    check(bind_context(api, context), "cuCtxSetCurrent");
}

// Call after releasing a context, so that every thread's note is taken again.
inline void forget_current_contexts() noexcept {
    detail::context_releases.fetch_add(1, std::memory_order_relaxed);
}

} // namespace rtcg::cuda
