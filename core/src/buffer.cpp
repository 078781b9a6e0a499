#include "buffer_recycler.hpp"
#include "context_state.hpp"

#include <rtcg/core/buffer.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>

namespace rtcg {

Buffer::Buffer() noexcept = default;
Buffer::Buffer(Buffer&&) noexcept = default;
Buffer& Buffer::operator=(Buffer&& other) noexcept {
    // Free our memory before the context that owns it may go with the assignment.
    release();
    impl_ = std::move(other.impl_);
    context_ = std::move(other.context_);
    size_ = std::exchange(other.size_, 0);
    recycler_ = std::move(other.recycler_);
    return *this;
}
Buffer::~Buffer() { release(); }

Buffer::Buffer(std::shared_ptr<detail::ContextState> context, std::unique_ptr<plugin::BufferImpl> impl,
               std::size_t size, std::shared_ptr<detail::BufferRecycler> recycler) noexcept
    : context_(std::move(context)), impl_(std::move(impl)), size_(size), recycler_(std::move(recycler)) {}

void Buffer::release() noexcept {
    if (recycler_ && impl_) recycler_->recycle(std::move(impl_));
    impl_.reset();
    // The recycler may be the last owner of a pool, whose held blocks live in the context: it
    // goes first, like impl_.
    recycler_.reset();
    context_.reset();
    size_ = 0;
}

Context Buffer::context() const {
    if (!context_) throw InvalidArgument("the buffer is empty (released or moved from)", "Buffer::context");
    return Context(context_);
}

PinnedHostBuffer::PinnedHostBuffer() noexcept = default;
PinnedHostBuffer::PinnedHostBuffer(PinnedHostBuffer&&) noexcept = default;
PinnedHostBuffer& PinnedHostBuffer::operator=(PinnedHostBuffer&& other) noexcept {
    impl_.reset();
    impl_ = std::move(other.impl_);
    context_ = std::move(other.context_);
    size_ = std::exchange(other.size_, 0);
    return *this;
}
PinnedHostBuffer::~PinnedHostBuffer() = default; // impl_ goes before the context it lives in

PinnedHostBuffer::PinnedHostBuffer(std::shared_ptr<detail::ContextState> context,
                                   std::unique_ptr<plugin::HostBufferImpl> impl, std::size_t size) noexcept
    : context_(std::move(context)), impl_(std::move(impl)), size_(size) {}

void* PinnedHostBuffer::data() noexcept { return impl_ ? impl_->data() : nullptr; }
const void* PinnedHostBuffer::data() const noexcept { return impl_ ? impl_->data() : nullptr; }

} // namespace rtcg
