#pragma once
// The page-locked host buffers that staged copies between contexts (rtcg/core/peer.hpp) pass
// their chunks through. Allocating page-locked memory takes the driver far longer than a chunk's
// transfer, so a context keeps a few for its later copies.
#include <rtcg/core/plugin/backend.hpp>

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

namespace rtcg::detail {

class StagingBuffers {
public:
    using Buffer = std::unique_ptr<plugin::HostBufferImpl>;

    StagingBuffers();

    // `count` buffers of staging_chunk_bytes, kept ones first, the rest allocated from `context`.
    // Throws OutOfMemory.
    std::vector<Buffer> take(plugin::ContextImpl& context, std::size_t count);
    // Keeps up to `kept_limit` buffers for later copies and frees the rest.
    void give_back(std::vector<Buffer> buffers) noexcept;

    // Two copies at once stay on kept buffers; more allocate their own.
    static constexpr std::size_t kept_limit = 4;

private:
    std::mutex mutex_;
    std::vector<Buffer> kept_;
};

} // namespace rtcg::detail
