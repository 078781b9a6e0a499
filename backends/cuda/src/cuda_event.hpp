#pragma once
// A point in a queue's work, recorded with timing enabled.
#include "cuda_context.hpp"

#include <rtcg/core/plugin/backend.hpp>

namespace rtcg::cuda {

class CudaEvent final : public plugin::EventImpl {
public:
    // Records the event on `stream`: it completes when the work queued there before it has.
    CudaEvent(const CudaContext& context, CUstream stream);
    ~CudaEvent() override;
    CudaEvent(const CudaEvent&) = delete;
    CudaEvent& operator=(const CudaEvent&) = delete;

    void wait() override;
    bool is_complete() override;
    double elapsed_ms_since(plugin::EventImpl& start) override;

    CUevent handle() const noexcept { return event_; }

private:
    const CudaContext& context_;
    CUevent event_ = nullptr;
};

} // namespace rtcg::cuda
