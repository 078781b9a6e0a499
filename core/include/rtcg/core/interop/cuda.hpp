#pragma once
/// \file
/// Typed CUDA handles of rtcg objects, and rtcg objects over CUDA handles (see
/// rtcg/core/interop.hpp for ownership). Includes <cuda.h>: put the CUDA Toolkit's include
/// directory on the include path (CMake: CUDA::toolkit's); nothing of CUDA is linked.
///
/// \code
///   CUdeviceptr x = rtcg::interop::cuda::device_pointer(buffer);   // BackendMismatch on OpenCL
///   CUstream stream = rtcg::interop::cuda::stream(ctx.queue());
///   rtcg::Buffer mine = rtcg::interop::cuda::wrap(ctx, pointer, bytes, [=] { cuMemFree(pointer); });
/// \endcode
#include <rtcg/core/context.hpp>
#include <rtcg/core/interop.hpp>

#include <cuda.h>

#include <cstddef>
#include <cstdint>
#include <utility>

namespace rtcg::interop::cuda {

/// The device address of the buffer's first byte. BackendMismatch unless the buffer is CUDA's.
inline CUdeviceptr device_pointer(const Buffer& buffer) {
    return static_cast<CUdeviceptr>(native_buffer(buffer, "cuda"));
}
/// The queue's stream. BackendMismatch unless the queue is CUDA's.
inline CUstream stream(const Queue& queue) {
    return reinterpret_cast<CUstream>(static_cast<std::uintptr_t>(native_queue(queue, "cuda")));
}
/// The context's CUcontext: the device's primary context, which the CUDA runtime shares.
inline CUcontext context(const Context& ctx) {
    return reinterpret_cast<CUcontext>(static_cast<std::uintptr_t>(native_context(ctx, "cuda").context));
}
/// The context's device.
inline CUdevice device(const Context& ctx) {
    return static_cast<CUdevice>(native_context(ctx, "cuda").device);
}

/// `bytes` of device memory at `pointer` (of the context's device) as a Buffer, without a copy;
/// `on_release` runs once when rtcg is done with it (see interop::import_buffer).
inline Buffer wrap(const Context& ctx, CUdeviceptr pointer, std::size_t bytes, ReleaseCallback on_release = {}) {
    return import_buffer(ctx, "cuda", static_cast<NativeHandle>(pointer), bytes, std::move(on_release));
}
/// A stream of the context's primary context as a Queue, which never destroys it.
inline Queue wrap(const Context& ctx, CUstream stream) {
    return import_queue(ctx, "cuda", reinterpret_cast<std::uintptr_t>(stream));
}

} // namespace rtcg::interop::cuda
