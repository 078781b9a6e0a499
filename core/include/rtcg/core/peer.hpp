#pragma once
/// \file
/// Copies between contexts: Queue::copy_peer moves bytes between buffers of two contexts, and
/// can_access_peer says whether that goes device to device.
///
/// \code
///   auto a = rtcg::Context::create("cuda:0"), b = rtcg::Context::create("cuda:1");
///   rtcg::Buffer x = a.allocate(bytes), y = b.allocate(bytes);
///   b.queue().wait_for(a.queue().record());   // y's copy waits for a's work on x
///   b.queue().copy_peer(x, y, bytes);          // on b's queue; asynchronous
/// \endcode
///
/// The paths:
///   - CUDA to CUDA: one cuMemcpyPeerAsync on the queue's stream. Where the devices can reach each
///     other's memory (can_access_peer), rtcg enables peer access between the two contexts on their
///     first copy and the driver copies over NVLink or PCIe directly; otherwise the driver stages
///     the copy through the host itself. Two contexts of one device share its primary context.
///   - Everything else (OpenCL to OpenCL across contexts, CUDA to OpenCL and back): staged
///     through two page-locked host buffers of the queue's context, in chunks of
///     staging_chunk_bytes, the read of one chunk overlapping the write of the one before. The
///     side of the copy in the other context runs on a queue made for the call. The call returns
///     once the last chunk has arrived; the staging buffers are kept by the context for later
///     copies.
///
/// Ordering: the copy runs in order on the queue it is given; the other context's earlier work
/// on its buffer must be done before the copy starts. On CUDA, make the queue wait_for an event
/// recorded on the other context's queue; OpenCL cannot wait for another context's events on the
/// device, so wait on the host (Event::wait(), Queue::finish()).
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>

#include <cstddef>

namespace rtcg {

/// The size of the chunks staged copies move at a time; a staged copy holds two page-locked host
/// buffers of this size (one where the copy fits in one chunk).
inline constexpr std::size_t staging_chunk_bytes = std::size_t{4} << 20;

/// True where copies between `a` and `b` go device to device without staging through host memory:
/// one context; two CUDA contexts of one device; two CUDA devices that can access each other's
/// memory (cuDeviceCanAccessPeer both ways). False for contexts of two backends and for two
/// OpenCL contexts.
RTCG_API bool can_access_peer(const Context& a, const Context& b);

} // namespace rtcg
