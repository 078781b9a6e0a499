#pragma once
// One OpenCL context on one device: queues, buffers and programs are made here.
#include "command_buffer_api.hpp"
#include "device_enumeration.hpp"
#include "handles.hpp"
#include "launch_chain.hpp"
#include "transfer_kernels.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <memory>
#include <string>

namespace rtcg::opencl {

class OpenclContext final : public plugin::ContextImpl {
public:
    explicit OpenclContext(const FoundDevice& found);

    const DeviceInfo& device() const noexcept override { return info_; }
    std::string compiler_identity() const override { return compiler_identity_; }

    // OpenCL has no launch parameter for dynamic local memory: it is a trailing __local argument.
    bool dynamic_local_is_argument() const noexcept override { return true; }
    std::unique_ptr<plugin::QueueImpl> create_queue(QueueOrder order) override;
    std::unique_ptr<plugin::BufferImpl> allocate(std::size_t bytes) override;
    std::unique_ptr<plugin::HostBufferImpl> allocate_host(std::size_t bytes) override;

    plugin::NativeContextHandles native_handles() const noexcept override;
    std::unique_ptr<plugin::BufferImpl> import_buffer(plugin::NativeHandle memory, std::size_t bytes) override;
    std::unique_ptr<plugin::QueueImpl> import_queue(plugin::NativeHandle queue) override;

    plugin::CompileResult compile(const plugin::CompileRequest& request) override;
    std::unique_ptr<plugin::ModuleImpl> load(std::span<const std::byte> binary,
                                             const plugin::CompileRequest& request) override;

    plugin::CompiledBinary compile_object(const plugin::CompileRequest& request) override;
    plugin::CompileResult link(const plugin::LinkRequest& request) override;
    std::unique_ptr<plugin::ModuleImpl> load_linked(std::span<const std::byte> binary,
                                                    const plugin::LinkRequest& request) override;
    // SPIR-V where the device lists it in CL_DEVICE_IL_VERSION.
    std::unique_ptr<plugin::ModuleImpl> load_il(std::span<const std::byte> il,
                                                const plugin::CompileRequest& request) override;

    plugin::PitchedAllocation allocate_pitched(std::size_t width_bytes, std::size_t rows) override;
    plugin::MappedAllocation allocate_mapped(std::size_t bytes) override;
    plugin::MappedAllocation allocate_managed(std::size_t bytes, Coherence coherence) override;

    bool supports_image_format(const plugin::ImageFormat& format, unsigned dimensions) override;
    std::unique_ptr<plugin::ImageImpl> create_image(const plugin::ImageFormat& format,
                                                    const plugin::ImageShape& shape) override;

    cl_context handle() const noexcept { return context_.get(); }
    cl_device_id device_id() const noexcept { return device_; }

private:
    DeviceInfo info_;
    cl_device_id device_;
    cl_platform_id platform_;
    std::string compiler_identity_;
    ContextHandle context_;
    // Maps and unmaps pinned host buffers; kept apart from user queues so that a mapping never
    // waits behind (or holds up) the user's work.
    QueueHandle mapping_queue_;
    // Copies and fills by kernels where that is faster (transfer_kernels.hpp), else null. Queues
    // share it; core keeps a context alive as long as any of its queues.
    std::shared_ptr<TransferKernels> transfers_;
    // cl_khr_command_buffer's entry points where the device has it, else null.
    std::shared_ptr<const CommandBufferApi> command_buffers_;
    // The order every kernel of the context launches in where the device needs one
    // (launch_chain.hpp), else null; its modules' kernels share it.
    std::shared_ptr<LaunchChain> launch_chain_;
};

} // namespace rtcg::opencl
