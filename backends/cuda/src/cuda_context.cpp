#include "cuda_context.hpp"

#include "cuda_buffer.hpp"
#include "cuda_host_buffer.hpp"
#include "cuda_module.hpp"
#include "cuda_queue.hpp"
#include "device_query.hpp"
#include "nvrtc_compile.hpp"

#include <rtcg/core/plugin/support.hpp>

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

} // namespace

CudaContext::CudaContext(const DriverApi& api, CUdevice device, DeviceInfo info)
    : api_(api), device_(device), info_(std::move(info)), architecture_(compute_capability(api, device)),
      compiler_identity_(identify_compiler(info_)), context_(retain_primary_context(api, device)) {
    plugin::logger().debug("CUDA context on device {} ({}, {})", device_, info_.name, info_.architecture);
}

CudaContext::~CudaContext() {
    // The driver keeps the primary context alive while other holders (other rtcg contexts on
    // this device, the CUDA runtime) still retain it, and resets it after the last release.
    succeeded_or_warn(api_.cuDevicePrimaryCtxRelease(device_), "cuDevicePrimaryCtxRelease");
}

std::unique_ptr<plugin::QueueImpl> CudaContext::create_queue() { return std::make_unique<CudaQueue>(*this); }

std::unique_ptr<plugin::BufferImpl> CudaContext::allocate(std::size_t bytes) {
    return std::make_unique<CudaBuffer>(*this, bytes);
}

std::unique_ptr<plugin::HostBufferImpl> CudaContext::allocate_host(std::size_t bytes) {
    return std::make_unique<CudaHostBuffer>(*this, bytes);
}

plugin::CompileResult CudaContext::compile(const plugin::CompileRequest& request) {
    const NvrtcApi& nvrtc = nvrtc_api();
    plugin::CompiledBinary binary = compile_with_nvrtc(nvrtc, request, target_for_device(nvrtc, architecture_));
    auto module = std::make_unique<CudaModule>(*this, binary.bytes, std::make_shared<const plugin::CompileRequest>(request));
    return {std::move(module), std::move(binary)};
}

// Every option took effect when the binary was compiled; loading takes none. The request stays
// with the module, whose kernels read their parameters from its source.
std::unique_ptr<plugin::ModuleImpl> CudaContext::load(std::span<const std::byte> binary,
                                                      const plugin::CompileRequest& request) {
    return std::make_unique<CudaModule>(*this, binary, std::make_shared<const plugin::CompileRequest>(request));
}

} // namespace rtcg::cuda
