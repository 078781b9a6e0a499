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
    return *this;
}
Buffer::~Buffer() { release(); }

namespace {

// Gives a buffer's memory to its recycler, or frees it, when its last owner lets go. It lets go
// of the recycler at once: the recycler may be the last owner of a pool, whose held blocks live
// in the context, and the shared count (and this deleter in it) may outlive the call for as long
// as the block's weak self-reference (enable_shared_from_this) does, which would otherwise make
// a pool that holds the block own itself.
class RecyclingDeleter {
public:
    explicit RecyclingDeleter(std::shared_ptr<detail::BufferRecycler> recycler) noexcept
        : recycler_(std::move(recycler)) {}
    void operator()(plugin::BufferImpl* impl) const noexcept {
        std::unique_ptr<plugin::BufferImpl> block(impl);
        const std::shared_ptr<detail::BufferRecycler> recycler = std::move(recycler_);
        if (recycler) recycler->recycle(std::move(block));
    }

private:
    mutable std::shared_ptr<detail::BufferRecycler> recycler_; // called once, then empty
};

std::shared_ptr<plugin::BufferImpl> shared_block(std::unique_ptr<plugin::BufferImpl> impl,
                                                 std::shared_ptr<detail::BufferRecycler> recycler) {
    if (!impl) return nullptr;
    // Should allocating the shared count fail, the deleter still takes the block.
    return std::shared_ptr<plugin::BufferImpl>(impl.release(), RecyclingDeleter(std::move(recycler)));
}

} // namespace

Buffer::Buffer(std::shared_ptr<detail::ContextState> context, std::unique_ptr<plugin::BufferImpl> impl,
               std::size_t size, std::shared_ptr<detail::BufferRecycler> recycler)
    : context_(std::move(context)), impl_(shared_block(std::move(impl), std::move(recycler))), size_(size) {}

void Buffer::release() noexcept {
    impl_.reset();
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
