// CUDA IPC (rtcg/core/ipc.hpp): device memory and events shared with other processes.
#include "cuda_buffer.hpp"
#include "cuda_context.hpp"
#include "cuda_event.hpp"

#include <rtcg/core/error.hpp>

#include <cstring>
#include <string>

namespace rtcg::cuda {
// The driver shares whole allocations; the handle carries the buffer's place in its allocation,
// so a buffer that starts inside one (a pool's block, an imported range) exports too.
std::optional<plugin::IpcMemoryHandle> CudaContext::export_ipc(const plugin::BufferImpl& buffer) {
    const CUdeviceptr address = static_cast<const CudaBuffer&>(buffer).address();
    make_current();
    CUdeviceptr base = 0;
    std::size_t extent = 0;
    if (const CUresult ranged = api_.cuMemGetAddressRange(&base, &extent, address); ranged != CUDA_SUCCESS)
        throw_invalid_input(ranged, "cuMemGetAddressRange",
                            "the driver knows no device allocation at " + hex(address) + " to share");
    CUipcMemHandle driver_handle;
    if (const CUresult exported = api_.cuIpcGetMemHandle(&driver_handle, base); exported != CUDA_SUCCESS)
        throw_invalid_input(
            exported, "cuIpcGetMemHandle",
            "the memory at " + hex(address) +
                " cannot be shared with another process (only cuMemAlloc memory can: not managed memory "
                "nor host memory mapped for the device)");
    plugin::IpcMemoryHandle handle;
    static_assert(sizeof driver_handle == sizeof handle.driver_handle);
    std::memcpy(handle.driver_handle.data(), &driver_handle, sizeof driver_handle);
    handle.offset = address - base;
    return handle;
}

std::unique_ptr<plugin::BufferImpl> CudaContext::open_ipc(const plugin::IpcMemoryHandle& handle) {
    make_current();
    CUipcMemHandle driver_handle;
    std::memcpy(&driver_handle, handle.driver_handle.data(), sizeof driver_handle);
    CUdeviceptr mapping = 0;
    // Memory on another device is mapped with peer access, enabled by the driver where it can.
    if (const CUresult opened = api_.cuIpcOpenMemHandle(&mapping, driver_handle, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS);
        opened != CUDA_SUCCESS)
        throw_invalid_input(
            opened, "cuIpcOpenMemHandle",
            "the driver cannot open this memory handle in this process (it may be of this very process, "
            "of memory freed meanwhile, or no handle at all)");
    // The mapping covers the whole allocation; the buffer must lie inside it. Where the driver
    // gives no range for the mapping, the opening itself is all there is to check.
    CUdeviceptr base = 0;
    std::size_t extent = 0;
    const CUresult ranged = api_.cuMemGetAddressRange(&base, &extent, mapping);
    const std::size_t mapped = ranged == CUDA_SUCCESS && mapping - base < extent ? extent - (mapping - base) : 0;
    if (ranged == CUDA_SUCCESS && (handle.offset > mapped || handle.size > mapped - handle.offset)) {
        succeeded_or_warn(api_.cuIpcCloseMemHandle(mapping), "cuIpcCloseMemHandle");
        throw InvalidArgument("the handle's range [" + std::to_string(handle.offset) + ", " +
                                  std::to_string(handle.offset) + " + " + std::to_string(handle.size) +
                                  ") lies past the end of the shared allocation of " + std::to_string(mapped) +
                                  " bytes",
                              "open_ipc");
    }
    return CudaBuffer::adopt_ipc_mapping(*this, mapping, static_cast<std::size_t>(handle.offset),
                                         static_cast<std::size_t>(handle.size));
}

std::unique_ptr<plugin::EventImpl> CudaContext::open_ipc_event(const plugin::IpcEventHandle& handle) {
    return CudaEvent::open_interprocess(*this, handle);
}

} // namespace rtcg::cuda
