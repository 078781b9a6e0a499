#pragma once
// A point in a queue's work, for waiting and for timing.
#include "handles.hpp"

#include <rtcg/core/plugin/backend.hpp>

namespace rtcg::opencl {

class OpenclEvent final : public plugin::EventImpl {
public:
    explicit OpenclEvent(EventHandle event) noexcept : event_(std::move(event)) {}

    void wait() override;
    bool is_complete() override;
    // clSetEventCallback for CL_COMPLETE, which OpenCL also calls when the command fails.
    void notify_when_done(plugin::HostNotification& notification) override;
    double elapsed_ms_since(plugin::EventImpl& start) override;

    cl_event handle() const noexcept { return event_.get(); }

private:
    EventHandle event_;
};

} // namespace rtcg::opencl
