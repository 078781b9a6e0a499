#pragma once
/// \file
/// A point in a queue's work, for waiting and for timing with the device's own clock.
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>

#include <functional>
#include <memory>

namespace rtcg {

/// A point in a queue's work (Queue::record), for waiting and for timing. Copies share one event.
class RTCG_API Event {
public:
    /// An empty event, of no queue.
    Event() noexcept;
    ~Event();
    /// Copies and moves share the same event.
    Event(const Event&) noexcept;
    /// Copies and moves share the same event.
    Event& operator=(const Event&) noexcept;
    /// Copies and moves share the same event.
    Event(Event&&) noexcept;
    /// Copies and moves share the same event.
    Event& operator=(Event&&) noexcept;

    /// Blocks until the work queued before the event has finished.
    void wait() const;
    /// Whether the work queued before the event has finished, without waiting.
    bool is_complete() const;
    /// Runs `callback` on the context's callback thread once the event has happened, at once if it
    /// has (rtcg/core/queue.hpp has the rules callbacks follow). The event need not outlive the
    /// callback. InvalidArgument for an empty event or callback.
    void on_complete(std::function<void()> callback) const;

    /// Milliseconds of device time between two events of the same context; waits for both.
    friend RTCG_API double elapsed_ms(const Event& start, const Event& end);

    /// \private For core and plug-in glue: the backend object.
    plugin::EventImpl* impl() const noexcept { return impl_.get(); }

private:
    friend class Queue;
    friend class detail::Interop;
    Event(std::shared_ptr<detail::ContextState> context, std::shared_ptr<plugin::EventImpl> impl) noexcept;

    std::shared_ptr<detail::ContextState> context_;
    std::shared_ptr<plugin::EventImpl> impl_;
};

/// Milliseconds of device time between two events of the same context; waits for both.
RTCG_API double elapsed_ms(const Event& start, const Event& end);

} // namespace rtcg
