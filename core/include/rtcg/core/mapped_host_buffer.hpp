#pragma once
/// \file
/// Mapped ("zero-copy") host memory, and managed (unified) memory built on the same rules.
///
/// Mapped host memory: host memory that kernels read and write in place, without a
/// transfer (CUDA: cuMemHostAlloc with CU_MEMHOSTALLOC_DEVICEMAP; OpenCL: a CL_MEM_ALLOC_HOST_PTR
/// buffer). Kernels take buffer(); the host reaches the bytes through a HostMapping, which waits
/// for the queue's work so far and, when it ends, hands the memory back to the queue's later work.
///
/// \code
///   auto mapped = ctx.allocate_mapped(n * sizeof(float));
///   kernel.launch(queue, config, mapped.buffer(), n);
///   {
///       auto host = mapped.map(queue);            // waits for the kernel
///       float first = host.as<float>()[0];        // no copy
///   }                                             // later launches see the host's writes
/// \endcode
///
/// The rule on every backend: the host touches the memory only while a mapping lives, and no
/// kernel or copy runs on it meanwhile. CUDA would allow more; OpenCL does not, and one rule
/// keeps the code portable. Every access is over the bus, so it pays where data is used once.
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>

#include <cstddef>
#include <memory>

namespace rtcg {

namespace plugin {
class MappedMemoryImpl;
}

class MappedHostBuffer;

/// Host access to a MappedHostBuffer, from MappedHostBuffer::map until it is destroyed. Move-only.
class RTCG_API HostMapping {
public:
    /// Moves leave the source empty (it unmaps nothing).
    HostMapping(HostMapping&&) noexcept;
    HostMapping& operator=(HostMapping&&) = delete;
    HostMapping(const HostMapping&) = delete;
    HostMapping& operator=(const HostMapping&) = delete;
    /// Gives the memory back to the queue's later work; a failure to do so is logged.
    ~HostMapping();

    /// The host address of the first byte.
    void* data() const noexcept { return data_; }
    /// Bytes mapped: the whole buffer.
    std::size_t size() const noexcept { return size_; }
    /// The memory as an array of T.
    template <class T>
    T* as() const noexcept { return static_cast<T*>(data_); }

private:
    friend class MappedHostBuffer;
    HostMapping(plugin::MappedMemoryImpl* memory, Queue* queue, void* data, std::size_t size) noexcept
        : memory_(memory), queue_(queue), data_(data), size_(size) {}

    plugin::MappedMemoryImpl* memory_;
    Queue* queue_;
    void* data_;
    std::size_t size_;
};

/// Host memory that kernels use in place (see mapped_host_buffer.hpp). Move-only; keeps its
/// context alive.
class RTCG_API MappedHostBuffer {
public:
    /// An empty buffer.
    MappedHostBuffer() noexcept;
    /// Moves leave the source empty.
    MappedHostBuffer(MappedHostBuffer&&) noexcept;
    /// Moves leave the source empty.
    MappedHostBuffer& operator=(MappedHostBuffer&&) noexcept;
    ~MappedHostBuffer();

    /// The memory as kernels and copies see it: pass it as a kernel argument or to Queue calls.
    const Buffer& buffer() const noexcept { return buffer_; }
    /// The memory as kernels and copies see it.
    Buffer& buffer() noexcept { return buffer_; }
    /// Bytes, as allocated.
    std::size_t size() const noexcept { return buffer_.size(); }

    /// Waits for the work queued on `queue` so far and gives the host the memory until the
    /// mapping ends; the buffer and `queue` (of its context) must outlive the mapping, and the queue's later
    /// work waits for the unmapping. InvalidArgument for an empty buffer or a queue of another
    /// context.
    HostMapping map(Queue& queue);

protected:
    /// \private Made by Context.
    MappedHostBuffer(std::shared_ptr<detail::ContextState> context, std::shared_ptr<plugin::MappedMemoryImpl> memory,
                     Buffer buffer) noexcept;
    /// \private The backend's memory, for ManagedBuffer's hints.
    plugin::MappedMemoryImpl* memory() const noexcept { return memory_.get(); }
    /// \private The owning context's state, for ManagedBuffer's checks.
    const detail::ContextState* context_state() const noexcept { return context_.get(); }

private:
    friend class Context;

    // Destroyed in reverse: the buffer that reaches the memory, the memory, then the context
    // the memory lives in. The buffer's memory shares the ownership of the host memory, which
    // lives on as long as a graph (rtcg/core/graph.hpp) uses the buffer.
    std::shared_ptr<detail::ContextState> context_;
    std::shared_ptr<plugin::MappedMemoryImpl> memory_;
    Buffer buffer_;
};

/// How closely the host and kernels may share managed memory (Context::allocate_managed).
enum class Coherence {
    /// Host and kernels take turns, handing over at map and unmap (CUDA managed memory;
    /// OpenCL coarse-grained SVM buffers).
    coarse,
    /// The host may also touch the memory while kernels run (CUDA managed memory on devices with
    /// concurrent managed access; OpenCL fine-grained SVM buffers). Host and kernel writes to the
    /// same bytes at once still race.
    fine,
};

/// Where managed memory should move to ahead of its use (ManagedBuffer::prefetch).
enum class MemoryLocation { host, device };

/// A hint on how managed memory is used (ManagedBuffer::advise); it changes speed, never results.
enum class MemoryAdvice {
    read_mostly,     ///< mostly read: the driver may keep read-only copies on each side
    prefer_device,   ///< keep the pages on the device where possible
    prefer_host,     ///< keep the pages in host memory where possible
    accessed_by_device, ///< map the pages for the device wherever they are, to avoid faults
};

/// Managed (unified) memory: one allocation that the host and kernels both address, which the
/// driver moves between host and device as it is used (CUDA: cuMemAllocManaged; OpenCL: a
/// shared-virtual-memory buffer, clSVMAlloc). Host access follows MappedHostBuffer's rule: through
/// map(). Kernels and copies take buffer(). Prefetch and advice are hints: where the backend has
/// none (OpenCL), they do nothing.
class RTCG_API ManagedBuffer : public MappedHostBuffer {
public:
    /// An empty buffer.
    ManagedBuffer() noexcept;

    /// The coherence it was allocated with.
    Coherence coherence() const noexcept { return coherence_; }

    /// Queues a move of the whole buffer to `location` on `queue` (CUDA: cuMemPrefetchAsync).
    /// InvalidArgument for an empty buffer or a queue of another context.
    void prefetch(Queue& queue, MemoryLocation location);
    /// Tells the driver how the buffer is used (CUDA: cuMemAdvise). InvalidArgument for an empty
    /// buffer.
    void advise(MemoryAdvice advice);

private:
    friend class Context;
    ManagedBuffer(std::shared_ptr<detail::ContextState> context, std::shared_ptr<plugin::MappedMemoryImpl> memory,
                  Buffer buffer, Coherence coherence) noexcept;

    Coherence coherence_ = Coherence::coarse;
};

} // namespace rtcg
