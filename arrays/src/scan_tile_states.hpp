#pragma once
// The tile states of single-pass scans on one queue, kept from one scan to the next, so that a
// scan need not zero them before it runs: at small sizes a zeroing fill costs a command nearly as
// long as the scan itself.
//
// Stale states of earlier scans stay in the buffer. Each scan therefore gets an epoch of its own
// and tags the states it publishes with it (epoch << 2 | state, arrays/device/agent/
// tile_state.rtcg); a state of any other epoch reads as "not published yet". Epochs are handed out
// in order, 1 to last_epoch; then the buffer is zeroed again and numbering restarts, so no state
// can carry the epoch of a later scan. The ticket counter (word 0) needs no epoch: the group
// drawing the last ticket leaves it zero. (The reductions' per-queue word,
// ContextKernels::group_counter, would serve as the counter too, but as one more buffer argument,
// which NVIDIA's OpenCL charges for at every launch.) A scan with more tiles than the buffer holds
// gets a new, zeroed buffer (twice the old size at least, so that growing scans reallocate a few
// times only); the old one is released, which drivers defer until the queue's earlier scans are
// done with it.
//
// One object per queue (ContextKernels::scan_tile_states): its queue runs the scans in order, so
// no two use the buffer at once, whatever order host threads enqueue them in.
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/queue.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>

namespace rtcg::detail {

class ScanTileStates {
public:
    // The largest epoch: epoch << 2 | state must fit 32 bits.
    static constexpr std::uint32_t largest_epoch = (std::uint32_t{1} << 30) - 1;

    // Bytes of a buffer for `tiles` tiles: the ticket counter and a spare word, then one 64-bit
    // state word per tile.
    static constexpr std::size_t bytes_for(std::size_t tiles) { return 8 + 8 * tiles; }

    // `last_epoch` below largest_epoch lets tests reach the restart.
    explicit ScanTileStates(std::uint32_t last_epoch = largest_epoch) : last_epoch_(last_epoch) {}

    struct Grant {
        // bytes_for(tiles) at least, the counter zero when the scan starts; shared, so that a
        // scan launching on another thread keeps it while a larger scan replaces it here.
        std::shared_ptr<const Buffer> states;
        std::uint32_t epoch; // 1 to last_epoch
    };
    // The states and epoch for the next scan of `tiles` tiles on `queue`, which must be the queue
    // this object serves; allocates and zeroes (on `queue`) when needed.
    Grant next(const Context& context, Queue& queue, std::size_t tiles);

private:
    const std::uint32_t last_epoch_;
    std::mutex mutex_;
    std::shared_ptr<Buffer> states_;
    std::size_t tiles_ = 0;
    std::uint32_t epoch_ = 0;
};

} // namespace rtcg::detail
