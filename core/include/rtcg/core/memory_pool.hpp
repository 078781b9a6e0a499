#pragma once
/// \file
/// A cache of device memory blocks, so that code which allocates many short-lived buffers (array
/// temporaries) asks the driver once per block instead of once per buffer.
///
/// \code
///   rtcg::MemoryPool pool = ctx.memory_pool();     // the context's shared pool, or MemoryPool(ctx)
///   rtcg::Buffer tmp = pool.allocate(n * sizeof(float));
/// \endcode
///
/// A pooled buffer is an ordinary Buffer (kernel arguments, transfers, copies, fills) whose
/// size() is the size asked for. When it is destroyed or released its block goes back to the
/// pool, not to the driver, even when every MemoryPool handle is gone by then: the buffer keeps
/// the pool alive, and the pool frees its held blocks to the driver when its last user goes.
///
/// Sizes: a request is rounded up to a block size (see block_size), so a block serves every
/// request of its size class and wastes at most a quarter of itself.
///
/// Asynchrony: the pool is stream-ordered, like cudaMallocAsync and CuPy's pool. Each block is
/// tagged with the queue it was allocated for (the context's default queue unless one is named)
/// and is handed out again only for that same queue. Queues run their work in order, so whatever
/// the new owner enqueues there starts after every command the previous owner enqueued there,
/// and nothing needs to wait. The rule that follows for users: use a pooled buffer on the queue
/// it was allocated for. To use it on another queue as well, make that queue wait for the
/// allocating queue first (other.wait_for(queue.record())), and before releasing the buffer make
/// the allocating queue wait for the other queue's last use of it (or finish that queue).
/// Blocks are never reused across queues, which costs some memory when many queues allocate;
/// handing blocks back to the driver (free_held, the held limit, an out-of-memory retry) is
/// always safe, because drivers defer or synchronise frees as they do for every Buffer.
///
/// Out of memory: when the driver cannot allocate a new block, the pool frees every block it
/// holds and tries once more; if that fails too, the OutOfMemory error says the pool was emptied
/// first. A request beyond the device's largest allocation fails at once, as Context::allocate.
///
/// MemoryPool is a cheap, copyable handle; copies share one pool. It may be used from several
/// host threads at once.
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>

#include <cstddef>
#include <memory>

namespace rtcg {

/// Counts of a memory pool's work since it was made.
struct MemoryPoolStats {
    std::size_t served_from_pool = 0;   ///< allocations that reused a held block
    std::size_t served_from_driver = 0; ///< allocations that asked the driver for a new block
    std::size_t blocks_held = 0;        ///< free blocks kept for reuse
    std::size_t blocks_active = 0;      ///< blocks in use by buffers
    std::size_t emptied_for_memory = 0; ///< times the driver ran out and the pool freed its blocks
};

/// Device memory handed out in size classes and reused, stream-ordered; see memory_pool.hpp.
class RTCG_API MemoryPool {
public:
    /// A new pool of `context`, separate from the context's own (Context::memory_pool).
    explicit MemoryPool(const Context& context);

    /// A buffer of `bytes` for use on the context's default queue, or on `queue` (a queue of the
    /// pool's context; see "Asynchrony" above). Zero bytes give an empty buffer, as
    /// Context::allocate does. Throws OutOfMemory.
    Buffer allocate(std::size_t bytes);
    /// A buffer of `bytes` for use on `queue`, an in-order queue of the pool's context
    /// (InvalidArgument for an out-of-order one: reuse there would not wait for earlier work).
    Buffer allocate(std::size_t bytes, const Queue& queue);

    /// Frees every held block to the driver; buffers in use are untouched.
    void free_held();
    /// Keeps at most `bytes` in held blocks: a block coming back beyond it goes to the driver,
    /// and held blocks beyond it are freed now. Unlimited by default.
    void set_held_limit(std::size_t bytes);

    std::size_t held_bytes() const;   ///< in free blocks kept for reuse
    std::size_t active_bytes() const; ///< in blocks in use (block sizes, not the sizes asked for)
    /// The counts of the pool's work so far.
    MemoryPoolStats stats() const;

    /// The block size serving a request of `bytes` (> 0): at least 256 bytes; above that, each
    /// range between powers of two is split into four equal steps, so 1000 -> 1024,
    /// 1025 -> 1280, 3000 -> 3072. (A device whose largest allocation is smaller than the block
    /// gets blocks of that largest size instead.)
    static std::size_t block_size(std::size_t bytes) noexcept;

    /// True for handles of the same pool.
    friend bool operator==(const MemoryPool& a, const MemoryPool& b) noexcept { return a.state_ == b.state_; }

private:
    friend class Context;
    explicit MemoryPool(std::shared_ptr<detail::MemoryPoolState> state) noexcept;

    std::shared_ptr<detail::MemoryPoolState> state_;
};

} // namespace rtcg
