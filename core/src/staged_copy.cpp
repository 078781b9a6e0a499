#include "staged_copy.hpp"

#include <rtcg/core/peer.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <algorithm>
#include <array>
#include <exception>
#include <memory>
#include <utility>
#include <vector>

namespace rtcg::detail {
namespace {

// The staging buffers of one copy. They go back to the context's kept ones only once no transfer
// can touch them any more: after the copy, or after both queues have finished following a
// failure. Where even that fails, they are never freed (a transfer may still write into them).
class StagingLease {
public:
    StagingLease(StagingBuffers& staging, plugin::ContextImpl& context, std::size_t count)
        : staging_(staging), buffers_(staging.take(context, count)) {}
    ~StagingLease() {
        if (settled_)
            staging_.give_back(std::move(buffers_));
        else
            for (auto& buffer : buffers_) static_cast<void>(buffer.release());
    }
    StagingLease(const StagingLease&) = delete;
    StagingLease& operator=(const StagingLease&) = delete;

    void* data(std::size_t slot) noexcept { return buffers_[slot]->data(); }

    // After a failure: waits for both queues, so that nothing is in flight into the buffers.
    void settle_after_failure(plugin::QueueImpl& read_queue, plugin::QueueImpl& write_queue) noexcept {
        try {
            read_queue.finish();
            write_queue.finish();
        } catch (const std::exception& error) {
            plugin::logger().warn("a staged copy failed and its queues could not finish ({}); its {} page-locked "
                                  "staging buffers are left allocated",
                                  error.what(), buffers_.size());
            settled_ = false;
        }
    }

private:
    StagingBuffers& staging_;
    std::vector<StagingBuffers::Buffer> buffers_;
    bool settled_ = true;
};

} // namespace

// Two buffers take turns: while chunk k is written from one, chunk k + 1 is read into the other.
// The host waits for each read before queueing its write (the data must be in host memory by
// then), and for a buffer's previous write before reading into it again.
void staged_copy(StagingBuffers& staging, plugin::ContextImpl& staging_context, plugin::QueueImpl& read_queue,
                 const plugin::BufferImpl& src, std::size_t src_offset, plugin::QueueImpl& write_queue,
                 plugin::BufferImpl& dst, std::size_t dst_offset, std::size_t bytes) {
    constexpr std::size_t chunk = staging_chunk_bytes;
    const std::size_t chunks = bytes / chunk + (bytes % chunk != 0);
    StagingLease lease(staging, staging_context, std::min<std::size_t>(chunks, 2));
    std::array<std::unique_ptr<plugin::EventImpl>, 2> read_done, write_done;
    const auto length = [&](std::size_t k) { return std::min(chunk, bytes - k * chunk); };
    const auto start_read = [&](std::size_t k) {
        const std::size_t slot = k % 2;
        if (write_done[slot]) write_done[slot]->wait();
        read_queue.read(src, src_offset + k * chunk, lease.data(slot), length(k), false);
        read_done[slot] = read_queue.record();
    };
    try {
        start_read(0);
        for (std::size_t k = 0; k < chunks; ++k) {
            if (k + 1 < chunks) start_read(k + 1);
            const std::size_t slot = k % 2;
            read_done[slot]->wait();
            write_queue.write(dst, dst_offset + k * chunk, lease.data(slot), length(k), false);
            write_done[slot] = write_queue.record();
        }
        for (auto& written : write_done)
            if (written) written->wait();
    } catch (...) {
        lease.settle_after_failure(read_queue, write_queue);
        throw;
    }
}

} // namespace rtcg::detail
