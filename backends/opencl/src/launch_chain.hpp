#pragma once
// One context's kernel launches run one after another, across all its queues, where the driver
// cannot run one kernel on several queues at once (pocl_version.hpp).
#include "handles.hpp"

#include <CL/cl.h>

#include <mutex>
#include <optional>

namespace rtcg::opencl {

// Whether launches on `device` must be chained: a CPU device of a PoCL release that miscounts
// concurrent launches of a kernel (pocl_miscounts_concurrent_launches).
bool needs_launch_chain(cl_device_id device);

// Each launch waits for the one enqueued before it, on whichever queue of the context: no two
// launches are ever in flight at once, so that PoCL releases a launch's loaded code before the next
// launch looks it up. A command buffer's replay is one launch of the chain (its commands run one
// after another). It orders one context's launches only (an OpenCL wait list takes events of the
// queue's context), and kernels only: copies and fills stay unordered. A launch thus also waits for
// work of other queues enqueued before it, which OpenCL's queues never promised to overlap.
class LaunchChain {
public:
    // Calls `launch(wait_count, wait_list, done)`, which enqueues one launch after the events of
    // the wait list, returns the driver's status and, on success, the launch's event in `done`.
    template <class Launch>
    cl_int enqueue(const Launch& launch) {
        const std::lock_guard lock(mutex_);
        const cl_event before = last_ ? last_->get() : nullptr;
        cl_event done = nullptr;
        const cl_int status = launch(before != nullptr ? 1U : 0U, before != nullptr ? &before : nullptr, &done);
        if (status == CL_SUCCESS) last_.emplace(done); // releases the event it held
        return status;
    }

private:
    std::mutex mutex_;
    std::optional<EventHandle> last_; // the last launch enqueued, none before the first
};

} // namespace rtcg::opencl
