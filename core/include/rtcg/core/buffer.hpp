#pragma once
/// \file
/// Device memory. A Buffer is move-only and frees its memory when destroyed or released (once no
/// graph uses it any more: rtcg/core/graph.hpp); it keeps its context alive. A zero-byte buffer is valid and owns no device memory. A buffer from a
/// MemoryPool gives its memory back to that pool instead (and keeps the pool alive meanwhile).
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>

#include <cstddef>
#include <memory>

namespace rtcg {

/// Device memory of one context. Move-only; frees its memory (or returns it to its pool) when
/// destroyed, and keeps its context alive meanwhile.
class RTCG_API Buffer {
public:
    /// An empty buffer, of no context.
    Buffer() noexcept;
    /// Moves leave the source empty.
    Buffer(Buffer&&) noexcept;
    /// Moves leave the source empty.
    Buffer& operator=(Buffer&&) noexcept;
    ~Buffer();

    /// Bytes, as allocated.
    std::size_t size() const noexcept { return size_; }
    /// True while the buffer belongs to a context (also for a zero-byte buffer).
    explicit operator bool() const noexcept { return context_ != nullptr; }

    /// Frees the device memory now (or returns it to its pool), for code that is tight on memory;
    /// the buffer becomes empty.
    void release() noexcept;

    /// The context that owns the memory. InvalidArgument for an empty buffer.
    Context context() const;

    /// For core and plug-in glue: the backend object (null for zero-byte or released buffers).
    plugin::BufferImpl* impl() const noexcept { return impl_.get(); }
    /// \private For core and plug-in glue: the owning context's state (null when empty).
    const detail::ContextState* context_state() const noexcept { return context_.get(); }

private:
    friend class Context;
    friend class detail::MemoryPoolState;
    friend class detail::Interop;
    /// `recycler`, when set, takes `impl` back when the last owner of the memory is done with it.
    Buffer(std::shared_ptr<detail::ContextState> context, std::unique_ptr<plugin::BufferImpl> impl,
           std::size_t size, std::shared_ptr<detail::BufferRecycler> recycler = {});

    std::shared_ptr<detail::ContextState> context_;
    /// Shared with the graphs that use the memory (rtcg/core/graph.hpp): it is freed, or goes back
    /// to its recycler, when the last of them lets go.
    std::shared_ptr<plugin::BufferImpl> impl_;
    std::size_t size_ = 0;
};

/// Page-locked host memory: transfers from and to it run at full bus speed and can overlap
/// kernels when asynchronous. Move-only; keeps its context alive.
class RTCG_API PinnedHostBuffer {
public:
    /// An empty buffer.
    PinnedHostBuffer() noexcept;
    /// Moves leave the source empty.
    PinnedHostBuffer(PinnedHostBuffer&&) noexcept;
    /// Moves leave the source empty.
    PinnedHostBuffer& operator=(PinnedHostBuffer&&) noexcept;
    ~PinnedHostBuffer();

    /// The host address of the first byte.
    void* data() noexcept;
    /// The host address of the first byte.
    const void* data() const noexcept;
    /// Bytes, as allocated.
    std::size_t size() const noexcept { return size_; }

    /// The memory as an array of T.
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
