#include "staging_buffers.hpp"

#include <rtcg/core/peer.hpp>

#include <utility>

namespace rtcg::detail {

std::vector<StagingBuffers::Buffer> StagingBuffers::take(plugin::ContextImpl& context, std::size_t count) {
    std::vector<Buffer> taken;
    taken.reserve(count);
    {
        std::lock_guard lock(mutex_);
        while (taken.size() < count && !kept_.empty()) {
            taken.push_back(std::move(kept_.back()));
            kept_.pop_back();
        }
    }
    try {
        while (taken.size() < count) taken.push_back(context.allocate_host(staging_chunk_bytes));
    } catch (...) {
        give_back(std::move(taken));
        throw;
    }
    return taken;
}

StagingBuffers::StagingBuffers() { kept_.reserve(kept_limit); }

void StagingBuffers::give_back(std::vector<Buffer> buffers) noexcept {
    {
        std::lock_guard lock(mutex_);
        // kept_ has room for kept_limit buffers from the start: no push_back here allocates.
        for (auto& buffer : buffers)
            if (buffer && kept_.size() < kept_limit) kept_.push_back(std::move(buffer));
    }
    // What was not kept is freed with `buffers`, outside the lock.
}

} // namespace rtcg::detail
