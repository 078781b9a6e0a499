#include "host_callbacks.hpp"

#include <rtcg/core/error.hpp>

#include <condition_variable>
#include <deque>
#include <exception>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <utility>

namespace rtcg::detail {
struct HostCallbacks::State {
    // One callback from its scheduling until it has run. The driver holds it as a notification.
    struct Pending final : plugin::HostNotification {
        Pending(std::function<void()> callback_, std::uint64_t queue_id_, std::uint64_t sequence_,
                std::shared_ptr<State> state_)
            : callback(std::move(callback_)), queue_id(queue_id_), sequence(sequence_), state(std::move(state_)) {}
        void done(bool failed) noexcept override { state->hand_over(this, failed); }

        std::function<void()> callback;
        std::uint64_t queue_id;
        std::uint64_t sequence; // its place among its queue's callbacks
        std::shared_ptr<State> state; // the state outlives every callback the driver holds
        bool work_failed = false;
    };

    // A queue's callbacks, which run in the order they were scheduled: a driver may report the
    // ends of one queue's markers out of order (NVIDIA's OpenCL does), so one that arrives early
    // waits here for those before it.
    struct QueueCallbacks {
        std::size_t due = 0;            // scheduled, not yet run
        std::uint64_t scheduled = 0;    // sequence numbers given out
        std::uint64_t released = 0;     // the next sequence number to go to `ready`
        std::map<std::uint64_t, Pending*> arrived; // handed over, waiting for earlier ones
        std::set<std::uint64_t> abandoned;        // never handed to the driver (it refused)
    };

    // Driver thread: queues the callback for the callback thread. Locks and files it, nothing else.
    void hand_over(Pending* pending, bool failed) noexcept {
        const std::lock_guard lock(mutex);
        pending->work_failed = failed;
        if (pending->queue_id == 0) {
            ready.push_back(pending);
        } else {
            QueueCallbacks& queue = queues[pending->queue_id];
            queue.arrived.emplace(pending->sequence, pending);
            release_in_order(queue);
        }
        work_arrived.notify_one();
    }

    // Moves the queue's callbacks that are next in its order to `ready` (call under the lock).
    void release_in_order(QueueCallbacks& queue) {
        for (;;) {
            if (queue.abandoned.erase(queue.released) != 0) {
                ++queue.released;
            } else if (const auto next = queue.arrived.find(queue.released); next != queue.arrived.end()) {
                ready.push_back(next->second);
                queue.arrived.erase(next);
                ++queue.released;
            } else {
                return;
            }
        }
    }

    // One scheduled callback of `queue_id` is done with, run or abandoned (call under the lock).
    void retire(std::uint64_t queue_id) {
        --due;
        if (queue_id == 0) return;
        // A queue with nothing due has released every number it gave out: it starts afresh.
        if (const auto queue = queues.find(queue_id); --queue->second.due == 0) queues.erase(queue);
    }

    // The callback thread's loop. The thread holds the state, so it may run on after the context
    // that started it is gone.
    static void serve(std::shared_ptr<State> state) {
        std::unique_lock lock(state->mutex);
        for (;;) {
            state->work_arrived.wait(lock, [&] { return !state->ready.empty() || (state->stopping && state->due == 0); });
            if (state->ready.empty()) return;
            std::unique_ptr<Pending> pending(state->ready.front());
            state->ready.pop_front();
            lock.unlock();
            std::string failure = run(*pending);
            const std::uint64_t queue_id = pending->queue_id;
            // The closure goes here, before the callback counts as run, so that what it owned is
            // released when a finish() that waited for it returns.
            pending.reset();
            lock.lock();
            if (!failure.empty() && state->failures++ == 0) state->first_failure = std::move(failure);
            state->retire(queue_id);
            state->callbacks_ran.notify_all();
        }
    }

    // Runs the callback; what went wrong, or nothing.
    static std::string run(Pending& pending) noexcept {
        if (pending.work_failed) return "the device work the callback waited for failed, so it did not run";
        try {
            pending.callback();
            return {};
        } catch (const std::exception& e) {
            return std::string("a host callback threw: ") + e.what();
        } catch (...) {
            return "a host callback threw an exception that is no std::exception";
        }
    }

    // Whether the calling thread is this context's callback thread (call under the lock).
    bool on_callback_thread() const noexcept;

    std::mutex mutex;
    std::condition_variable work_arrived;  // the callback thread's: ready grew, or stopping
    std::condition_variable callbacks_ran; // waiters': `due` fell
    std::deque<Pending*> ready;            // due to run, in this order
    std::size_t due = 0;                   // scheduled, not yet run
    std::unordered_map<std::uint64_t, QueueCallbacks> queues; // those with callbacks due
    std::string first_failure;
    std::size_t failures = 0; // since the last report
    std::thread thread;       // started with the first callback
    bool stopping = false;
};

HostCallbacks::HostCallbacks() : state_(std::make_shared<State>()) {}

HostCallbacks::~HostCallbacks() {
    std::unique_lock lock(state_->mutex);
    if (!state_->thread.joinable()) return;
    if (state_->on_callback_thread()) {
        state_->stopping = true;
        state_->thread.detach();
        return;
    }
    state_->callbacks_ran.wait(lock, [&] { return state_->due == 0; });
    state_->stopping = true;
    state_->work_arrived.notify_one();
    lock.unlock();
    state_->thread.join();
}

void HostCallbacks::schedule(std::function<void()> callback, std::uint64_t queue_id,
                             const std::function<void(plugin::HostNotification&)>& hand_to_driver) {
    std::unique_ptr<State::Pending> pending;
    {
        const std::lock_guard lock(state_->mutex);
        std::uint64_t sequence = 0;
        if (queue_id != 0) {
            State::QueueCallbacks& queue = state_->queues[queue_id];
            ++queue.due;
            sequence = queue.scheduled++;
        }
        pending = std::make_unique<State::Pending>(std::move(callback), queue_id, sequence, state_);
        if (!state_->thread.joinable()) state_->thread = std::thread(&State::serve, state_);
        ++state_->due;
    }
    try {
        hand_to_driver(*pending);
    } catch (...) {
        const std::lock_guard lock(state_->mutex);
        if (queue_id != 0) {
            // The callbacks after it must not wait for it.
            State::QueueCallbacks& queue = state_->queues[queue_id];
            queue.abandoned.insert(pending->sequence);
            state_->release_in_order(queue);
            state_->work_arrived.notify_one();
        }
        state_->retire(queue_id);
        state_->callbacks_ran.notify_all();
        throw;
    }
    // The driver holds it now; hand_over gives it to the callback thread, which deletes it.
    static_cast<void>(pending.release());
}

bool HostCallbacks::State::on_callback_thread() const noexcept { return thread.get_id() == std::this_thread::get_id(); }

void HostCallbacks::wait_for_queue(std::uint64_t queue_id) {
    std::unique_lock lock(state_->mutex);
    if (state_->on_callback_thread()) return;
    state_->callbacks_ran.wait(lock, [&] { return !state_->queues.contains(queue_id); });
}

void HostCallbacks::wait_for_all(const char* where) {
    std::unique_lock lock(state_->mutex);
    if (state_->on_callback_thread())
        throw InvalidArgument("a host callback cannot wait for its context's host callbacks: it would wait for itself",
                              where);
    state_->callbacks_ran.wait(lock, [&] { return state_->due == 0; });
}

void HostCallbacks::report_failures(const char* where) {
    std::unique_lock lock(state_->mutex);
    if (state_->failures == 0) return;
    std::string why = std::move(state_->first_failure);
    if (state_->failures > 1)
        why += " (and " + std::to_string(state_->failures - 1) + " more host callback failure" +
               (state_->failures > 2 ? "s" : "") + " since the last report)";
    state_->failures = 0;
    state_->first_failure.clear();
    lock.unlock();
    throw CallbackError(std::move(why), where);
}

} // namespace rtcg::detail
