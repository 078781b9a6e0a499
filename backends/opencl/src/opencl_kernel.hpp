#pragma once
// One kernel of a built program, and the launch path: setting arguments and enqueueing.
#include "command_buffer_api.hpp"
#include "handles.hpp"
#include "launch_chain.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace rtcg::opencl {

class OpenclKernel final : public plugin::KernelImpl {
public:
    // `built_from`: the requests the kernel's program was built from (one per source unit of a
    // link), read where the driver keeps no argument info (kernel_parameters.hpp). `chain`: the
    // context's launch chain where its device needs one (launch_chain.hpp), else null.
    OpenclKernel(KernelHandle kernel, std::string name, cl_device_id device,
                 std::span<const plugin::CompileRequest> built_from, std::shared_ptr<LaunchChain> chain);

    const std::string& name() const noexcept override { return name_; }
    plugin::KernelAttributes attributes() const override;
    std::size_t parameter_count() const noexcept override { return parameters_.size(); }
    // Kinds from the driver's argument info or the source; no sizes: OpenCL does not report them,
    // and clSetKernelArg rejects a wrong one at launch.
    const std::vector<plugin::KernelParameter>& parameters() const noexcept override { return parameters_; }
    // The context's launch chain, or null where the device needs none (launch_chain.hpp).
    const std::shared_ptr<LaunchChain>& chain() const noexcept { return chain_; }

    // Sets the arguments and enqueues one launch on `queue`, after the chain's last launch where
    // there is a chain. A cl_kernel holds its arguments between the two steps, so concurrent
    // launches of this kernel take turns.
    void enqueue(cl_command_queue queue, const LaunchConfig& config, std::span<const plugin::KernelArgument> args);
    // Sets the arguments and records one launch into `buffer` (cl_khr_command_buffer copies the
    // arguments as it records), after the sync point `after` where given, giving its own in
    // `done`. Sub-buffers made for views go to `views`, which must outlive the command buffer.
    void record(const CommandBufferApi& api, cl_command_buffer_khr buffer, const LaunchConfig& config,
                std::span<const plugin::KernelArgument> args, std::vector<MemHandle>& views,
                const cl_sync_point_khr* after, cl_sync_point_khr* done);

private:
    // Under the kernel's lock, sets the arguments and calls `queue_launch(kernel, work_dim,
    // global, local)`, which queues or records the launch and returns the driver's status; `call`
    // names it in errors.
    template <class QueueLaunch>
    void launch_with(const LaunchConfig& config, std::span<const plugin::KernelArgument> args,
                     std::vector<MemHandle>& views, const char* call, const QueueLaunch& queue_launch);
    // A BufferView's sub-buffer goes to `views`, which must outlive the enqueue.
    void set_argument(cl_uint index, const plugin::KernelArgument& argument, std::vector<MemHandle>& views);
    MemHandle sub_buffer(cl_uint index, const plugin::KernelArgument& argument) const;
    void set_dynamic_local(cl_uint index, std::size_t bytes);

    KernelHandle kernel_;
    std::string name_;
    cl_device_id device_;
    std::vector<plugin::KernelParameter> parameters_;
    std::size_t sub_buffer_alignment_; // CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes
    std::shared_ptr<LaunchChain> chain_;
    std::mutex launch_mutex_;
};

} // namespace rtcg::opencl
