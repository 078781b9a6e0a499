#pragma once
// The checks on a queue the caller hands to the arrays layer, whose work is ordered by the queue
// alone: every operation relies on the one before it on the same queue having finished.
#include <rtcg/core/context.hpp>
#include <rtcg/core/queue.hpp>

#include <string>

namespace rtcg::detail {

// InvalidArgument, naming `caller`, for an out-of-order queue.
void check_in_order(const Queue& queue, const std::string& caller);
// InvalidArgument, naming `caller`, for a queue of another context than `context`, or out of order.
void check_kernel_queue(const Queue& queue, const Context& context, const std::string& caller);

} // namespace rtcg::detail
