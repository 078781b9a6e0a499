#include "capture_state.hpp"
#include "context_state.hpp"
#include "queue_checks.hpp"

#include <rtcg/core/buffer.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/event.hpp>
#include <rtcg/core/queue.hpp>

#include <atomic>
#include <cstring>
#include <utility>

namespace rtcg {

namespace detail {

void check_range(const char* where, const char* role, const Buffer& buffer, std::size_t offset, std::size_t bytes) {
    if (!buffer) throw InvalidArgument(std::string("the ") + role + " buffer is empty (released or moved from)", where);
    if (offset > buffer.size() || bytes > buffer.size() - offset)
        throw InvalidArgument(std::string("the range [") + std::to_string(offset) + ", " + std::to_string(offset) +
                                  " + " + std::to_string(bytes) + ") lies past the end of the " + role + " buffer of " +
                                  std::to_string(buffer.size()) + " bytes",
                              where);
}

void check_same_context(const char* where, const detail::ContextState* queue_context, const Buffer& buffer) {
    if (buffer.context_state() != queue_context)
        throw InvalidArgument("the buffer belongs to another context than the queue", where);
}

void check_queue(const char* where, const plugin::QueueImpl* impl) {
    if (!impl) throw InvalidArgument("the queue is empty (moved from)", where);
}

} // namespace detail

namespace {

using detail::check_queue;
using detail::check_range;
using detail::check_same_context;

constexpr const char* blocking_transfer =
    "a blocking transfer waits for the host; pass Transfer::async (the host memory is then used at each replay)";

std::uint64_t next_queue_id() noexcept {
    static std::atomic<std::uint64_t> last{0};
    return last.fetch_add(1, std::memory_order_relaxed) + 1;
}

} // namespace

Queue::Queue() noexcept = default;
Queue::~Queue() = default;
Queue::Queue(Queue&& other) noexcept
    : context_(std::move(other.context_)), impl_(std::move(other.impl_)), id_(std::exchange(other.id_, 0)),
      capture_(std::move(other.capture_)) {}
Queue& Queue::operator=(Queue&& other) noexcept {
    capture_ = std::move(other.capture_); // an abandoned capture goes before the context it holds
    impl_ = std::move(other.impl_);       // the old queue goes before the context it may hold
    context_ = std::move(other.context_);
    id_ = std::exchange(other.id_, 0);
    return *this;
}

Queue::Queue(std::shared_ptr<detail::ContextState> context, std::unique_ptr<plugin::QueueImpl> impl) noexcept
    : context_(std::move(context)), impl_(std::move(impl)), id_(next_queue_id()) {}

void Queue::write(Buffer& dst, const void* src, std::size_t bytes, std::size_t dst_offset, Transfer mode) {
    constexpr const char* where = "Queue::write";
    check_queue(where, impl_.get());
    if (mode == Transfer::blocking) detail::refuse_while_capturing(*this, where, blocking_transfer);
    check_range(where, "destination", dst, dst_offset, bytes);
    check_same_context(where, context_.get(), dst);
    if (bytes == 0) return;
    if (!src) throw InvalidArgument("the source pointer is null", where);
    if (capture_) return capture_->record({dst.impl()}, plugin::CapturedWrite{dst.impl(), dst_offset, src, bytes});
    impl_->write(*dst.impl(), dst_offset, src, bytes, mode == Transfer::blocking);
}

void Queue::read(const Buffer& src, void* dst, std::size_t bytes, std::size_t src_offset, Transfer mode) {
    constexpr const char* where = "Queue::read";
    check_queue(where, impl_.get());
    if (mode == Transfer::blocking) detail::refuse_while_capturing(*this, where, blocking_transfer);
    check_range(where, "source", src, src_offset, bytes);
    check_same_context(where, context_.get(), src);
    if (bytes == 0) return;
    if (!dst) throw InvalidArgument("the destination pointer is null", where);
    if (capture_) return capture_->record({src.impl()}, plugin::CapturedRead{src.impl(), src_offset, dst, bytes});
    impl_->read(*src.impl(), src_offset, dst, bytes, mode == Transfer::blocking);
}

void Queue::copy(const Buffer& src, Buffer& dst, std::size_t bytes, std::size_t src_offset, std::size_t dst_offset) {
    constexpr const char* where = "Queue::copy";
    check_queue(where, impl_.get());
    check_range(where, "source", src, src_offset, bytes);
    check_range(where, "destination", dst, dst_offset, bytes);
    check_same_context(where, context_.get(), src);
    check_same_context(where, context_.get(), dst);
    if (bytes == 0) return;
    if (src.impl() == dst.impl() && src_offset < dst_offset + bytes && dst_offset < src_offset + bytes)
        throw InvalidArgument("source and destination ranges overlap", where);
    if (capture_)
        return capture_->record({src.impl(), dst.impl()},
                                plugin::CapturedCopy{src.impl(), src_offset, dst.impl(), dst_offset, bytes});
    impl_->copy(*src.impl(), src_offset, *dst.impl(), dst_offset, bytes);
}

void Queue::fill(Buffer& dst, const void* pattern, std::size_t pattern_size, std::size_t offset, std::size_t bytes) {
    constexpr const char* where = "Queue::fill";
    check_queue(where, impl_.get());
    check_range(where, "destination", dst, offset, bytes);
    check_same_context(where, context_.get(), dst);
    if (pattern_size != 1 && pattern_size != 2 && pattern_size != 4 && pattern_size != 8)
        throw InvalidArgument("the fill pattern is " + std::to_string(pattern_size) + " bytes; it must be 1, 2, 4 or 8",
                              where);
    if (offset % pattern_size != 0 || bytes % pattern_size != 0)
        throw InvalidArgument("offset " + std::to_string(offset) + " and size " + std::to_string(bytes) +
                                  " must be multiples of the pattern's " + std::to_string(pattern_size) + " bytes",
                              where);
    if (!pattern) throw InvalidArgument("the pattern pointer is null", where);
    if (bytes == 0) return;
    if (capture_) {
        plugin::CapturedFill fill{dst.impl(), offset, bytes, {}, pattern_size};
        std::memcpy(fill.pattern.data(), pattern, pattern_size);
        return capture_->record({dst.impl()}, fill);
    }
    impl_->fill(*dst.impl(), offset, bytes, pattern, pattern_size);
}

Event Queue::record() {
    check_queue("Queue::record", impl_.get());
    detail::refuse_while_capturing(*this, "Queue::record", "an event of captured work would never happen");
    return Event(context_->shared_from_this(), impl_->record());
}

void Queue::wait_for(const Event& event) {
    check_queue("Queue::wait_for", impl_.get());
    detail::refuse_while_capturing(*this, "Queue::wait_for", "a graph cannot wait for an event of other work");
    if (!event.impl()) throw InvalidArgument("the event was never recorded", "Queue::wait_for");
    const detail::ContextState* event_context = event.context_.get();
    if (event_context == context_.get()) return impl_->wait_for(*event.impl());
    // Another context's event: the device waits for it where the backend can (CUDA), else the
    // caller must wait on the host.
    if (&event_context->backend != &context_->backend || !impl_->wait_for_peer(*event.impl()))
        throw InvalidArgument("the event belongs to another context (" + event_context->description.selector +
                                  ") than the queue (" + context_->description.selector +
                                  "), and this backend cannot make a queue wait for another context's events: "
                                  "wait for it on the host with Event::wait()",
                              "Queue::wait_for");
}

void Queue::barrier() {
    check_queue("Queue::barrier", impl_.get());
    // Captured work replays in order, so a barrier there has nothing to add.
    if (!is_capturing()) impl_->barrier();
}

bool Queue::is_out_of_order() const {
    check_queue("Queue::is_out_of_order", impl_.get());
    return impl_->out_of_order();
}

void Queue::host_function(std::function<void()> callback) {
    constexpr const char* where = "Queue::host_function";
    check_queue(where, impl_.get());
    detail::refuse_while_capturing(*this, where, "a graph cannot call the host");
    if (!callback) throw InvalidArgument("the callback is empty", where);
    // A marker of all work so far (Queue::record's event) says when the callback is due.
    context_->host_callbacks.schedule(std::move(callback), id_, [&](plugin::HostNotification& notification) {
        impl_->record()->notify_when_done(notification);
    });
}

void Queue::finish() {
    constexpr const char* where = "Queue::finish";
    check_queue(where, impl_.get());
    detail::refuse_while_capturing(*this, where, "it waits for the host");
    impl_->finish();
    context_->host_callbacks.wait_for_queue(id_);
    context_->host_callbacks.report_failures(where);
}

} // namespace rtcg
