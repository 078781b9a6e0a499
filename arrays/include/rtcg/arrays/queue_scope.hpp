#pragma once
/// \file
/// The queue array operations run on. Arrays, their expressions, reductions, scans, sorts,
/// algorithms, random fills and host transfers, and the kernels ElementwiseKernel, ReductionKernel
/// and ScanKernel called without a queue, all run on their context's *current queue*: the queue of
/// the innermost QueueScope of that context on the calling thread, or the context's own queue
/// outside every scope (CuPy's `with stream:`).
///
/// \code
///   rtcg::Queue side = ctx.create_queue();
///   {
///       rtcg::QueueScope on_side(side);          // this thread's array work of ctx goes to `side`
///       rtcg::Array<float> y = 2.0f * x + 1.0f;  // allocated for `side`, computed on `side`
///       total = rtcg::sum(y);
///   }                                            // back to ctx's own queue
///   ctx.queue().wait_for(side.record());         // order what follows after `side`'s work
/// \endcode
///
/// Ordering between queues is the caller's, through events, never hidden synchronisation: work on
/// one queue runs in order, work on two queues runs in any order. An array made in a scope comes
/// from the memory pool for that scope's queue (memory_pool.hpp, "Asynchrony"): to use it on
/// another queue, make that queue wait for an event recorded after the array's last write
/// (`other.wait_for(queue.record())`), and before the array is released make its queue wait for
/// the other queue's last use of it. Each host thread has its own scopes, so two threads, each with
/// its own queue in scope, work on arrays of one context at once.
///
/// Operations whose result's size depends on the data (copy_if, remove_if, partition, unique, and
/// sort's check for keys that need fewer passes) read a count back to the host, which waits for the
/// current queue; everything else only enqueues, except host transfers (get, set, to_device, item,
/// printing), which block until the transfer is done.
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/core/queue.hpp>

namespace rtcg {

/// Makes `queue` the current queue of its context on this thread until the scope ends. Scopes
/// nest (the innermost of a context wins) and must end in the reverse order of their start, as
/// local variables do. The queue must outlive the scope.
class RTCG_API QueueScope {
public:
    /// Makes `queue` current for its context on this thread. InvalidArgument for an empty queue.
    explicit QueueScope(Queue& queue);
    /// Gives the context back the queue that was current before.
    ~QueueScope();
    QueueScope(const QueueScope&) = delete;
    QueueScope& operator=(const QueueScope&) = delete;

private:
    Queue* queue_;
};

namespace detail {

/// The current queue of `context` on this thread (see above).
RTCG_API Queue& current_queue(const Context& context);

} // namespace detail
} // namespace rtcg
