#include "opencl_kernel.hpp"

#include "info.hpp"
#include "kernel_parameters.hpp"
#include "opencl_buffer.hpp"
#include "status.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <array>
#include <limits>
#include <vector>

namespace rtcg::opencl {
namespace {

// The smallest work_dim that keeps every dimension with more than one work-item.
cl_uint work_dimensions(const LaunchConfig& config) noexcept {
    if (config.grid.z != 1 || config.block.z != 1) return 3;
    if (config.grid.y != 1 || config.block.y != 1) return 2;
    return 1;
}

// OpenCL counts work-items, CUDA counts blocks: global = grid * block. Block is never 0.
std::size_t global_size(std::size_t grid, std::size_t block, const std::string& kernel_name) {
    if (grid > std::numeric_limits<std::size_t>::max() / block)
        throw InvalidArgument("the launch of kernel '" + kernel_name + "' has more work-items than size_t can count",
                              "OpenclQueue::launch");
    return grid * block;
}

// Whether the driver's CL_KERNEL_WORK_GROUP_SIZE is the kernel's limit. NVIDIA's reports 256 for
// every kernel, even one declared reqd_work_group_size(1024), which then launches at 1024 only,
// yet runs groups up to the device's limit: there the launch itself says when a
// kernel's registers cannot hold a group (CL_OUT_OF_RESOURCES from clEnqueueNDRangeKernel, which
// enqueue reports as an InvalidArgument).
bool reports_work_group_size(cl_device_id device) {
    const auto platform = device_info<cl_platform_id>(device, CL_DEVICE_PLATFORM);
    return platform_info<std::string>(platform, CL_PLATFORM_NAME) != "NVIDIA CUDA";
}

// Argument errors that come from what the caller passed, rather than from the runtime.
bool is_argument_error(cl_int status) noexcept {
    return status == CL_INVALID_ARG_SIZE || status == CL_INVALID_ARG_VALUE || status == CL_INVALID_MEM_OBJECT ||
           status == CL_INVALID_ARG_INDEX;
}

} // namespace

OpenclKernel::OpenclKernel(KernelHandle kernel, std::string name, cl_device_id device,
                           std::span<const plugin::CompileRequest> built_from, std::shared_ptr<LaunchChain> chain)
    : kernel_(std::move(kernel)), name_(std::move(name)), device_(device),
      parameters_(
          kernel_parameters(kernel_.get(), name_, kernel_info<cl_uint>(kernel_.get(), CL_KERNEL_NUM_ARGS), built_from)),
      sub_buffer_alignment_(std::max<std::size_t>(1, device_info<cl_uint>(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN) / 8)),
      chain_(std::move(chain)) {}

plugin::KernelAttributes OpenclKernel::attributes() const {
    const cl_kernel kernel = kernel_.get();
    plugin::KernelAttributes attributes;
    attributes.max_threads_per_block = reports_work_group_size(device_)
                                           ? kernel_work_group_info<std::size_t>(kernel, device_, CL_KERNEL_WORK_GROUP_SIZE)
                                           : device_info<std::size_t>(device_, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    attributes.preferred_multiple =
        kernel_work_group_info<std::size_t>(kernel, device_, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE);
    attributes.static_local_bytes = kernel_work_group_info<cl_ulong>(kernel, device_, CL_KERNEL_LOCAL_MEM_SIZE);
    attributes.private_bytes = kernel_work_group_info<cl_ulong>(kernel, device_, CL_KERNEL_PRIVATE_MEM_SIZE);
    // registers_per_thread stays empty: OpenCL has no query for it.
    return attributes;
}

// A BufferView as a sub-buffer, for one launch: the enqueued command keeps it alive once the
// caller drops its reference.
MemHandle OpenclKernel::sub_buffer(cl_uint index, const plugin::KernelArgument& argument) const {
    if (argument.view_offset % sub_buffer_alignment_ != 0)
        throw InvalidArgument("argument " + std::to_string(index) + " of kernel '" + name_ + "' is a view at byte " +
                                  std::to_string(argument.view_offset) + ", but OpenCL points into a buffer only at " +
                                  "multiples of the device's base-address alignment, " +
                                  std::to_string(sub_buffer_alignment_) + " bytes (CL_DEVICE_MEM_BASE_ADDR_ALIGN)",
                              "clCreateSubBuffer");
    const cl_buffer_region region = {argument.view_offset, argument.view_size};
    cl_int status = CL_SUCCESS;
    MemHandle view(clCreateSubBuffer(static_cast<const OpenclBuffer*>(argument.buffer)->handle(), 0,
                                     CL_BUFFER_CREATE_TYPE_REGION, &region, &status));
    if (status == CL_INVALID_MEM_OBJECT || status == CL_MISALIGNED_SUB_BUFFER_OFFSET)
        throw InvalidArgument("argument " + std::to_string(index) + " of kernel '" + name_ +
                                  "' is a view the driver cannot make a sub-buffer of (a view of a sub-buffer, or "
                                  "an offset the device cannot align)",
                              "clCreateSubBuffer", status, error_name(status));
    check(status, "clCreateSubBuffer");
    return view;
}

void OpenclKernel::set_argument(cl_uint index, const plugin::KernelArgument& argument, std::vector<MemHandle>& views) {
    cl_int status = CL_SUCCESS;
    if (argument.buffer != nullptr) {
        if (argument.view_size != 0) views.push_back(sub_buffer(index, argument));
        const cl_mem memory = argument.view_size != 0 ? views.back().get()
                                                      : static_cast<const OpenclBuffer*>(argument.buffer)->handle();
        status = clSetKernelArg(kernel_.get(), index, sizeof memory, &memory);
    } else {
        status = clSetKernelArg(kernel_.get(), index, argument.size, argument.value);
    }
    if (status == CL_SUCCESS) [[likely]]
        return;
    if (!is_argument_error(status)) throw_backend_error(status, "clSetKernelArg");
    const std::string passed =
        argument.buffer != nullptr ? "a buffer" : "a value of " + std::to_string(argument.size) + " bytes";
    throw InvalidArgument("argument " + std::to_string(index) + " of kernel '" + name_ + "' does not accept " + passed,
                          "clSetKernelArg", status, error_name(status));
}

void OpenclKernel::set_dynamic_local(cl_uint index, std::size_t bytes) {
    // A null value with a size is how OpenCL sizes a `__local` pointer parameter.
    const cl_int status = clSetKernelArg(kernel_.get(), index, bytes, nullptr);
    if (status == CL_SUCCESS) [[likely]]
        return;
    if (!is_argument_error(status)) throw_backend_error(status, "clSetKernelArg");
    throw InvalidArgument("kernel '" + name_ + "' was launched with " + std::to_string(bytes) +
                              " bytes of dynamic local memory but has no __local pointer parameter at index " +
                              std::to_string(index) + " (after its other arguments) to receive it",
                          "clSetKernelArg", status, error_name(status));
}

template <class QueueLaunch>
void OpenclKernel::launch_with(const LaunchConfig& config, std::span<const plugin::KernelArgument> args,
                               std::vector<MemHandle>& views, const char* call, const QueueLaunch& queue_launch) {
    const std::array<std::size_t, 3> global = {global_size(config.grid.x, config.block.x, name_),
                                               global_size(config.grid.y, config.block.y, name_),
                                               global_size(config.grid.z, config.block.z, name_)};
    const std::array<std::size_t, 3> local = {config.block.x, config.block.y, config.block.z};

    std::lock_guard lock(launch_mutex_);
    for (std::size_t index = 0; index < args.size(); ++index)
        set_argument(static_cast<cl_uint>(index), args[index], views);
    if (config.dynamic_local_bytes > 0)
        set_dynamic_local(static_cast<cl_uint>(args.size()), config.dynamic_local_bytes);
    const cl_int status = queue_launch(kernel_.get(), work_dimensions(config), global.data(), local.data());
    if (status == CL_OUT_OF_RESOURCES || status == CL_INVALID_WORK_GROUP_SIZE)
        throw InvalidArgument("kernel '" + name_ + "' cannot run work-groups of " +
                                  std::to_string(config.block.volume()) +
                                  " work-items on this device: its registers or local memory do not fit so many, or "
                                  "it declares another required size",
                              call, status, error_name(status));
    check(status, call);
}

void OpenclKernel::enqueue(cl_command_queue queue, const LaunchConfig& config, std::span<const plugin::KernelArgument> args) {
    std::vector<MemHandle> views; // released after the enqueue, which holds them while the kernel runs
    launch_with(
        config, args, views, "clEnqueueNDRangeKernel",
        [this, queue](cl_kernel kernel, cl_uint dimensions, const std::size_t* global, const std::size_t* local) {
            const auto launch = [&](cl_uint wait_count, const cl_event* wait_list, cl_event* done) {
                return clEnqueueNDRangeKernel(queue, kernel, dimensions, nullptr, global, local, wait_count, wait_list,
                                              done);
            };
            return chain_ ? chain_->enqueue(launch) : launch(0, nullptr, nullptr);
        });
}

void OpenclKernel::record(const CommandBufferApi& api, cl_command_buffer_khr buffer, const LaunchConfig& config,
                          std::span<const plugin::KernelArgument> args, std::vector<MemHandle>& views,
                          const cl_sync_point_khr* after, cl_sync_point_khr* done) {
    launch_with(config, args, views, "clCommandNDRangeKernelKHR",
                [&](cl_kernel kernel, cl_uint dimensions, const std::size_t* global, const std::size_t* local) {
                    return api.launch(buffer, kernel, dimensions, global, local, after, done);
                });
}

} // namespace rtcg::opencl
