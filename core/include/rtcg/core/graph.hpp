#pragma once
/// \file
/// Queue capture and replay: record a sequence of launches and copies once, replay it with one
/// call. On CUDA a graph is a CUDA graph (one cuGraphLaunch per replay); on OpenCL a
/// `cl_khr_command_buffer` where the device has one and the commands fit it, else the captured
/// commands queued again one by one. Every form gives the same results.
///
/// \code
///   queue.begin_capture();
///   queue.fill(x, 0.0f);
///   for (int step = 0; step < 100; ++step) add_one(queue, rtcg::LaunchConfig::covering(n, 256), x, n);
///   queue.read(x, host.data(), x.size(), 0, rtcg::Transfer::async);
///   rtcg::Graph graph = queue.end_capture();
///   for (int replay = 0; replay < 10; ++replay) graph.launch(queue);
///   queue.finish();
/// \endcode
///
/// What a capture records, and what replays do with it:
///  - nothing runs while the queue captures: the work runs at each Graph::launch, in order, on
///    the queue given there;
///  - kernel launches, with the argument values copied at capture (a host variable changed
///    afterwards changes nothing), as CUDA graph nodes do;
///  - copies, fills and rectangular copies between buffers;
///  - asynchronous host writes and reads (Transfer::async): the host memory is read or written at
///    each replay, so it must stay valid as long as the graph is replayed. A CUDA graph holds only
///    page-locked host memory (PinnedHostBuffer): with pageable memory the graph re-enqueues;
///  - other graphs launched on the capturing queue: their work is appended.
///
/// What a capturing queue refuses with CaptureError, before anything is recorded (the capture
/// goes on, and the queue stays capturing): blocking transfers, finish(), record(),
/// wait_for(), image transfers, mapping or prefetching memory with the queue, and kernel launches
/// that pass an image. begin_capture on a capturing queue and end_capture on one that is not are
/// CaptureErrors too, as is a capture the CUDA driver invalidates (at end_capture). An empty
/// capture is allowed: its graph replays nothing. After every CaptureError the queue is usable.
///
/// Lifetimes: a graph keeps its context and every buffer and kernel it uses alive (a Buffer,
/// MappedHostBuffer or ManagedBuffer released or destroyed meanwhile gives its memory back only
/// once the graph is gone), so a graph outlives the queue it was captured on and replays on any
/// queue of its context. That memory goes back when the graph is gone, as a released buffer's
/// does: a pooled buffer's block returns to the queue it was allocated for (memory_pool.hpp), so
/// where the graph was replayed on another queue, make that queue wait for the replays (or finish
/// it) before the graph goes.
///
/// `RTCG_GRAPH_REENQUEUE=1` in the environment (or GraphReplay::reenqueue) makes every graph
/// replay its commands one by one, so that both paths can be compared where a native one exists.
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>

#include <cstddef>
#include <memory>
#include <string_view>

namespace rtcg {

/// An operation a capturing queue cannot record (it waits for the host, or reaches objects a
/// graph cannot keep alive), begin_capture on a capturing queue, end_capture without a capture,
/// or a capture the driver invalidated. what() names the queue and the operation.
class RTCG_API CaptureError : public InvalidArgument {
public:
    using InvalidArgument::InvalidArgument;
};

/// How a graph replays.
enum class GraphReplay {
    native,   ///< the backend's graph where it has one for the captured work, else re-enqueue
    reenqueue ///< the captured commands queued one by one at each replay
};

/// Captured queue work, replayed with launch(). Move-only; keeps its context and everything the
/// work uses alive. Not for concurrent use by several threads.
class RTCG_API Graph {
public:
    /// An empty graph; launching it is an InvalidArgument.
    Graph() noexcept;
    ~Graph();
    /// Moves leave the source empty.
    Graph(Graph&&) noexcept;
    /// Moves leave the source empty.
    Graph& operator=(Graph&&) noexcept;

    /// Queues the captured work on `queue`, any queue of the graph's context (InvalidArgument for
    /// another context or an empty graph). On a capturing queue, the work is appended to that
    /// capture instead.
    void launch(Queue& queue);

    /// What replays the graph: "cuda graph", "cl_khr_command_buffer" or "re-enqueue" (also for an
    /// empty graph). A native graph still re-enqueues where its backend cannot run it on the queue
    /// given to launch (OpenCL: another queue than the captured one, or a command buffer still
    /// running on a device without simultaneous use).
    std::string_view native() const noexcept;
    /// The captured commands.
    std::size_t size() const noexcept;
    /// True for a graph made by end_capture (also an empty one).
    explicit operator bool() const noexcept { return state_ != nullptr; }

private:
    friend class Queue;
    explicit Graph(std::unique_ptr<detail::GraphState> state) noexcept;

    std::unique_ptr<detail::GraphState> state_;
};

/// Captures on `queue` while it lives: begins in the constructor, end() returns the graph, and a
/// scope left without end() (an exception on the way) abandons the capture, so that the queue
/// does not stay capturing.
class RTCG_API CaptureScope {
public:
    /// Begins capturing on `queue` (CaptureError where it already captures).
    explicit CaptureScope(Queue& queue);
    ~CaptureScope();
    CaptureScope(const CaptureScope&) = delete;
    CaptureScope& operator=(const CaptureScope&) = delete;

    /// Ends the capture (Queue::end_capture).
    Graph end(GraphReplay replay = GraphReplay::native);

private:
    Queue* queue_;
};

} // namespace rtcg
