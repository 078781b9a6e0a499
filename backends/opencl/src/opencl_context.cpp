#include "opencl_context.hpp"

#include "il_program.hpp"
#include "info.hpp"
#include "opencl_buffer.hpp"
#include "opencl_image.hpp"
#include "opencl_module.hpp"
#include "opencl_queue.hpp"
#include "program_build.hpp"
#include "program_link.hpp"
#include "status.hpp"
#include "svm_memory.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <cstdint>
#include <limits>
#include <string>

namespace rtcg::opencl {
namespace {

// Everything that can change what the driver's compiler makes of the same source.
std::string describe_compiler(cl_platform_id platform, const DeviceInfo& info) {
    return "platform: " + info.platform + " " + platform_info<std::string>(platform, CL_PLATFORM_VERSION) +
           "; device: " + info.name + " " + info.version + "; driver: " + info.driver_version + "; " +
           info.architecture;
}

// The driver calls this (possibly from its own threads) with details that a status code alone
// does not carry, e.g. which command ran out of memory. The failure itself also reaches the
// caller as a status code, hence only a debug message.
void CL_CALLBACK report_driver_error(const char* error_info, const void*, std::size_t, void*) {
    plugin::logger().debug("the OpenCL driver reported: {}", error_info);
}

ContextHandle create_context(cl_platform_id platform, cl_device_id device) {
    const cl_context_properties properties[] = {CL_CONTEXT_PLATFORM,
                                                reinterpret_cast<cl_context_properties>(platform), 0};
    cl_int status = CL_SUCCESS;
    ContextHandle context(clCreateContext(properties, 1, &device, report_driver_error, nullptr, &status));
    check(status, "clCreateContext");
    return context;
}

QueueHandle create_queue_for(cl_context context, cl_device_id device, cl_command_queue_properties properties) {
    cl_int status = CL_SUCCESS;
    QueueHandle queue(clCreateCommandQueue(context, device, properties, &status));
    check(status, "clCreateCommandQueue");
    return queue;
}

} // namespace

OpenclContext::OpenclContext(const FoundDevice& found)
    : info_(found.entry.info), device_(found.device), platform_(found.platform),
      compiler_identity_(describe_compiler(found.platform, info_)),
      context_(create_context(found.platform, found.device)),
      mapping_queue_(create_queue_for(context_.get(), device_, 0)),
      transfers_(transfers_by_kernel(info_)
                     ? std::make_shared<TransferKernels>(context_.get(), device_, info_.name, transfer_max_groups)
                     : nullptr),
      command_buffers_(CommandBufferApi::load(platform_, device_)),
      launch_chain_(needs_launch_chain(device_) ? std::make_shared<LaunchChain>() : nullptr) {
    if (launch_chain_)
        plugin::logger().debug("{}: kernel launches run one after another across the context's queues, as this PoCL "
                               "release cannot run one kernel on several queues at once",
                               info_.name);
}

std::unique_ptr<plugin::QueueImpl> OpenclContext::create_queue(QueueOrder order) {
    const bool out_of_order = order == QueueOrder::out_of_order;
    // Profiling is what lets events report elapsed time.
    const cl_command_queue_properties properties =
        CL_QUEUE_PROFILING_ENABLE | (out_of_order ? CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE : 0);
    return std::make_unique<OpenclQueue>(create_queue_for(context_.get(), device_, properties), out_of_order, transfers_,
                                         command_buffers_);
}

std::unique_ptr<plugin::BufferImpl> OpenclContext::allocate(std::size_t bytes) {
    return std::make_unique<OpenclBuffer>(context_.get(), bytes, info_.name);
}

bool OpenclContext::supports_image_format(const plugin::ImageFormat& format, unsigned dimensions) {
    return device_supports_image_format(context_.get(), device_, format, dimensions);
}

std::unique_ptr<plugin::ImageImpl> OpenclContext::create_image(const plugin::ImageFormat& format,
                                                               const plugin::ImageShape& shape) {
    return std::make_unique<OpenclImage>(context_.get(), device_, format, shape, info_.name);
}

std::unique_ptr<plugin::HostBufferImpl> OpenclContext::allocate_host(std::size_t bytes) {
    return std::make_unique<OpenclHostBuffer>(context_.get(), mapping_queue_.get(), bytes, info_.name);
}

// The width rounded up to the base-address alignment, the alignment sub-buffers need too, so
// that every row can start a BufferView.
plugin::PitchedAllocation OpenclContext::allocate_pitched(std::size_t width_bytes, std::size_t rows) {
    constexpr const char* where = "Context::allocate_pitched";
    const std::size_t alignment = info_.pitch_alignment_bytes;
    constexpr std::size_t size_max = std::numeric_limits<std::size_t>::max();
    if (width_bytes > size_max - (alignment - 1))
        throw OutOfMemory("rows of " + std::to_string(width_bytes) + " bytes exceed the address range", where);
    const std::size_t pitch = (width_bytes + alignment - 1) / alignment * alignment;
    if (pitch > size_max / rows || pitch * rows > info_.max_allocation_bytes)
        throw OutOfMemory(std::to_string(rows) + " rows of " + std::to_string(pitch) + " bytes (" +
                              std::to_string(width_bytes) + " padded to the pitch) exceed the largest buffer " +
                              info_.name + " allows, " + std::to_string(info_.max_allocation_bytes) + " bytes",
                          where);
    return {std::make_unique<OpenclBuffer>(context_.get(), pitch * rows, info_.name), pitch};
}

plugin::MappedAllocation OpenclContext::allocate_mapped(std::size_t bytes) {
    auto memory = std::make_unique<OpenclMappedMemory>(context_.get(), bytes, info_.name);
    check(clRetainMemObject(memory->handle()), "clRetainMemObject");
    auto buffer = std::make_unique<OpenclBuffer>(MemHandle(memory->handle()), bytes);
    return {std::move(memory), std::move(buffer)};
}

plugin::MappedAllocation OpenclContext::allocate_managed(std::size_t bytes, Coherence coherence) {
    auto memory = std::make_unique<SvmMemory>(context_.get(), bytes, coherence, info_.name);
    check(clRetainMemObject(memory->handle()), "clRetainMemObject");
    auto buffer = std::make_unique<OpenclBuffer>(MemHandle(memory->handle()), bytes);
    return {std::move(memory), std::move(buffer)};
}

plugin::NativeContextHandles OpenclContext::native_handles() const noexcept {
    return {reinterpret_cast<std::uintptr_t>(context_.get()), reinterpret_cast<std::uintptr_t>(device_),
            reinterpret_cast<std::uintptr_t>(platform_)};
}

std::unique_ptr<plugin::BufferImpl> OpenclContext::import_buffer(plugin::NativeHandle handle, std::size_t bytes) {
    constexpr const char* where = "interop::import_buffer";
    const auto memory = reinterpret_cast<cl_mem>(static_cast<std::uintptr_t>(handle));
    cl_context owner = nullptr;
    const cl_int status = clGetMemObjectInfo(memory, CL_MEM_CONTEXT, sizeof owner, &owner, nullptr);
    if (status == CL_INVALID_MEM_OBJECT)
        throw InvalidArgument("the handle is no OpenCL memory object", where, status, error_name(status));
    check(status, "clGetMemObjectInfo");
    if (owner != context_.get())
        throw InvalidArgument("the memory object belongs to another cl_context than this context's (on " +
                                  info_.name + "); kernels of one context cannot use another's memory",
                              where);
    if (const auto type = mem_object_info<cl_mem_object_type>(memory, CL_MEM_TYPE); type != CL_MEM_OBJECT_BUFFER)
        throw InvalidArgument("the memory object is an image or pipe, not a buffer", where);
    if (const auto size = mem_object_info<std::size_t>(memory, CL_MEM_SIZE); size < bytes)
        throw InvalidArgument("the memory object has " + std::to_string(size) + " bytes, fewer than the " +
                                  std::to_string(bytes) + " asked for",
                              where);
    check(clRetainMemObject(memory), "clRetainMemObject");
    return std::make_unique<OpenclBuffer>(MemHandle(memory), bytes);
}

std::unique_ptr<plugin::QueueImpl> OpenclContext::import_queue(plugin::NativeHandle handle) {
    constexpr const char* where = "interop::import_queue";
    const auto queue = reinterpret_cast<cl_command_queue>(static_cast<std::uintptr_t>(handle));
    cl_context owner = nullptr;
    const cl_int status = clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof owner, &owner, nullptr);
    if (status == CL_INVALID_COMMAND_QUEUE)
        throw InvalidArgument("the handle is no OpenCL command queue", where, status, error_name(status));
    check(status, "clGetCommandQueueInfo");
    if (owner != context_.get() || queue_info<cl_device_id>(queue, CL_QUEUE_DEVICE) != device_)
        throw InvalidArgument("the command queue belongs to another cl_context or device than this context's (" +
                                  info_.name + ")",
                              where);
    const bool out_of_order =
        (queue_info<cl_command_queue_properties>(queue, CL_QUEUE_PROPERTIES) & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0;
    check(clRetainCommandQueue(queue), "clRetainCommandQueue");
    return std::make_unique<OpenclQueue>(QueueHandle(queue), out_of_order, transfers_, command_buffers_);
}

plugin::CompileResult OpenclContext::compile(const plugin::CompileRequest& request) {
    auto built = build_from_source(context_.get(), device_, info_.name, request);
    return {
        std::make_unique<OpenclModule>(std::move(built.program), device_, plugin::sources_of(request), launch_chain_),
        std::move(built.binary)};
}

std::unique_ptr<plugin::ModuleImpl> OpenclContext::load(std::span<const std::byte> binary,
                                                  const plugin::CompileRequest& request) {
    return std::make_unique<OpenclModule>(build_from_binary(context_.get(), device_, info_.name, binary, request),
                                          device_, plugin::sources_of(request), launch_chain_);
}

plugin::CompiledBinary OpenclContext::compile_object(const plugin::CompileRequest& request) {
    return opencl::compile_object(context_.get(), device_, info_.name, request).binary;
}

plugin::CompileResult OpenclContext::link(const plugin::LinkRequest& request) {
    auto built = link_program(context_.get(), device_, info_.name, request);
    return {
        std::make_unique<OpenclModule>(std::move(built.program), device_, plugin::sources_of(request), launch_chain_),
        std::move(built.binary)};
}

// The linked program's binary is an executable, built again as a compile's binary is; its kernel
// argument info came from the units' compiles.
std::unique_ptr<plugin::ModuleImpl> OpenclContext::load_linked(std::span<const std::byte> binary,
                                                               const plugin::LinkRequest& request) {
    plugin::CompileRequest build;
    build.debug = request.debug;
    return std::make_unique<OpenclModule>(build_from_binary(context_.get(), device_, info_.name, binary, build),
                                          device_, plugin::sources_of(request), launch_chain_);
}

std::unique_ptr<plugin::ModuleImpl> OpenclContext::load_il(std::span<const std::byte> il,
                                                           const plugin::CompileRequest& request) {
    return std::make_unique<OpenclModule>(build_from_il(context_.get(), platform_, device_, info_, il, request),
                                          device_, plugin::sources_of(request), launch_chain_);
}

} // namespace rtcg::opencl
