#include "cuda_context.hpp"

#include "cuda_buffer.hpp"
#include "cuda_host_buffer.hpp"
#include "cuda_image.hpp"
#include "cuda_link.hpp"
#include "cuda_module.hpp"
#include "cuda_queue.hpp"
#include "device_query.hpp"
#include "nvrtc_compile.hpp"

#include <rtcg/core/plugin/support.hpp>

#include <rtcg/core/error.hpp>

#include <atomic>
#include <cstdint>
#include <utility>

namespace rtcg::cuda {
namespace {

CUcontext retain_primary_context(const DriverApi& api, CUdevice device) {
    CUcontext context = nullptr;
    check(api.cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain");
    return context;
}

// Everything besides source and options that decides what compile() produces, for the compile
// cache's key: the device architecture, the driver (it compiles PTX when NVRTC is older than the
// device) and NVRTC itself.
std::string identify_compiler(const DeviceInfo& info) {
    const NvrtcApi* nvrtc = find_nvrtc();
    return "cuda " + info.architecture + " driver " + info.driver_version + " nvrtc " +
           (nvrtc ? nvrtc->version : std::string("unavailable"));
}

std::uint64_t next_serial() noexcept {
    static std::atomic<std::uint64_t> last{0};
    return last.fetch_add(1, std::memory_order_relaxed) + 1;
}

} // namespace

CudaContext::CudaContext(const DriverApi& api, CUdevice device, DeviceInfo info)
    : api_(api), device_(device), info_(std::move(info)), architecture_(compute_capability(api, device)),
      compiler_identity_(identify_compiler(info_)), serial_(next_serial()),
      context_(retain_primary_context(api, device)) {
    plugin::logger().debug("CUDA context on device {} ({}, {})", device_, info_.name, info_.architecture);
}

CudaContext::~CudaContext() {
    // The driver keeps the primary context alive while other holders (other rtcg contexts on
    // this device, the CUDA runtime) still retain it, and resets it after the last release.
    succeeded_or_warn(api_.cuDevicePrimaryCtxRelease(device_), "cuDevicePrimaryCtxRelease");
}

// Core asks for in-order queues only: DeviceInfo::out_of_order_queues is false on CUDA.
std::unique_ptr<plugin::QueueImpl> CudaContext::create_queue(QueueOrder) { return std::make_unique<CudaQueue>(*this); }

std::unique_ptr<plugin::BufferImpl> CudaContext::allocate(std::size_t bytes) {
    return std::make_unique<CudaBuffer>(*this, bytes);
}

bool CudaContext::supports_image_format(const plugin::ImageFormat&, unsigned) { return true; }

std::unique_ptr<plugin::ImageImpl> CudaContext::create_image(const plugin::ImageFormat& format,
                                                             const plugin::ImageShape& shape) {
    return std::make_unique<CudaImage>(*this, format, shape);
}

std::unique_ptr<plugin::HostBufferImpl> CudaContext::allocate_host(std::size_t bytes) {
    return std::make_unique<CudaHostBuffer>(*this, bytes);
}

plugin::PitchedAllocation CudaContext::allocate_pitched(std::size_t width_bytes, std::size_t rows) {
    std::size_t pitch = 0;
    auto buffer = CudaBuffer::allocate_pitched(*this, width_bytes, rows, pitch);
    return {std::move(buffer), pitch};
}

plugin::MappedAllocation CudaContext::allocate_mapped(std::size_t bytes) {
    auto memory = std::make_unique<CudaMappedMemory>(*this, bytes);
    auto buffer = CudaBuffer::borrow(*this, memory->device_address(), bytes);
    return {std::move(memory), std::move(buffer)};
}

// One kind of managed memory serves both coherences: what differs is whether the device lets the
// host touch it while kernels run, which DeviceInfo::managed_fine reports.
plugin::MappedAllocation CudaContext::allocate_managed(std::size_t bytes, Coherence) {
    auto memory = std::make_unique<CudaManagedMemory>(*this, bytes);
    auto buffer = CudaBuffer::borrow(*this, memory->address(), bytes);
    return {std::move(memory), std::move(buffer)};
}

plugin::NativeContextHandles CudaContext::native_handles() const noexcept {
    return {reinterpret_cast<std::uintptr_t>(context_), static_cast<plugin::NativeHandle>(device_), 0};
}

// The driver knows every allocation of the process with unified addressing (all 64-bit
// platforms): which device it is on, and its extent. A host pointer it never saw, or one past
// its allocation, is refused before a kernel could fault on it.
std::unique_ptr<plugin::BufferImpl> CudaContext::import_buffer(plugin::NativeHandle memory, std::size_t bytes) {
    constexpr const char* where = "interop::import_buffer";
    const auto address = static_cast<CUdeviceptr>(memory);
    make_current();
    int ordinal = -1;
    const CUresult placed = api_.cuPointerGetAttribute(&ordinal, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, address);
    if (placed == CUDA_ERROR_INVALID_VALUE)
        throw InvalidArgument("the driver knows no device memory at " + hex(address), where,
                              static_cast<long long>(placed), driver_error_name(placed));
    check(placed, "cuPointerGetAttribute");
    if (ordinal != device_)
        throw InvalidArgument("the memory at " + hex(address) + " is on CUDA device " + std::to_string(ordinal) +
                                  ", not on this context's device " + std::to_string(device_) + " (" + info_.name + ")",
                              where);
    CUdeviceptr base = 0;
    std::size_t extent = 0;
    const CUresult ranged = api_.cuMemGetAddressRange(&base, &extent, address);
    if (ranged == CUDA_SUCCESS && (address - base > extent || bytes > extent - (address - base)))
        throw InvalidArgument("the allocation at " + hex(address) + " has " + std::to_string(extent - (address - base)) +
                                  " bytes from there, fewer than the " + std::to_string(bytes) + " asked for",
                              where);
    // Memory the driver maps without an allocation record of its own (host memory registered
    // with it) has no range to check; its device was checked above.
    if (ranged != CUDA_SUCCESS && ranged != CUDA_ERROR_NOT_FOUND && ranged != CUDA_ERROR_INVALID_VALUE)
        check(ranged, "cuMemGetAddressRange");
    return CudaBuffer::borrow(*this, address, bytes);
}

std::unique_ptr<plugin::QueueImpl> CudaContext::import_queue(plugin::NativeHandle queue) {
    const auto stream = reinterpret_cast<CUstream>(static_cast<std::uintptr_t>(queue));
    make_current();
    CUcontext owner = nullptr;
    const CUresult found = api_.cuStreamGetCtx(stream, &owner);
    if (found == CUDA_ERROR_INVALID_HANDLE || found == CUDA_ERROR_INVALID_CONTEXT)
        throw InvalidArgument("the driver knows no stream " + hex(queue), "interop::import_queue",
                              static_cast<long long>(found), driver_error_name(found));
    check(found, "cuStreamGetCtx");
    if (owner != context_)
        throw InvalidArgument("the stream " + hex(queue) + " belongs to another CUDA context than the primary context of " +
                                  info_.name + " that rtcg uses",
                              "interop::import_queue");
    return std::make_unique<CudaQueue>(*this, stream);
}

plugin::CompileResult CudaContext::compile(const plugin::CompileRequest& request) {
    const NvrtcApi& nvrtc = nvrtc_api();
    plugin::CompiledBinary binary = compile_with_nvrtc(nvrtc, request, target_for_device(nvrtc, architecture_));
    auto module = std::make_unique<CudaModule>(*this, binary.bytes, plugin::sources_of(request));
    return {std::move(module), std::move(binary)};
}

// Every option took effect when the binary was compiled; loading takes none. The request stays
// with the module, whose kernels read their parameters from its source.
std::unique_ptr<plugin::ModuleImpl> CudaContext::load(std::span<const std::byte> binary,
                                                      const plugin::CompileRequest& request) {
    return std::make_unique<CudaModule>(*this, binary, plugin::sources_of(request));
}

plugin::CompiledBinary CudaContext::compile_object(const plugin::CompileRequest& request) {
    const NvrtcApi& nvrtc = nvrtc_api();
    return compile_with_nvrtc(nvrtc, request, target_for_device(nvrtc, architecture_), CodeKind::relocatable);
}

plugin::CompileResult CudaContext::link(const plugin::LinkRequest& request) {
    plugin::CompiledBinary binary = link_units(*this, request, architecture_);
    auto module = std::make_unique<CudaModule>(*this, binary.bytes, plugin::sources_of(request));
    return {std::move(module), std::move(binary)};
}

std::unique_ptr<plugin::ModuleImpl> CudaContext::load_linked(std::span<const std::byte> binary,
                                                             const plugin::LinkRequest& request) {
    return std::make_unique<CudaModule>(*this, binary, plugin::sources_of(request));
}

std::unique_ptr<plugin::ModuleImpl> CudaContext::load_il(std::span<const std::byte>, const plugin::CompileRequest&) {
    throw InvalidArgument("the binary is SPIR-V, an OpenCL form, which CUDA does not load; give CUDA a cubin, a "
                          "fatbin or PTX, or load the SPIR-V in an OpenCL context",
                          "Module::from_binary");
}

} // namespace rtcg::cuda
