#pragma once
// A copy between buffers of two contexts through page-locked host memory (rtcg/core/peer.hpp).
#include "staging_buffers.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <cstddef>

namespace rtcg::detail {

// Copies `bytes` (at least one) from `src` at `src_offset`, read on `read_queue` (of src's
// context), to `dst` at `dst_offset`, written on `write_queue` (of dst's context), in chunks of
// staging_chunk_bytes through buffers of `staging` allocated from `staging_context`. Returns once
// the last chunk has arrived; on an exception, once nothing is in flight any more.
void staged_copy(StagingBuffers& staging, plugin::ContextImpl& staging_context, plugin::QueueImpl& read_queue,
                 const plugin::BufferImpl& src, std::size_t src_offset, plugin::QueueImpl& write_queue,
                 plugin::BufferImpl& dst, std::size_t dst_offset, std::size_t bytes);

} // namespace rtcg::detail
