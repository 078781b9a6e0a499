#pragma once
// Makes Buffers, Queues and Events over backend objects that came from outside rtcg's own
// allocate/create/record calls: imported handles (interop.cpp) and other processes' memory and
// events (ipc.cpp). Their constructors are private to core.
#include "buffer_recycler.hpp"

#include <rtcg/core/buffer.hpp>
#include <rtcg/core/event.hpp>
#include <rtcg/core/queue.hpp>

#include <memory>
#include <utility>

namespace rtcg::detail {

class Interop {
public:
    static Buffer buffer(std::shared_ptr<ContextState> context, std::unique_ptr<plugin::BufferImpl> impl,
                         std::size_t bytes, std::shared_ptr<BufferRecycler> recycler = {}) {
        return Buffer(std::move(context), std::move(impl), bytes, std::move(recycler));
    }
    static Queue queue(std::shared_ptr<ContextState> context, std::unique_ptr<plugin::QueueImpl> impl) {
        return Queue(std::move(context), std::move(impl));
    }
    static Event event(std::shared_ptr<ContextState> context, std::unique_ptr<plugin::EventImpl> impl) {
        return Event(std::move(context), std::move(impl));
    }
    // The context an event belongs to (null for an empty event).
    static const ContextState* context_of(const Event& event) noexcept { return event.context_.get(); }
};

} // namespace rtcg::detail
