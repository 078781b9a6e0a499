#include "context_state.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/event.hpp>

namespace rtcg {

Event::Event() noexcept = default;
Event::~Event() = default;
Event::Event(const Event&) noexcept = default;
Event& Event::operator=(const Event&) noexcept = default;
Event::Event(Event&&) noexcept = default;
Event& Event::operator=(Event&&) noexcept = default;

Event::Event(std::shared_ptr<detail::ContextState> context, std::shared_ptr<plugin::EventImpl> impl) noexcept
    : context_(std::move(context)), impl_(std::move(impl)) {}

void Event::wait() const {
    if (!impl_) throw InvalidArgument("the event was never recorded", "Event::wait");
    impl_->wait();
}

bool Event::is_complete() const {
    if (!impl_) throw InvalidArgument("the event was never recorded", "Event::is_complete");
    return impl_->is_complete();
}

void Event::on_complete(std::function<void()> callback) const {
    constexpr const char* where = "Event::on_complete";
    if (!impl_) throw InvalidArgument("the event was never recorded", where);
    if (!callback) throw InvalidArgument("the callback is empty", where);
    context_->host_callbacks.schedule(std::move(callback), 0, [&](plugin::HostNotification& notification) {
        impl_->notify_when_done(notification);
    });
}

double elapsed_ms(const Event& start, const Event& end) {
    if (!start.impl_ || !end.impl_) throw InvalidArgument("an event was never recorded", "elapsed_ms");
    if (start.context_ != end.context_)
        throw InvalidArgument("the events belong to different contexts", "elapsed_ms");
    start.impl_->wait();
    end.impl_->wait();
    return end.impl_->elapsed_ms_since(*start.impl_);
}

} // namespace rtcg
