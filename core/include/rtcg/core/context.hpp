#pragma once
/// \file
/// A device chosen by backend, platform and device, with its default queue, its memory and its
/// compiled modules. Context is a cheap, copyable handle; everything made from it (buffers,
/// queues, modules, kernels, events) keeps it alive. It may be used from several host threads at
/// once; give each thread its own Queue.
///
/// \code
///   auto ctx = rtcg::Context::from_environment();   // RTCG_BACKEND, or the best available
///   auto ctx = rtcg::Context::create("opencl:pocl:0");
/// \endcode
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>
#include <rtcg/core/mapped_host_buffer.hpp>
#include <rtcg/core/memory_pool.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>
#include <rtcg/core/rect_copy.hpp>

#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace rtcg {

/// A device and everything made on it: queues, memory, compiled modules. A cheap, copyable
/// handle; see context.hpp.
class RTCG_API Context {
public:
    /// From RTCG_BACKEND when set, else the first working of: CUDA, OpenCL on a GPU, OpenCL on a
    /// CPU, any other OpenCL device.
    static Context from_environment();
    /// From a selector: "cuda", "cuda:1", "opencl", "opencl:nvidia", "opencl:pocl:0". Each field
    /// after the backend is an index or a case-insensitive part of the platform's or device's
    /// name or vendor. Throws InvalidArgument for a malformed selector, BackendUnavailable (with
    /// what is available, and why the rest is not) when nothing matches.
    static Context create(std::string_view selector);

    /// The device's properties.
    const DeviceInfo& device() const noexcept;
    /// "cuda:0", "opencl:1:0": the selector that names exactly this device.
    const std::string& selector() const noexcept;

    /// The context's own queue, created with it. Not for concurrent use by several threads.
    Queue& queue() const noexcept;
    /// A new queue of this context, for one thread or one stream of work.
    Queue create_queue() const;
    /// A new queue with `options` (rtcg/core/queue_options.hpp). InvalidArgument, naming the
    /// device, for an out-of-order queue where DeviceInfo::out_of_order_queues is false.
    Queue create_queue(const QueueOptions& options) const;
    /// Blocks until every host callback of this context scheduled so far has run (Queue::
    /// host_function, Event::on_complete), then throws CallbackError where one failed since the
    /// last report. InvalidArgument when called from a host callback.
    void wait_for_callbacks() const;

    /// Throws OutOfMemory when `bytes` exceeds what the device can allocate.
    Buffer allocate(std::size_t bytes) const;
    /// Page-locked host memory for fast transfers. Throws OutOfMemory.
    PinnedHostBuffer allocate_pinned(std::size_t bytes) const;
    /// Device memory for `depth` slices of `height` rows of `width_bytes`, each row padded to
    /// the pitch the device prefers (CUDA: cuMemAllocPitch; OpenCL: the width rounded up to the
    /// device's base-address alignment, DeviceInfo::pitch_alignment_bytes). A zero extent gives
    /// an empty buffer. OutOfMemory where the total exceeds what the device can allocate or
    /// does not fit size_t.
    PitchedBuffer allocate_pitched(std::size_t width_bytes, std::size_t height, std::size_t depth = 1) const;
    /// Host memory that kernels read and write in place (rtcg/core/mapped_host_buffer.hpp).
    /// InvalidArgument for 0 bytes or where the device cannot map host memory
    /// (DeviceInfo::can_map_host_memory); OutOfMemory.
    MappedHostBuffer allocate_mapped(std::size_t bytes) const;
    /// Managed (unified) memory of `coherence` (rtcg/core/mapped_host_buffer.hpp).
    /// InvalidArgument for 0 bytes or where the device lacks that coherence
    /// (DeviceInfo::managed_coarse / managed_fine); OutOfMemory.
    ManagedBuffer allocate_managed(std::size_t bytes, Coherence coherence = Coherence::coarse) const;
    /// The context's own memory pool, shared by everything that asks for it (arrays use it).
    MemoryPool memory_pool() const;

    /// Compiles `source` for the device, or takes it from the cache. Throws CompileError.
    Module compile(std::string_view source, const CompileOptions& options = {}) const;

    /// Allocates a buffer and copies `data` into it through the default queue.
    template <class T>
    Buffer to_device(std::span<const T> data) const {
        Buffer buffer = allocate(data.size_bytes());
        queue().write(buffer, data);
        return buffer;
    }
    /// Allocates a buffer and copies `data` into it through the default queue.
    template <class T>
    Buffer to_device(const std::vector<T>& data) const { return to_device(std::span<const T>(data)); }
    /// Copies a whole buffer back through the default queue.
    template <class T>
    std::vector<T> to_host(const Buffer& buffer) const {
        std::vector<T> data(buffer.size() / sizeof(T));
        queue().read(buffer, std::span<T>(data));
        return data;
    }

    /// True for handles of the same context.
    friend bool operator==(const Context& a, const Context& b) noexcept { return a.state_ == b.state_; }

    /// For rtcg's own layers (arrays, codegen checks): the shared state behind the handle.
    const std::shared_ptr<detail::ContextState>& state() const noexcept { return state_; }
    /// \private For rtcg's own layers: a handle to existing state.
    explicit Context(std::shared_ptr<detail::ContextState> state) noexcept;

private:
    std::shared_ptr<detail::ContextState> state_;
};

} // namespace rtcg
