#pragma once
// A point in a queue's work: recorded with timing enabled, recorded for use by other processes
// (CUDA IPC, without timing), or opened from another process's handle.
#include "cuda_context.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <memory>

namespace rtcg::cuda {

class CudaEvent final : public plugin::EventImpl {
public:
    // Records the event on `stream`: it completes when the work queued there before it has.
    CudaEvent(const CudaContext& context, CUstream stream) : CudaEvent(context, stream, CU_EVENT_DEFAULT) {}
    // The same for an event other processes can open (CU_EVENT_INTERPROCESS, no timing).
    static std::unique_ptr<CudaEvent> record_interprocess(const CudaContext& context, CUstream stream);
    // Another process's event from its handle. Throws InvalidArgument where the driver cannot open it.
    static std::unique_ptr<CudaEvent> open_interprocess(const CudaContext& context,
                                                        const plugin::IpcEventHandle& handle);
    ~CudaEvent() override;
    CudaEvent(const CudaEvent&) = delete;
    CudaEvent& operator=(const CudaEvent&) = delete;

    void wait() override;
    bool is_complete() override;
    // A stream of its own waits for the event and then calls back (cuStreamAddCallback, which,
    // unlike cuLaunchHostFunc, also calls back when the context has failed), so that callbacks on
    // unrelated events never wait for each other.
    void notify_when_done(plugin::HostNotification& notification) override;
    double elapsed_ms_since(plugin::EventImpl& start) override;
    // cuIpcGetEventHandle; InvalidArgument for an event that is not interprocess.
    std::optional<plugin::IpcEventHandle> export_ipc() override;

    CUevent handle() const noexcept { return event_; }

private:
    CudaEvent(const CudaContext& context, CUstream stream, unsigned int flags);
    CudaEvent(const CudaContext& context, CUevent opened) noexcept;

    const CudaContext& context_;
    CUevent event_ = nullptr;
    bool interprocess_ = false;
};

} // namespace rtcg::cuda
