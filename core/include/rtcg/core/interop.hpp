#pragma once
/// \file
/// Native handles in and out: hand rtcg's memory, queues and contexts to code that calls CUDA or
/// OpenCL directly (cuBLAS, NCCL, an existing OpenCL library), and wrap theirs as rtcg objects
/// without copies.
///
/// The design: this header carries every handle as a NativeHandle, a 64-bit integer, so that it
/// needs neither cuda.h nor CL/cl.h. The typed functions are in the backends' own interop headers,
/// which include the native header and do the casts: rtcg/core/interop/cuda.hpp (CUdeviceptr,
/// CUstream, CUcontext, CUdevice) and rtcg/core/interop/opencl.hpp (cl_mem, cl_command_queue,
/// cl_context, cl_device_id, cl_platform_id). Include one of those where you want typed handles.
/// The casts, for code that uses this header alone:
///   - CUdeviceptr and CUdevice: static_cast between the integer types;
///   - every other handle (CUstream, CUcontext and all cl_* types) is a pointer:
///     reinterpret_cast through std::uintptr_t.
///
/// Every function names the backend it expects ("cuda" or "opencl") and throws BackendMismatch
/// when the object belongs to another: a cl_mem is never taken for a CUdeviceptr.
///
/// Ownership: exported handles stay rtcg's; they are valid while the rtcg object is (do not
/// free, destroy or release them). Imported ones stay the caller's: rtcg never frees them, and
/// they must stay valid while the rtcg object is alive; an imported Buffer calls its release
/// callback, once, when rtcg is done with the memory.
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

namespace rtcg {

/// A native handle as an integer; see rtcg/core/interop.hpp for the casts.
using NativeHandle = std::uint64_t;

/// A context's native handles. CUDA: the CUcontext (the device's primary context) and the
/// CUdevice; platform is 0. OpenCL: the cl_context, the cl_device_id and the cl_platform_id.
struct NativeContextHandles {
    NativeHandle context = 0;  ///< CUcontext or cl_context
    NativeHandle device = 0;   ///< CUdevice or cl_device_id
    NativeHandle platform = 0; ///< cl_platform_id; 0 on CUDA
};

/// Run once when rtcg is done with imported memory (the Buffer and everything made from it are
/// gone or released). Must not throw; an exception from it is logged and dropped.
using ReleaseCallback = std::function<void()>;

namespace interop {

/// The name of the backend `context` runs on: "cuda" or "opencl".
RTCG_API std::string_view backend_of(const Context& context) noexcept;

/// The CUdeviceptr of the buffer's first byte, or its cl_mem. BackendMismatch when the buffer's
/// context runs another backend than `backend`; InvalidArgument for an empty or zero-byte buffer
/// (which has no device memory).
RTCG_API NativeHandle native_buffer(const Buffer& buffer, std::string_view backend);
/// The queue's CUstream or cl_command_queue. BackendMismatch as native_buffer; InvalidArgument
/// for an empty queue.
RTCG_API NativeHandle native_queue(const Queue& queue, std::string_view backend);
/// The context's handles. BackendMismatch as native_buffer.
RTCG_API NativeContextHandles native_context(const Context& context, std::string_view backend);

/// `bytes` of device memory made outside rtcg, from `memory` (a CUdeviceptr, or a cl_mem of the
/// context's cl_context) as a Buffer of `context`, without a copy. rtcg never frees the memory;
/// `on_release`, when given, runs once when the Buffer is destroyed or released. On OpenCL the
/// buffer holds its own reference to the cl_mem meanwhile (clRetainMemObject).
/// BackendMismatch for a context of another backend; InvalidArgument for a null handle, 0 bytes,
/// or memory the driver places on another device or context, or finds shorter than `bytes`.
/// When it throws, `on_release` is not called: the memory is still the caller's alone.
RTCG_API Buffer import_buffer(const Context& context, std::string_view backend, NativeHandle memory,
                              std::size_t bytes, ReleaseCallback on_release = {});
/// A CUstream or cl_command_queue made outside rtcg as a Queue of `context`, without taking it
/// over: rtcg never destroys it, so it must outlive the Queue. The stream must be of the context's
/// device (CUDA: its primary context); an OpenCL queue must be in-order, of the context's
/// cl_context and device (events' timings need CL_QUEUE_PROFILING_ENABLE as well).
/// BackendMismatch as import_buffer; InvalidArgument for a stream or queue of another context.
RTCG_API Queue import_queue(const Context& context, std::string_view backend, NativeHandle queue);

} // namespace interop
} // namespace rtcg
