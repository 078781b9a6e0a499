#pragma once
// Graphs as CUDA graphs: the captured commands queued once on a capturing stream, the graph the
// capture gives instantiated, one cuGraphLaunch per replay.
#include "cuda_context.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <memory>
#include <span>

namespace rtcg::cuda {

// Captures `commands`, queued through `queue` (whose stream is `stream`), into an executable
// graph. Null where the stream cannot capture (the legacy default stream of an imported queue)
// or a host transfer uses pageable memory: core then re-enqueues. CaptureError where the driver
// invalidates the capture or refuses a command in it; the stream leaves capture mode either way.
std::unique_ptr<plugin::GraphImpl> capture_graph(const CudaContext& context, CUstream stream, plugin::QueueImpl& queue,
                                                 std::span<const plugin::CapturedCommand> commands);

} // namespace rtcg::cuda
