#pragma once
// What a MemoryPool handle points at: the held blocks of each queue's lane, the byte counts and
// the statistics, under one mutex. Driver calls (allocating and freeing blocks) happen outside
// the mutex, so threads wait for each other only for bookkeeping.
#include "buffer_recycler.hpp"

#include <rtcg/core/buffer.hpp>
#include <rtcg/core/memory_pool.hpp>
#include <rtcg/core/plugin/backend.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace rtcg::detail {

class MemoryPoolState {
public:
    // `context` is an owning pointer for a pool of its own, and a non-owning one for the
    // context's default pool, which the context itself owns.
    explicit MemoryPoolState(std::shared_ptr<ContextState> context) noexcept;
    MemoryPoolState(const MemoryPoolState&) = delete;
    MemoryPoolState& operator=(const MemoryPoolState&) = delete;

    // `self` is the handle's pointer to this state; the buffer's recycler shares its ownership.
    Buffer allocate(const std::shared_ptr<MemoryPoolState>& self, std::size_t bytes, const Queue& queue);

    void free_held();
    void set_held_limit(std::size_t bytes);
    std::size_t held_bytes() const;
    std::size_t active_bytes() const;
    MemoryPoolStats stats() const;

    const ContextState& context() const noexcept { return *context_; }

private:
    using Block = std::unique_ptr<plugin::BufferImpl>;

    // The blocks freed by buffers that were allocated for one queue, by block size.
    class Lane final : public BufferRecycler {
    public:
        explicit Lane(MemoryPoolState& pool) noexcept : pool_(pool) {}
        void recycle(Block block) noexcept override { pool_.take_back(*this, std::move(block)); }

        std::map<std::size_t, std::vector<Block>> held;

    private:
        MemoryPoolState& pool_;
    };

    // These two: the caller holds mutex_.
    Lane& lane_for(std::uint64_t queue_id);
    Block take_held(Lane& lane, std::size_t block_bytes); // null when none is held
    Block allocate_from_driver(std::size_t block_bytes);
    void take_back(Lane& lane, Block block) noexcept;
    // Moves held blocks out (to be freed after the mutex is released) until at most
    // `keep_bytes` are held. Caller holds mutex_.
    std::vector<Block> take_held_beyond(std::size_t keep_bytes);

    // Declared first so that it goes last: the held blocks live in it.
    const std::shared_ptr<ContextState> context_;

    mutable std::mutex mutex_;
    std::unordered_map<std::uint64_t, std::unique_ptr<Lane>> lanes_; // by Queue::id
    std::size_t held_bytes_ = 0;
    std::size_t active_bytes_ = 0;
    std::size_t held_limit_ = std::numeric_limits<std::size_t>::max();
    MemoryPoolStats stats_;
};

} // namespace rtcg::detail
