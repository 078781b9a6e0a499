#pragma once
// A device's primary context: the context the CUDA runtime uses too, so memory and modules are
// shared with code that uses the runtime API on the same device.
#include "current_context.hpp"
#include "driver_api.hpp"
#include "status.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

namespace rtcg::cuda {

class CudaContext final : public plugin::ContextImpl {
public:
    // Retains the primary context of `device`, described by `info`.
    CudaContext(const DriverApi& api, CUdevice device, DeviceInfo info);
    ~CudaContext() override;
    CudaContext(const CudaContext&) = delete;
    CudaContext& operator=(const CudaContext&) = delete;

    const DeviceInfo& device() const noexcept override { return info_; }
    std::string compiler_identity() const override { return compiler_identity_; }

    std::unique_ptr<plugin::QueueImpl> create_queue(QueueOrder order) override;
    std::unique_ptr<plugin::BufferImpl> allocate(std::size_t bytes) override;
    std::unique_ptr<plugin::HostBufferImpl> allocate_host(std::size_t bytes) override;

    plugin::NativeContextHandles native_handles() const noexcept override;
    std::unique_ptr<plugin::BufferImpl> import_buffer(plugin::NativeHandle memory, std::size_t bytes) override;
    std::unique_ptr<plugin::QueueImpl> import_queue(plugin::NativeHandle queue) override;

    plugin::CompileResult compile(const plugin::CompileRequest& request) override;
    std::unique_ptr<plugin::ModuleImpl> load(std::span<const std::byte> binary,
                                             const plugin::CompileRequest& request) override;

    // Relocatable device code from NVRTC (-rdc=true), linked by the driver (cuLink*).
    plugin::CompiledBinary compile_object(const plugin::CompileRequest& request) override;
    plugin::CompileResult link(const plugin::LinkRequest& request) override;
    std::unique_ptr<plugin::ModuleImpl> load_linked(std::span<const std::byte> binary,
                                                    const plugin::LinkRequest& request) override;
    // Always InvalidArgument: SPIR-V is an OpenCL form.
    std::unique_ptr<plugin::ModuleImpl> load_il(std::span<const std::byte> il,
                                                const plugin::CompileRequest& request) override;

    plugin::PitchedAllocation allocate_pitched(std::size_t width_bytes, std::size_t rows) override;
    plugin::MappedAllocation allocate_mapped(std::size_t bytes) override;
    plugin::MappedAllocation allocate_managed(std::size_t bytes, Coherence coherence) override;

    // Every ImageFormat: CUDA arrays take 1, 2 or 4 channels of each of its channel types.
    bool supports_image_format(const plugin::ImageFormat& format, unsigned dimensions) override;
    std::unique_ptr<plugin::ImageImpl> create_image(const plugin::ImageFormat& format,
                                                    const plugin::ImageShape& shape) override;

    // One device: always (its contexts are one primary context). Two: cuDeviceCanAccessPeer,
    // both ways.
    bool can_access_peer(plugin::ContextImpl& peer) override;
    // Lets each of this context and `peer` reach the other's memory where their devices allow it
    // (cuCtxEnablePeerAccess both ways), once per pair of live contexts; a pair that cannot is
    // left as it is, and copies between them go through the host.
    void enable_peer_access(const CudaContext& peer) const;

    // CUDA IPC (rtcg/core/ipc.hpp): cuIpcGetMemHandle of the allocation the buffer lies in,
    // cuIpcOpenMemHandle, cuIpcOpenEventHandle.
    std::optional<plugin::IpcMemoryHandle> export_ipc(const plugin::BufferImpl& buffer) override;
    std::unique_ptr<plugin::BufferImpl> open_ipc(const plugin::IpcMemoryHandle& handle) override;
    std::unique_ptr<plugin::EventImpl> open_ipc_event(const plugin::IpcEventHandle& handle) override;

    const DriverApi& api() const noexcept { return api_; }
    CUdevice device_handle() const noexcept { return device_; }
    CUcontext handle() const noexcept { return context_; }

    // Makes this context current on the calling thread, as every driver call on its objects needs.
    void make_current() const { cuda::make_current(api_, context_); }
    // The same for destructors, which must not throw: logs a failure and returns false.
    bool make_current_or_warn() const noexcept {
        return succeeded_or_warn(bind_context(api_, context_), "cuCtxSetCurrent");
    }

private:
    const DriverApi& api_;
    const CUdevice device_;
    const DeviceInfo info_;
    const int architecture_; // 10 * major + minor
    const std::string compiler_identity_;
    // Names this object for the whole process, never reused: peer access is remembered per live
    // peer, and a primary context released by every holder and retained again is a new context
    // that may reuse the old handle.
    const std::uint64_t serial_;
    // Retained last, so that no member initialiser can throw after the retain and leak it.
    const CUcontext context_;

    // The serials of the peers enable_peer_access has seen to.
    mutable std::mutex peers_mutex_;
    mutable std::vector<std::uint64_t> peers_done_;
};

} // namespace rtcg::cuda
