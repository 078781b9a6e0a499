// Queue's rectangular copies: every side resolved and checked (rect_checks.hpp) before the
// backend sees the copy.
#include "capture_state.hpp"
#include "queue_checks.hpp"
#include "rect_checks.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/backend.hpp>
#include <rtcg/core/queue.hpp>

namespace rtcg {
namespace {

constexpr const char* blocking_transfer =
    "a blocking transfer waits for the host; pass Transfer::async (the host memory is then used at each replay)";

RectCopy resolved(const char* where, const RectCopy& copy) {
    return RectCopy{copy.region, detail::resolve_layout(where, "source", copy.src, copy.region),
                    detail::resolve_layout(where, "destination", copy.dst, copy.region)};
}

void check_buffer(const char* where, const char* role, const detail::ContextState* context, const Buffer& buffer) {
    detail::check_range(where, role, buffer, 0, 0);
    detail::check_same_context(where, context, buffer);
}

} // namespace

void Queue::write_rect(Buffer& dst, const void* src, std::size_t src_bytes, const RectCopy& copy, Transfer mode) {
    constexpr const char* where = "Queue::write_rect";
    detail::check_queue(where, impl_.get());
    if (mode == Transfer::blocking) detail::refuse_while_capturing(*this, where, blocking_transfer);
    check_buffer(where, "destination", context_.get(), dst);
    if (detail::is_empty(copy.region)) return;
    const RectCopy checked = resolved(where, copy);
    detail::checked_span(where, "source", checked.src, checked.region, src_bytes);
    detail::checked_span(where, "destination", checked.dst, checked.region, dst.size());
    if (!src) throw InvalidArgument("the source pointer is null", where);
    if (capture_) return capture_->record({dst.impl()}, plugin::CapturedWriteRect{dst.impl(), src, checked});
    impl_->write_rect(*dst.impl(), src, checked, mode == Transfer::blocking);
}

void Queue::read_rect(const Buffer& src, void* dst, std::size_t dst_bytes, const RectCopy& copy, Transfer mode) {
    constexpr const char* where = "Queue::read_rect";
    detail::check_queue(where, impl_.get());
    if (mode == Transfer::blocking) detail::refuse_while_capturing(*this, where, blocking_transfer);
    check_buffer(where, "source", context_.get(), src);
    if (detail::is_empty(copy.region)) return;
    const RectCopy checked = resolved(where, copy);
    detail::checked_span(where, "source", checked.src, checked.region, src.size());
    detail::checked_span(where, "destination", checked.dst, checked.region, dst_bytes);
    if (!dst) throw InvalidArgument("the destination pointer is null", where);
    if (capture_) return capture_->record({src.impl()}, plugin::CapturedReadRect{src.impl(), dst, checked});
    impl_->read_rect(*src.impl(), dst, checked, mode == Transfer::blocking);
}

void Queue::copy_rect(const Buffer& src, Buffer& dst, const RectCopy& copy) {
    constexpr const char* where = "Queue::copy_rect";
    detail::check_queue(where, impl_.get());
    check_buffer(where, "source", context_.get(), src);
    check_buffer(where, "destination", context_.get(), dst);
    if (detail::is_empty(copy.region)) return;
    const RectCopy checked = resolved(where, copy);
    const auto from = detail::checked_span(where, "source", checked.src, checked.region, src.size());
    const auto to = detail::checked_span(where, "destination", checked.dst, checked.region, dst.size());
    if (src.impl() == dst.impl() && from.first < to.end && to.first < from.end)
        throw InvalidArgument("the source and destination boxes lie in one buffer and their byte spans [" +
                                  std::to_string(from.first) + ", " + std::to_string(from.end) + ") and [" +
                                  std::to_string(to.first) + ", " + std::to_string(to.end) + ") overlap",
                              where);
    if (capture_)
        return capture_->record({src.impl(), dst.impl()}, plugin::CapturedCopyRect{src.impl(), dst.impl(), checked});
    impl_->copy_rect(*src.impl(), *dst.impl(), checked);
}

} // namespace rtcg
