#pragma once
/// \file
/// Typed OpenCL handles of rtcg objects, and rtcg objects over OpenCL handles (see
/// rtcg/core/interop.hpp for ownership). Includes <CL/cl.h>: link OpenCL::OpenCL where you call
/// OpenCL yourself.
///
/// The handles returned are rtcg's references: retain one (clRetain*) to keep the object past
/// the rtcg object's life. Wrapping retains the given object while rtcg uses it, so the caller
/// keeps (and eventually releases) their own reference.
///
/// \code
///   cl_mem memory = rtcg::interop::opencl::memory(buffer);   // BackendMismatch on CUDA
///   rtcg::Buffer mine = rtcg::interop::opencl::wrap(ctx, their_mem, bytes);
/// \endcode
#include <rtcg/core/context.hpp>
#include <rtcg/core/interop.hpp>

#include <CL/cl.h>

#include <cstddef>
#include <cstdint>
#include <utility>

namespace rtcg::interop::opencl {

/// The buffer's memory object. BackendMismatch unless the buffer is OpenCL's.
inline cl_mem memory(const Buffer& buffer) {
    return reinterpret_cast<cl_mem>(static_cast<std::uintptr_t>(native_buffer(buffer, "opencl")));
}
/// The queue's command queue (with profiling enabled; in order unless made otherwise).
inline cl_command_queue command_queue(const Queue& queue) {
    return reinterpret_cast<cl_command_queue>(static_cast<std::uintptr_t>(native_queue(queue, "opencl")));
}
/// The context's cl_context.
inline cl_context context(const Context& ctx) {
    return reinterpret_cast<cl_context>(static_cast<std::uintptr_t>(native_context(ctx, "opencl").context));
}
/// The context's device.
inline cl_device_id device(const Context& ctx) {
    return reinterpret_cast<cl_device_id>(static_cast<std::uintptr_t>(native_context(ctx, "opencl").device));
}
/// The device's platform.
inline cl_platform_id platform(const Context& ctx) {
    return reinterpret_cast<cl_platform_id>(static_cast<std::uintptr_t>(native_context(ctx, "opencl").platform));
}

/// The first `bytes` of `memory`, a buffer of the context's cl_context, as a Buffer without a copy;
/// `on_release` runs once when rtcg is done with it (see interop::import_buffer).
inline Buffer wrap(const Context& ctx, cl_mem memory, std::size_t bytes, ReleaseCallback on_release = {}) {
    return import_buffer(ctx, "opencl", reinterpret_cast<std::uintptr_t>(memory), bytes, std::move(on_release));
}
/// A command queue of the context's cl_context and device as a Queue, in order or not as it was made.
inline Queue wrap(const Context& ctx, cl_command_queue queue) {
    return import_queue(ctx, "opencl", reinterpret_cast<std::uintptr_t>(queue));
}

} // namespace rtcg::interop::opencl
