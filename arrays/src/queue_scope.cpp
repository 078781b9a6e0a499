#include "queue_checks.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/error.hpp>

#include <iterator>
#include <vector>

namespace rtcg {
namespace {

// This thread's scopes, innermost last.
std::vector<Queue*>& scopes() {
    thread_local std::vector<Queue*> stack;
    return stack;
}

} // namespace

QueueScope::QueueScope(Queue& queue) : queue_(&queue) {
    if (!queue.context_state()) throw InvalidArgument("an empty (moved-from) queue cannot be made current", "QueueScope");
    detail::check_in_order(queue, "QueueScope");
    scopes().push_back(queue_);
}

QueueScope::~QueueScope() {
    // Scopes are locals and end innermost first, so this one is normally the last; searching keeps
    // the stack right should one outlive an inner one anyway.
    std::vector<Queue*>& stack = scopes();
    for (auto scope = stack.rbegin(); scope != stack.rend(); ++scope)
        if (*scope == queue_) {
            stack.erase(std::next(scope).base());
            return;
        }
}

namespace detail {

Queue& current_queue(const Context& context) {
    const std::vector<Queue*>& stack = scopes();
    for (auto scope = stack.rbegin(); scope != stack.rend(); ++scope)
        if ((*scope)->context_state() == context.state().get()) return **scope;
    return context.queue();
}

} // namespace detail
} // namespace rtcg
