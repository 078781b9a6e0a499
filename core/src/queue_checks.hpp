#pragma once
// The checks every Queue transfer makes before it reaches the backend; each throws
// InvalidArgument naming `where`.
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/fwd.hpp>

#include <cstddef>

namespace rtcg::detail {

// `buffer` is live and [offset, offset + bytes) lies inside it; `role` names it ("source").
void check_range(const char* where, const char* role, const Buffer& buffer, std::size_t offset, std::size_t bytes);
// `buffer` belongs to the queue's context.
void check_same_context(const char* where, const ContextState* queue_context, const Buffer& buffer);
// The queue is not empty.
void check_queue(const char* where, const plugin::QueueImpl* impl);

} // namespace rtcg::detail
