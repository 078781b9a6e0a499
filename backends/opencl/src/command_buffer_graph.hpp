#pragma once
// Graphs as cl_khr_command_buffer command buffers: one clEnqueueCommandBufferKHR per replay.
#include "command_buffer_api.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <memory>
#include <span>

namespace rtcg::opencl {

// A command buffer of `commands`, recorded for `queue`, or null where a command has no form in a
// command buffer (host transfers) or the driver will not record one (logged): core then
// re-enqueues the commands. The recorded commands run in the order captured, each after the one
// before.
std::unique_ptr<plugin::GraphImpl> record_command_buffer(std::shared_ptr<const CommandBufferApi> api,
                                                         cl_command_queue queue,
                                                         std::span<const plugin::CapturedCommand> commands);

} // namespace rtcg::opencl
