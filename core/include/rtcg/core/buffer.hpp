#pragma once
// Device memory. A Buffer is move-only and frees its memory when destroyed or released; it keeps
// its context alive. A zero-byte buffer is valid and owns no device memory. A buffer from a
// MemoryPool gives its memory back to that pool instead (and keeps the pool alive meanwhile).
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>

#include <cstddef>
#include <memory>

namespace rtcg {

class RTCG_API Buffer {
public:
    Buffer() noexcept;
    Buffer(Buffer&&) noexcept;
    Buffer& operator=(Buffer&&) noexcept;
    ~Buffer();

    std::size_t size() const noexcept { return size_; }
    // True while the buffer belongs to a context (also for a zero-byte buffer).
    explicit operator bool() const noexcept { return context_ != nullptr; }

    // Frees the device memory now (or returns it to its pool), for code that is tight on memory;
    // the buffer becomes empty.
    void release() noexcept;

    Context context() const;

    // For core and plug-in glue: the backend object (null for zero-byte or released buffers).
    plugin::BufferImpl* impl() const noexcept { return impl_.get(); }
    const detail::ContextState* context_state() const noexcept { return context_.get(); }

private:
    friend class Context;
    friend class detail::MemoryPoolState;
    // `recycler`, when set, takes `impl` back when the buffer is done with it.
    Buffer(std::shared_ptr<detail::ContextState> context, std::unique_ptr<plugin::BufferImpl> impl,
           std::size_t size, std::shared_ptr<detail::BufferRecycler> recycler = {}) noexcept;

    std::shared_ptr<detail::ContextState> context_;
    std::unique_ptr<plugin::BufferImpl> impl_;
    std::size_t size_ = 0;
    std::shared_ptr<detail::BufferRecycler> recycler_;
};

// Page-locked host memory: transfers from and to it run at full bus speed and can overlap
// kernels when asynchronous. Move-only; keeps its context alive.
class RTCG_API PinnedHostBuffer {
public:
    PinnedHostBuffer() noexcept;
    PinnedHostBuffer(PinnedHostBuffer&&) noexcept;
    PinnedHostBuffer& operator=(PinnedHostBuffer&&) noexcept;
    ~PinnedHostBuffer();

    void* data() noexcept;
    const void* data() const noexcept;
    std::size_t size() const noexcept { return size_; }

    template <class T>
    T* as() noexcept { return static_cast<T*>(data()); }

private:
    friend class Context;
    PinnedHostBuffer(std::shared_ptr<detail::ContextState> context,
                     std::unique_ptr<plugin::HostBufferImpl> impl, std::size_t size) noexcept;

    std::shared_ptr<detail::ContextState> context_;
    std::unique_ptr<plugin::HostBufferImpl> impl_;
    std::size_t size_ = 0;
};

} // namespace rtcg
