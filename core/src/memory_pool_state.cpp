#include "memory_pool_state.hpp"

#include "context_state.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <algorithm>
#include <string>

namespace rtcg::detail {

MemoryPoolState::MemoryPoolState(std::shared_ptr<ContextState> context) noexcept : context_(std::move(context)) {}

Buffer MemoryPoolState::allocate(const std::shared_ptr<MemoryPoolState>& self, std::size_t bytes,
                                 const Queue& queue) {
    constexpr const char* where = "MemoryPool::allocate";
    if (!queue.impl()) throw InvalidArgument("the queue is empty (moved from)", where);
    if (queue.context_state() != context_.get())
        throw InvalidArgument("the queue belongs to another context than the memory pool", where);
    if (queue.is_out_of_order())
        throw InvalidArgument("the queue runs its work out of order, so a block reused on it could be written while "
                              "earlier work still reads it: allocate for an in-order queue",
                              where);
    const DeviceInfo& device = context_->description.info;
    check_allocation_limit(device, bytes, where);
    // Buffers own their context, also when this pool (the default one) does not.
    auto context = context_->shared_from_this();
    if (bytes == 0) return Buffer(std::move(context), nullptr, 0);

    const std::size_t block_bytes =
        static_cast<std::size_t>(std::min<std::uint64_t>(MemoryPool::block_size(bytes), device.max_allocation_bytes));
    Lane* lane = nullptr;
    Block block;
    {
        std::lock_guard lock(mutex_);
        lane = &lane_for(queue.id());
        block = take_held(*lane, block_bytes);
    }
    if (!block) block = allocate_from_driver(block_bytes);
    // The recycler shares the ownership of `self`, which may be the context owning this pool.
    std::shared_ptr<BufferRecycler> recycler(self, lane);
    return Buffer(std::move(context), std::move(block), bytes, std::move(recycler));
}

MemoryPoolState::Lane& MemoryPoolState::lane_for(std::uint64_t queue_id) {
    auto& lane = lanes_[queue_id];
    if (!lane) lane = std::make_unique<Lane>(*this);
    return *lane;
}

MemoryPoolState::Block MemoryPoolState::take_held(Lane& lane, std::size_t block_bytes) {
    auto found = lane.held.find(block_bytes);
    if (found == lane.held.end() || found->second.empty()) return nullptr;
    Block block = std::move(found->second.back());
    found->second.pop_back();
    held_bytes_ -= block_bytes;
    active_bytes_ += block_bytes;
    --stats_.blocks_held;
    ++stats_.blocks_active;
    ++stats_.served_from_pool;
    return block;
}

MemoryPoolState::Block MemoryPoolState::allocate_from_driver(std::size_t block_bytes) {
    Block block;
    try {
        block = context_->impl->allocate(block_bytes);
    } catch (const OutOfMemory& first) {
        std::vector<Block> freed;
        std::size_t freed_bytes = 0;
        {
            std::lock_guard lock(mutex_);
            freed_bytes = held_bytes_;
            freed = take_held_beyond(0);
            ++stats_.emptied_for_memory;
        }
        plugin::logger().debug("memory pool: the driver could not allocate a {}-byte block ({}); freeing {} held "
                               "bytes in {} blocks and trying again",
                               block_bytes, first.why(), freed_bytes, freed.size());
        freed.clear();
        try {
            block = context_->impl->allocate(block_bytes);
        } catch (const OutOfMemory& second) {
            throw OutOfMemory(second.why() + " (even after the memory pool freed the " + std::to_string(freed_bytes) +
                                  " bytes it held)",
                              second.where(), second.code(), second.code_name());
        }
    }
    std::lock_guard lock(mutex_);
    active_bytes_ += block_bytes;
    ++stats_.blocks_active;
    ++stats_.served_from_driver;
    return block;
}

void MemoryPoolState::take_back(Lane& lane, Block block) noexcept {
    const std::size_t block_bytes = block->size();
    {
        std::lock_guard lock(mutex_);
        active_bytes_ -= block_bytes;
        --stats_.blocks_active;
        if (held_bytes_ + block_bytes <= held_limit_) {
            try {
                lane.held[block_bytes].push_back(std::move(block));
                held_bytes_ += block_bytes;
                ++stats_.blocks_held;
            } catch (const std::bad_alloc&) {
                // No room to note it down: the block goes to the driver below instead.
            }
        }
    }
    block.reset(); // a block the pool does not keep is freed outside the mutex
}

std::vector<MemoryPoolState::Block> MemoryPoolState::take_held_beyond(std::size_t keep_bytes) {
    std::vector<Block> taken;
    for (auto& [queue_id, lane] : lanes_) {
        for (auto& [block_bytes, blocks] : lane->held) {
            while (held_bytes_ > keep_bytes && !blocks.empty()) {
                taken.push_back(std::move(blocks.back()));
                blocks.pop_back();
                held_bytes_ -= block_bytes;
                --stats_.blocks_held;
            }
        }
    }
    return taken;
}

void MemoryPoolState::free_held() {
    std::vector<Block> freed; // to the driver on return, outside the mutex
    {
        std::lock_guard lock(mutex_);
        freed = take_held_beyond(0);
    }
}

void MemoryPoolState::set_held_limit(std::size_t bytes) {
    std::vector<Block> freed; // to the driver on return, outside the mutex
    {
        std::lock_guard lock(mutex_);
        held_limit_ = bytes;
        freed = take_held_beyond(bytes);
    }
}

std::size_t MemoryPoolState::held_bytes() const {
    std::lock_guard lock(mutex_);
    return held_bytes_;
}

std::size_t MemoryPoolState::active_bytes() const {
    std::lock_guard lock(mutex_);
    return active_bytes_;
}

MemoryPoolStats MemoryPoolState::stats() const {
    std::lock_guard lock(mutex_);
    return stats_;
}

} // namespace rtcg::detail
