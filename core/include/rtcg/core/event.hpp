#pragma once
// A point in a queue's work, for waiting and for timing with the device's own clock.
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>

#include <memory>

namespace rtcg {

class RTCG_API Event {
public:
    Event() noexcept;
    ~Event();
    Event(const Event&) noexcept;
    Event& operator=(const Event&) noexcept;
    Event(Event&&) noexcept;
    Event& operator=(Event&&) noexcept;

    void wait() const;
    bool is_complete() const;

    // Milliseconds of device time between two events of the same context; waits for both.
    friend RTCG_API double elapsed_ms(const Event& start, const Event& end);

    plugin::EventImpl* impl() const noexcept { return impl_.get(); }

private:
    friend class Queue;
    Event(std::shared_ptr<detail::ContextState> context, std::shared_ptr<plugin::EventImpl> impl) noexcept;

    std::shared_ptr<detail::ContextState> context_;
    std::shared_ptr<plugin::EventImpl> impl_;
};

RTCG_API double elapsed_ms(const Event& start, const Event& end);

} // namespace rtcg
