#include "capture_state.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/mapped_host_buffer.hpp>
#include <rtcg/core/plugin/backend.hpp>
#include <rtcg/core/plugin/support.hpp>
#include <rtcg/core/queue.hpp>

#include <exception>
#include <utility>

namespace rtcg {
namespace {

// What every use of the memory with a queue needs: both live, of one context.
void check_use(const char* where, const plugin::MappedMemoryImpl* memory, const detail::ContextState* context,
               const Queue& queue) {
    if (!memory) throw InvalidArgument("the buffer is empty (moved from)", where);
    if (!queue.impl()) throw InvalidArgument("the queue is empty (moved from)", where);
    if (queue.context_state() != context) throw InvalidArgument("the queue belongs to another context than the buffer", where);
    detail::refuse_while_capturing(queue, where, "graphs hold no mapping or prefetch");
}

} // namespace

HostMapping::HostMapping(HostMapping&& other) noexcept
    : memory_(std::exchange(other.memory_, nullptr)), queue_(other.queue_), data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)) {}

HostMapping::~HostMapping() {
    if (!memory_) return;
    if (!queue_->impl()) {
        plugin::logger().warn("mapped host memory stays mapped: its queue was moved from while the mapping lived");
        return;
    }
    try {
        memory_->unmap(*queue_->impl(), data_);
    } catch (const std::exception& e) {
        plugin::logger().warn("unmapping mapped host memory failed: {}", e.what());
    }
}

MappedHostBuffer::MappedHostBuffer() noexcept = default;
MappedHostBuffer::MappedHostBuffer(MappedHostBuffer&&) noexcept = default;
MappedHostBuffer& MappedHostBuffer::operator=(MappedHostBuffer&& other) noexcept {
    // Ours goes first, in the order the destructor keeps, before the context may go.
    buffer_.release();
    memory_.reset();
    context_ = std::move(other.context_);
    memory_ = std::move(other.memory_);
    buffer_ = std::move(other.buffer_);
    return *this;
}
MappedHostBuffer::~MappedHostBuffer() = default;

MappedHostBuffer::MappedHostBuffer(std::shared_ptr<detail::ContextState> context,
                                   std::shared_ptr<plugin::MappedMemoryImpl> memory, Buffer buffer) noexcept
    : context_(std::move(context)), memory_(std::move(memory)), buffer_(std::move(buffer)) {}

HostMapping MappedHostBuffer::map(Queue& queue) {
    check_use("MappedHostBuffer::map", memory_.get(), context_.get(), queue);
    void* data = memory_->map(*queue.impl());
    return HostMapping(memory_.get(), &queue, data, buffer_.size());
}

ManagedBuffer::ManagedBuffer() noexcept = default;

ManagedBuffer::ManagedBuffer(std::shared_ptr<detail::ContextState> context,
                             std::shared_ptr<plugin::MappedMemoryImpl> memory, Buffer buffer,
                             Coherence coherence) noexcept
    : MappedHostBuffer(std::move(context), std::move(memory), std::move(buffer)), coherence_(coherence) {}

void ManagedBuffer::prefetch(Queue& queue, MemoryLocation location) {
    check_use("ManagedBuffer::prefetch", memory(), context_state(), queue);
    memory()->prefetch(*queue.impl(), location);
}

void ManagedBuffer::advise(MemoryAdvice advice) {
    if (!memory()) throw InvalidArgument("the managed buffer is empty (moved from)", "ManagedBuffer::advise");
    memory()->advise(advice);
}

} // namespace rtcg
