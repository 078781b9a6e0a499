#include "staging.hpp"

#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/core/event.hpp>

#include <algorithm>

namespace rtcg::detail {
namespace {

std::size_t byte_offset(const ArrayData& array) { return array.offset() * array.dtype().size(); }

} // namespace

StagingPool::StagingPool(const Context& context, std::size_t chunk_bytes)
    : context_(context), chunk_bytes_(std::max<std::size_t>(chunk_bytes, 64)) {
    for (PinnedHostBuffer& chunk : chunks_) chunk = context_.allocate_pinned(chunk_bytes_);
}

void StagingPool::pipeline(const ArrayData* source, const ArrayData* target, std::size_t bytes,
                           std::size_t element_size, const std::function<void(void*, std::size_t)>& step) {
    if (bytes == 0) return;
    Queue& queue = current_queue(context_);
    const std::size_t chunk = std::max(element_size, chunk_bytes_ / element_size * element_size);
    const std::size_t chunks = (bytes + chunk - 1) / chunk;
    const auto length = [&](std::size_t k) { return std::min(chunk, bytes - k * chunk); };
    Event read_done[2];
    Event written[2];
    // The queue is in order: a chunk buffer's read for chunk k + 2 starts after its write of
    // chunk k, so only the host's own use of a buffer needs waiting for.
    const auto stage_in = [&](std::size_t k) {
        queue.read(source->buffer(), chunks_[k % 2].data(), length(k), byte_offset(*source) + k * chunk,
                   Transfer::async);
        read_done[k % 2] = queue.record();
    };
    if (source) stage_in(0);
    for (std::size_t k = 0; k < chunks; ++k) {
        PinnedHostBuffer& host = chunks_[k % 2];
        if (source)
            read_done[k % 2].wait();
        else if (k >= 2 && target)
            written[k % 2].wait();
        if (source && k + 1 < chunks) stage_in(k + 1);
        step(host.data(), length(k));
        if (target) {
            queue.write(target->buffer(), host.data(), length(k), byte_offset(*target) + k * chunk, Transfer::async);
            written[k % 2] = queue.record();
        }
    }
    if (target) written[(chunks - 1) % 2].wait();
}

void* StagingPool::area(int which, std::size_t bytes) {
    PinnedHostBuffer& buffer = areas_[which];
    if (buffer.size() < bytes) {
        const std::size_t grown = std::max(bytes, buffer.size() * 2);
        buffer = PinnedHostBuffer();
        buffer = context_.allocate_pinned(grown);
    }
    return buffer.data();
}

void read_array(const ArrayData& array, void* host) {
    if (array.nbytes() == 0) return;
    current_queue(array.context()).read(array.buffer(), host, array.nbytes(), byte_offset(array));
}

void write_array(const ArrayData& array, const void* host) {
    if (array.nbytes() == 0) return;
    current_queue(array.context()).write(array.buffer(), host, array.nbytes(), byte_offset(array));
}

} // namespace rtcg::detail
