#include "context_state.hpp"
#include "memory_pool_state.hpp"

#include <rtcg/core/context.hpp>
#include <rtcg/core/memory_pool.hpp>

#include <bit>
#include <limits>

namespace rtcg {
namespace {

// Small requests share one class: the waste is a few hundred bytes at most, and 256 bytes is
// the alignment CUDA gives every allocation anyway.
constexpr std::size_t smallest_block = 256;
// Each range [2^k, 2^(k+1)) is split into this many equal steps, so a block is at most a
// quarter larger than the request it serves.
constexpr std::size_t steps_per_octave = 4;

} // namespace

MemoryPool::MemoryPool(const Context& context)
    : state_(std::make_shared<detail::MemoryPoolState>(context.state())) {}

MemoryPool::MemoryPool(std::shared_ptr<detail::MemoryPoolState> state) noexcept : state_(std::move(state)) {}

Buffer MemoryPool::allocate(std::size_t bytes) { return state_->allocate(state_, bytes, state_->context().default_queue); }

Buffer MemoryPool::allocate(std::size_t bytes, const Queue& queue) { return state_->allocate(state_, bytes, queue); }

void MemoryPool::free_held() { state_->free_held(); }
void MemoryPool::set_held_limit(std::size_t bytes) { state_->set_held_limit(bytes); }
std::size_t MemoryPool::held_bytes() const { return state_->held_bytes(); }
std::size_t MemoryPool::active_bytes() const { return state_->active_bytes(); }
MemoryPoolStats MemoryPool::stats() const { return state_->stats(); }

std::size_t MemoryPool::block_size(std::size_t bytes) noexcept {
    if (bytes <= smallest_block) return smallest_block;
    const std::size_t step = std::bit_floor(bytes) / steps_per_octave;
    const std::size_t short_of_step = (step - bytes % step) % step;
    // Only requests within a step of SIZE_MAX cannot be rounded up; no device can serve them.
    if (short_of_step > std::numeric_limits<std::size_t>::max() - bytes) return bytes;
    return bytes + short_of_step;
}

} // namespace rtcg
