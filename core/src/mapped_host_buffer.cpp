#include <rtcg/core/error.hpp>
#include <rtcg/core/mapped_host_buffer.hpp>
#include <rtcg/core/plugin/backend.hpp>
#include <rtcg/core/plugin/support.hpp>
#include <rtcg/core/queue.hpp>

#include <exception>
#include <utility>

namespace rtcg {

HostMapping::HostMapping(HostMapping&& other) noexcept
    : memory_(std::exchange(other.memory_, nullptr)), queue_(other.queue_), data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)) {}

HostMapping::~HostMapping() {
    if (!memory_) return;
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
                                   std::unique_ptr<plugin::MappedMemoryImpl> memory, Buffer buffer) noexcept
    : context_(std::move(context)), memory_(std::move(memory)), buffer_(std::move(buffer)) {}

HostMapping MappedHostBuffer::map(Queue& queue) {
    constexpr const char* where = "MappedHostBuffer::map";
    if (!memory_) throw InvalidArgument("the mapped buffer is empty (moved from)", where);
    if (!queue.impl()) throw InvalidArgument("the queue is empty (moved from)", where);
    if (queue.context_state() != context_.get())
        throw InvalidArgument("the queue belongs to another context than the mapped buffer", where);
    void* data = memory_->map(*queue.impl());
    return HostMapping(memory_.get(), &queue, data, buffer_.size());
}

} // namespace rtcg
