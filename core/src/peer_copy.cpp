#include "capture_state.hpp"
#include "context_state.hpp"
#include "queue_checks.hpp"
#include "staged_copy.hpp"

#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/peer.hpp>
#include <rtcg/core/queue.hpp>

#include <string>

namespace rtcg {

void Queue::copy_peer(const Buffer& src, Buffer& dst, std::size_t bytes, std::size_t src_offset,
                      std::size_t dst_offset) {
    constexpr const char* where = "Queue::copy_peer";
    detail::check_queue(where, impl_.get());
    detail::check_range(where, "source", src, src_offset, bytes);
    detail::check_range(where, "destination", dst, dst_offset, bytes);
    const detail::ContextState* from = src.context_state();
    const detail::ContextState* to = dst.context_state();
    if (from != context_.get() && to != context_.get())
        throw InvalidArgument("neither buffer belongs to the queue's context (" + context_->description.selector +
                                  "): the source is of " + from->description.selector + ", the destination of " +
                                  to->description.selector,
                              where);
    if (from == to) return copy(src, dst, bytes, src_offset, dst_offset);
    detail::refuse_while_capturing(*this, where, "graphs hold copies within one context only");
    if (bytes == 0) return;
    if (&from->backend == &to->backend && impl_->copy_peer(*src.impl(), src_offset, *dst.impl(), dst_offset, bytes))
        return;

    // The other context's side runs on a queue of its own, made for the call: its default queue
    // may be in use by another thread.
    const detail::ContextState& other = from == context_.get() ? *to : *from;
    const auto other_queue = other.impl->create_queue(QueueOrder::in_order);
    plugin::QueueImpl& read_queue = from == context_.get() ? *impl_ : *other_queue;
    plugin::QueueImpl& write_queue = to == context_.get() ? *impl_ : *other_queue;
    detail::staged_copy(context_->staging_buffers, *context_->impl, read_queue, *src.impl(), src_offset, write_queue,
                        *dst.impl(), dst_offset, bytes);
}

bool can_access_peer(const Context& a, const Context& b) {
    if (a == b) return true;
    const detail::ContextState& first = *a.state();
    const detail::ContextState& second = *b.state();
    return &first.backend == &second.backend && first.impl->can_access_peer(*second.impl);
}

} // namespace rtcg
