#pragma once
/// \file
/// Device memory and events shared between processes (CUDA IPC): process A exports a Buffer and
/// an event as handles, sends their bytes to process B (a pipe, MPI, a file, argv as hex), and B
/// opens them: B's kernels then use A's memory in place, and B's queue waits for A's work.
///
/// \code
///   // process A
///   kernel(queue, cfg, buffer, n);
///   rtcg::Event done = rtcg::record_ipc(queue);
///   send(rtcg::export_ipc(buffer).to_hex(), rtcg::export_ipc(done).to_hex());
///   // process B
///   rtcg::Buffer shared = rtcg::open_ipc(ctx, rtcg::IpcMemoryHandle::from_hex(text_a));
///   ctx.queue().wait_for(rtcg::open_ipc(ctx, rtcg::IpcEventHandle::from_hex(text_b)));
///   kernel(ctx.queue(), cfg, shared, n);
/// \endcode
///
/// The rules:
///   - CUDA only (cuIpcGetMemHandle, cuIpcGetEventHandle): OpenCL has no portable IPC, and every
///     call here throws BackendMismatch for an OpenCL object.
///   - Memory: a handle names the whole driver allocation the buffer lies in plus the buffer's
///     offset and size in it, so a buffer from a MemoryPool or an imported cuMemAlloc allocation
///     exports like any other. Memory the driver cannot share (managed memory, mapped host memory)
///     is an InvalidArgument.
///   - Lifetime: the exporting process keeps its Buffer and Event alive until the other process
///     has closed them (destroyed its Buffer, stopped waiting); CUDA leaves anything else undefined.
///   - A handle is for another process than the one that exported it (CUDA does not promise that
///     a process can open its own). One process may open the same memory handle several times;
///     the driver counts the openings and unmaps with the last Buffer.
///   - Events: record_ipc makes an event that can cross processes (no timing: elapsed_ms on it is
///     a BackendError). Each export is of the point recorded; record a new event for each point to
///     be waited for.
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace rtcg {

/// Device memory exported by export_ipc: the driver's handle of the allocation, and where the
/// buffer lies in it. Trivially copyable: send its bytes as they are, or as text with to_hex().
struct RTCG_API IpcMemoryHandle {
    std::array<std::byte, 64> driver_handle{}; ///< a CUipcMemHandle
    std::uint64_t offset = 0;                  ///< from the allocation's first byte to the buffer's
    std::uint64_t size = 0;                    ///< the buffer's bytes

    /// Two lowercase hex digits per byte of the whole struct.
    std::string to_hex() const;
    /// The handle to_hex() wrote. InvalidArgument for text of another length or a character
    /// that is no hex digit.
    static IpcMemoryHandle from_hex(std::string_view text);
};

/// An event exported by export_ipc (a CUipcEventHandle). Trivially copyable, like IpcMemoryHandle.
struct RTCG_API IpcEventHandle {
    std::array<std::byte, 64> driver_handle{}; ///< a CUipcEventHandle

    /// Two lowercase hex digits per byte.
    std::string to_hex() const;
    /// The handle to_hex() wrote. InvalidArgument as IpcMemoryHandle::from_hex.
    static IpcEventHandle from_hex(std::string_view text);
};

static_assert(std::is_trivially_copyable_v<IpcMemoryHandle> && std::is_trivially_copyable_v<IpcEventHandle>);

/// The handle another process opens `buffer` with. BackendMismatch for a buffer of an OpenCL
/// context; InvalidArgument for an empty or zero-byte buffer, or memory the driver cannot share.
RTCG_API IpcMemoryHandle export_ipc(const Buffer& buffer);
/// Another process's buffer in `context`, without a copy: the memory stays the other process's,
/// and this Buffer unmaps it (cuIpcCloseMemHandle) when destroyed or released. The memory may be
/// on another device than the context's where the devices can access each other's memory.
/// BackendMismatch for an OpenCL context; InvalidArgument for a handle the driver cannot open
/// (of this very process, of memory already freed, or not a handle at all), or whose offset and
/// size lie past the allocation's end.
RTCG_API Buffer open_ipc(const Context& context, const IpcMemoryHandle& handle);

/// An event like Queue::record's that export_ipc can hand to another process
/// (CU_EVENT_INTERPROCESS, without timing). BackendMismatch for an OpenCL queue; InvalidArgument
/// for an empty queue.
RTCG_API Event record_ipc(Queue& queue);
/// The handle another process opens `event` with. BackendMismatch for an OpenCL event;
/// InvalidArgument for an event that record_ipc did not make.
RTCG_API IpcEventHandle export_ipc(const Event& event);
/// Another process's event, to wait for with Queue::wait_for or Event::wait. BackendMismatch for
/// an OpenCL context; InvalidArgument for a handle the driver cannot open.
RTCG_API Event open_ipc(const Context& context, const IpcEventHandle& handle);

} // namespace rtcg
