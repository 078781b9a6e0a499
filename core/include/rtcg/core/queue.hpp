#pragma once
/// \file
/// A queue of device work: a CUDA stream or an OpenCL command queue. Work on one queue runs in
/// order; use one queue per host thread. Reads and writes block by default (the host memory is
/// free to reuse on return); Transfer::async returns at once and the host memory must stay valid
/// until the queue has finished it. Copies, fills and launches are always asynchronous.
///
/// Offsets and sizes are in bytes; every range is checked against the buffer's size.
///
/// A queue can capture its work into a Graph instead of running it (begin_capture, end_capture;
/// rtcg/core/graph.hpp says what can be captured).
///
/// Queues run their work in order unless made out of order (rtcg/core/queue_options.hpp); then
/// barrier() and events order it.
///
/// Host callbacks (host_function, Event::on_complete) run on a thread rtcg keeps for each context,
/// one callback at a time, never on a driver thread; a queue's host functions run in the order
/// they were queued, Event::on_complete's callbacks as their events happen. A callback may
/// call rtcg and own rtcg objects, and it may enqueue work, but it must not wait for itself (a
/// callback's own queue's finish() does not wait for callbacks there). Later device work does not
/// wait for a callback. What a callback throws does not unwind through the driver: the next
/// finish() of a queue of its context, or Context::wait_for_callbacks(), throws CallbackError with
/// the first failure's message. A callback whose work failed on the device does not run; that is
/// reported the same way.
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>
#include <rtcg/core/graph.hpp>
#include <rtcg/core/queue_options.hpp>
#include <rtcg/core/rect_copy.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <type_traits>

namespace rtcg {

/// Whether a transfer returns once the data is copied (blocking) or at once (async).
enum class Transfer { blocking, async };

/// A stream of work on a context's device, in order unless made otherwise: transfers, kernel
/// launches, events, host callbacks. Move-only; not for concurrent use by several threads.
class RTCG_API Queue {
public:
    /// An empty queue.
    Queue() noexcept;
    ~Queue();
    /// Moves leave the source empty.
    Queue(Queue&&) noexcept;
    /// Moves leave the source empty.
    Queue& operator=(Queue&&) noexcept;

    /// Copies `bytes` from host memory `src` to `dst` at `dst_offset`. InvalidArgument past the buffer's end.
    void write(Buffer& dst, const void* src, std::size_t bytes, std::size_t dst_offset = 0,
               Transfer mode = Transfer::blocking);
    /// Copies `bytes` of `src` from `src_offset` to host memory `dst`. InvalidArgument past the buffer's end.
    void read(const Buffer& src, void* dst, std::size_t bytes, std::size_t src_offset = 0,
              Transfer mode = Transfer::blocking);
    /// Copies `bytes` between buffers of the context. InvalidArgument past either buffer's end.
    void copy(const Buffer& src, Buffer& dst, std::size_t bytes, std::size_t src_offset = 0,
              std::size_t dst_offset = 0);
    /// Repeats `pattern` (1, 2, 4 or 8 bytes) over [offset, offset + bytes).
    void fill(Buffer& dst, const void* pattern, std::size_t pattern_size, std::size_t offset, std::size_t bytes);

    /// Copies the box `copy` describes (rtcg/core/rect_copy.hpp) from host memory `src`, of
    /// `src_bytes` bytes, to `dst`. InvalidArgument, before anything is queued, where a pitch is
    /// too small or not a multiple, or either side's box reaches past its memory's end.
    void write_rect(Buffer& dst, const void* src, std::size_t src_bytes, const RectCopy& copy,
                    Transfer mode = Transfer::blocking);
    /// Copies the box `copy` describes from `src` to host memory `dst`, of `dst_bytes` bytes.
    /// InvalidArgument as for write_rect.
    void read_rect(const Buffer& src, void* dst, std::size_t dst_bytes, const RectCopy& copy,
                   Transfer mode = Transfer::blocking);
    /// Copies the box `copy` describes between buffers of the context. InvalidArgument as for
    /// write_rect, and, within one buffer, where the byte spans the two boxes cover (first to last
    /// byte) overlap, even if their rows interleave.
    void copy_rect(const Buffer& src, Buffer& dst, const RectCopy& copy);

    /// Copies the elements of `src` to `dst` at byte `dst_offset`.
    template <class T>
    void write(Buffer& dst, std::span<const T> src, std::size_t dst_offset = 0, Transfer mode = Transfer::blocking) {
        static_assert(std::is_trivially_copyable_v<T>);
        write(dst, src.data(), src.size_bytes(), dst_offset, mode);
    }
    /// Copies the buffer's bytes from `src_offset` into the elements of `dst`.
    template <class T>
    void read(const Buffer& src, std::span<T> dst, std::size_t src_offset = 0, Transfer mode = Transfer::blocking) {
        static_assert(std::is_trivially_copyable_v<T>);
        read(src, dst.data(), dst.size_bytes(), src_offset, mode);
    }
    /// Fills the whole buffer with copies of `value` (whose size must divide the buffer's).
    template <class T>
    void fill(Buffer& dst, const T& value);

    /// Copies `bytes` between buffers of two contexts, one of them this queue's: two devices, two
    /// contexts of one device, or two backends (rtcg/core/peer.hpp has the paths each takes).
    /// Buffers of one context go through copy(). Work queued on this queue before the call runs
    /// first; the other context's work on its buffer must have finished, or (CUDA to CUDA) this
    /// queue must wait_for an event of it. CUDA to CUDA is asynchronous like copy(); the staged
    /// paths return once the data has arrived. InvalidArgument past either buffer's end, for an
    /// empty buffer, or where neither buffer belongs to this queue's context.
    void copy_peer(const Buffer& src, Buffer& dst, std::size_t bytes, std::size_t src_offset = 0,
                   std::size_t dst_offset = 0);

    /// An event that happens when the work queued so far has finished.
    Event record();
    /// Later work on this queue waits until `event` has happened: an event of any queue of the
    /// context, or on CUDA of any CUDA context (another device, or another process through
    /// rtcg/core/ipc.hpp). InvalidArgument for an event of another context elsewhere (OpenCL
    /// cannot wait for another context's events on the device: Event::wait() waits on the host).
    void wait_for(const Event& event);
    /// Later work on this queue starts once all work queued on it before has finished. Needed on
    /// out-of-order queues only; an in-order queue does nothing.
    void barrier();
    /// Whether the queue may run its commands out of order (rtcg/core/queue_options.hpp).
    bool is_out_of_order() const;
    /// Runs `callback` on the context's callback thread (see above) once all work queued on this
    /// queue so far has finished. InvalidArgument for an empty callback or while capturing.
    void host_function(std::function<void()> callback);

    /// Blocks until everything queued so far has finished, and the host functions queued here
    /// have run (except on the callback thread). Then throws CallbackError where a host callback
    /// of the context failed since the last report.
    void finish();

    /// Starts recording: from now on the queue's work is captured, not run (rtcg/core/graph.hpp).
    /// CaptureError where the queue already captures.
    void begin_capture();
    /// Ends the capture and returns its work as a graph. CaptureError where the queue does not
    /// capture, or where the driver refuses the graph; the capture has ended either way.
    Graph end_capture(GraphReplay replay = GraphReplay::native);
    /// Drops the capture and what it recorded, if the queue captures.
    void abandon_capture() noexcept;
    /// True between begin_capture and end_capture (or abandon_capture).
    bool is_capturing() const noexcept { return capture_ != nullptr; }

    /// Names this queue for the whole process: never given to another queue, even after this
    /// one is gone (memory pools tag blocks with it). 0 for an empty queue.
    std::uint64_t id() const noexcept { return id_; }

    /// \private For core and plug-in glue: the backend object.
    plugin::QueueImpl* impl() const noexcept { return impl_.get(); }
    /// \private For core and plug-in glue: the owning context's state.
    const detail::ContextState* context_state() const noexcept { return context_.get(); }

private:
    friend class Context;
    friend struct detail::ContextState;
    friend class detail::Interop;
    friend class Kernel;
    friend class Graph;
    Queue(std::shared_ptr<detail::ContextState> context, std::unique_ptr<plugin::QueueImpl> impl) noexcept;

    std::shared_ptr<detail::ContextState> context_;
    std::unique_ptr<plugin::QueueImpl> impl_;
    std::uint64_t id_ = 0;
    std::unique_ptr<detail::CaptureState> capture_; ///< set while capturing
};

} // namespace rtcg

#include <rtcg/core/buffer.hpp>

template <class T>
void rtcg::Queue::fill(Buffer& dst, const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    fill(dst, &value, sizeof(T), 0, dst.size());
}
