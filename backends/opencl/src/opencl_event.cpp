#include "opencl_event.hpp"

#include "info.hpp"
#include "status.hpp"

namespace rtcg::opencl {

void OpenclEvent::wait() {
    const cl_event event = event_.get();
    check(clWaitForEvents(1, &event), "clWaitForEvents");
}

bool OpenclEvent::is_complete() {
    const auto status = event_info<cl_int>(event_.get(), CL_EVENT_COMMAND_EXECUTION_STATUS);
    // A negative execution status is the error code of a command that failed.
    if (status < 0) throw_backend_error(status, "clGetEventInfo", "the command behind this event failed");
    return status == CL_COMPLETE;
}

namespace {

// Runs on a driver thread with the command's final status: CL_COMPLETE, or a negative error code.
void CL_CALLBACK event_ended(cl_event, cl_int status, void* notification) {
    static_cast<plugin::HostNotification*>(notification)->done(status != CL_COMPLETE);
}

} // namespace

// OpenCL calls every callback of an event before it destroys the event, so this object may go first.
void OpenclEvent::notify_when_done(plugin::HostNotification& notification) {
    check(clSetEventCallback(event_.get(), CL_COMPLETE, event_ended, &notification), "clSetEventCallback");
}

double OpenclEvent::elapsed_ms_since(plugin::EventImpl& start) {
    // Both events are markers on profiling queues (OpenclQueue::record); a marker's END time is the
    // moment all work queued before it had finished.
    const auto start_ns = event_profiling_info<cl_ulong>(static_cast<OpenclEvent&>(start).handle(), CL_PROFILING_COMMAND_END);
    const auto end_ns = event_profiling_info<cl_ulong>(event_.get(), CL_PROFILING_COMMAND_END);
    return (static_cast<double>(end_ns) - static_cast<double>(start_ns)) * 1e-6;
}

} // namespace rtcg::opencl
