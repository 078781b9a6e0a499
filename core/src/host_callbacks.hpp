#pragma once
// The host callbacks of one context (Queue::host_function, Event::on_complete). The driver only
// tells core that the work a callback waits for has ended; the callback itself runs on a thread of
// core's, one per context, started with the first callback. There it may call rtcg and the driver
// and own rtcg objects, which the driver's own threads may not, and what it throws is kept to be
// reported on the caller's thread (CallbackError).
#include <rtcg/core/plugin/backend.hpp>

#include <cstdint>
#include <functional>
#include <memory>

namespace rtcg::detail {

class HostCallbacks {
public:
    HostCallbacks();
    // Waits until every scheduled callback has run, then ends the thread. Run by a callback's
    // own thread (its closure held the context's last handle), it waits for nothing and leaves
    // the thread to end once the callbacks still due have run.
    ~HostCallbacks();
    HostCallbacks(const HostCallbacks&) = delete;
    HostCallbacks& operator=(const HostCallbacks&) = delete;

    // Runs `callback` once the driver calls done() on the notification `hand_to_driver` gives it
    // to. `queue_id` is the queue whose finish() waits for it, 0 for none. Where `hand_to_driver`
    // throws, nothing is scheduled and the exception propagates.
    void schedule(std::function<void()> callback, std::uint64_t queue_id,
                  const std::function<void(plugin::HostNotification&)>& hand_to_driver);

    // Blocks until every callback scheduled for `queue_id` has run; returns at once on the callback
    // thread, whose own callbacks run after the current one.
    void wait_for_queue(std::uint64_t queue_id);
    // Blocks until every callback scheduled so far has run. InvalidArgument, naming `where`, on the
    // callback thread, where it would wait for itself.
    void wait_for_all(const char* where);
    // Throws CallbackError, naming `where`, for the failures since the last report, if any.
    void report_failures(const char* where);

private:
    struct State;
    std::shared_ptr<State> state_;
};

} // namespace rtcg::detail
