#include "queue_checks.hpp"

#include <rtcg/core/error.hpp>

namespace rtcg::detail {

void check_in_order(const Queue& queue, const std::string& caller) {
    if (queue.is_out_of_order())
        throw InvalidArgument("the queue runs its work out of order, and array operations rely on each one's work "
                              "following the last's: give them an in-order queue",
                              caller);
}

void check_kernel_queue(const Queue& queue, const Context& context, const std::string& caller) {
    if (queue.context_state() != context.state().get())
        throw InvalidArgument("the queue belongs to another context", caller);
    check_in_order(queue, caller);
}

} // namespace rtcg::detail
