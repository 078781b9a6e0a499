#include "cuda_event.hpp"

namespace rtcg::cuda {

CudaEvent::CudaEvent(const CudaContext& context, CUstream stream) : context_(context) {
    const DriverApi& api = context_.api();
    context_.make_current();
    check(api.cuEventCreate(&event_, CU_EVENT_DEFAULT), "cuEventCreate");
    if (const CUresult recorded = api.cuEventRecord(event_, stream); recorded != CUDA_SUCCESS) {
        succeeded_or_warn(api.cuEventDestroy(event_), "cuEventDestroy");
        throw_driver_error(recorded, "cuEventRecord");
    }
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

double CudaEvent::elapsed_ms_since(plugin::EventImpl& start) {
    context_.make_current();
    float milliseconds = 0.0f;
    check(context_.api().cuEventElapsedTime(&milliseconds, static_cast<CudaEvent&>(start).event_, event_),
          "cuEventElapsedTime");
    return milliseconds;
}

} // namespace rtcg::cuda
