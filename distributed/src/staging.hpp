#pragma once
// The host transport's memory and its pipeline: device data staged through pinned host buffers.
// Two chunk buffers, allocated once per communicator, carry the transfers that can be cut in
// pieces (all-reduce, broadcast, reduce, send, receive): while MPI moves chunk k, the device copies
// chunk k + 1 out (or chunk k - 1 back). The collectives whose pieces lie scattered over ranks
// (gathers, all-to-all, reduce-scatter) go whole through two staging areas that grow to the
// largest message and are kept.
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/context.hpp>

#include <cstddef>
#include <functional>

namespace rtcg::detail {

class StagingPool {
public:
    // Chunks of `chunk_bytes` (at least 64) for `context`. OutOfMemory when pinned memory runs out.
    StagingPool(const Context& context, std::size_t chunk_bytes);

    std::size_t chunk_bytes() const noexcept { return chunk_bytes_; }

    // Moves nbytes() of `source` (null: nothing to read) through the chunk buffers into `target`
    // (null: nothing to write), both contiguous, calling `step(host, bytes)` on each chunk in order
    // once its bytes of `source` are in `host`; what `step` leaves in `host` goes to `target`.
    // Chunks hold whole elements of `element_size` bytes. Returns when the last chunk is written.
    void pipeline(const ArrayData* source, const ArrayData* target, std::size_t bytes, std::size_t element_size,
                  const std::function<void(void* host, std::size_t bytes)>& step);

    // Staging area 0 or 1 of at least `bytes`, grown (and kept) as needed. OutOfMemory.
    void* area(int which, std::size_t bytes);

private:
    Context context_;
    std::size_t chunk_bytes_;
    PinnedHostBuffer chunks_[2];
    PinnedHostBuffer areas_[2];
};

// Blocking copies of a contiguous array's bytes to and from host memory, on its context's
// current queue.
void read_array(const ArrayData& array, void* host);
void write_array(const ArrayData& array, const void* host);

} // namespace rtcg::detail
