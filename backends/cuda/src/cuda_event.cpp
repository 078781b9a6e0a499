#include "cuda_event.hpp"

#include <rtcg/core/error.hpp>

#include <cstring>

namespace rtcg::cuda {

CudaEvent::CudaEvent(const CudaContext& context, CUstream stream, unsigned int flags)
    : context_(context), interprocess_((flags & CU_EVENT_INTERPROCESS) != 0) {
    const DriverApi& api = context_.api();
    context_.make_current();
    check(api.cuEventCreate(&event_, flags), "cuEventCreate");
    if (const CUresult recorded = api.cuEventRecord(event_, stream); recorded != CUDA_SUCCESS) {
        succeeded_or_warn(api.cuEventDestroy(event_), "cuEventDestroy");
        throw_driver_error(recorded, "cuEventRecord");
    }
}

CudaEvent::CudaEvent(const CudaContext& context, CUevent opened) noexcept
    : context_(context), event_(opened), interprocess_(true) {}

std::unique_ptr<CudaEvent> CudaEvent::record_interprocess(const CudaContext& context, CUstream stream) {
    return std::unique_ptr<CudaEvent>(new CudaEvent(context, stream, CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING));
}

std::unique_ptr<CudaEvent> CudaEvent::open_interprocess(const CudaContext& context,
                                                        const plugin::IpcEventHandle& handle) {
    const DriverApi& api = context.api();
    context.make_current();
    CUipcEventHandle driver_handle;
    static_assert(sizeof driver_handle == sizeof handle.driver_handle);
    std::memcpy(&driver_handle, handle.driver_handle.data(), sizeof driver_handle);
    CUevent event = nullptr;
    // A handle of an event that is gone, of this very process, or of no event at all: the caller's
    // mistake, whichever code the driver gives it.
    if (const CUresult opened = api.cuIpcOpenEventHandle(&event, driver_handle); opened != CUDA_SUCCESS)
        throw_invalid_input(opened, "cuIpcOpenEventHandle", "the driver cannot open this event handle in this process");
    return std::unique_ptr<CudaEvent>(new CudaEvent(context, event));
}

CudaEvent::~CudaEvent() {
    if (context_.make_current_or_warn()) succeeded_or_warn(context_.api().cuEventDestroy(event_), "cuEventDestroy");
}

void CudaEvent::wait() {
    context_.make_current();
    check(context_.api().cuEventSynchronize(event_), "cuEventSynchronize");
}

bool CudaEvent::is_complete() {
    context_.make_current();
    const CUresult result = context_.api().cuEventQuery(event_);
    if (result == CUDA_ERROR_NOT_READY) return false;
    check(result, "cuEventQuery");
    return true;
}

namespace {

// Runs on a driver thread once the stream reaches the callback, with CUDA_SUCCESS or the error
// the context has failed with.
void CUDA_CB event_ended(CUstream, CUresult status, void* notification) {
    static_cast<plugin::HostNotification*>(notification)->done(status != CUDA_SUCCESS);
}

} // namespace

void CudaEvent::notify_when_done(plugin::HostNotification& notification) {
    const DriverApi& api = context_.api();
    context_.make_current();
    CUstream waiter = nullptr;
    check(api.cuStreamCreate(&waiter, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
    CUresult status = api.cuStreamWaitEvent(waiter, event_, CU_EVENT_WAIT_DEFAULT);
    const char* call = "cuStreamWaitEvent";
    if (status == CUDA_SUCCESS) {
        status = api.cuStreamAddCallback(waiter, event_ended, &notification, 0);
        call = "cuStreamAddCallback";
    }
    // The driver frees the stream once its work, the callback included, is done.
    succeeded_or_warn(api.cuStreamDestroy(waiter), "cuStreamDestroy");
    check(status, call);
}

double CudaEvent::elapsed_ms_since(plugin::EventImpl& start) {
    context_.make_current();
    float milliseconds = 0.0f;
    check(context_.api().cuEventElapsedTime(&milliseconds, static_cast<CudaEvent&>(start).event_, event_),
          "cuEventElapsedTime");
    return milliseconds;
}

std::optional<plugin::IpcEventHandle> CudaEvent::export_ipc() {
    if (!interprocess_)
        throw InvalidArgument("the event was recorded by Queue::record; only an event from record_ipc can be shared "
                              "with another process",
                              "export_ipc");
    context_.make_current();
    CUipcEventHandle driver_handle;
    check(context_.api().cuIpcGetEventHandle(&driver_handle, event_), "cuIpcGetEventHandle");
    plugin::IpcEventHandle handle;
    std::memcpy(handle.driver_handle.data(), &driver_handle, sizeof driver_handle);
    return handle;
}

} // namespace rtcg::cuda
