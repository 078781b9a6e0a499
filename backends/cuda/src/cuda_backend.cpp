#include "cuda_backend.hpp"

#include "cuda_context.hpp"
#include "device_query.hpp"
#include "driver_api.hpp"
#include "offline_compiler.hpp"
#include "status.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

namespace rtcg::cuda {
namespace {

void initialise_driver(const DriverApi& api) {
    const CUresult result = api.cuInit(0);
    if (result != CUDA_SUCCESS)
        throw BackendUnavailable("the CUDA driver could not initialise: " + driver_error_description(result), "cuInit",
                                 result, driver_error_name(result));
}

std::vector<plugin::DeviceEntry> enumerate_devices(const DriverApi& api) {
    initialise_driver(api);
    int count = 0;
    check(api.cuDeviceGetCount(&count), "cuDeviceGetCount");
    if (count == 0) throw BackendUnavailable("the CUDA driver reports no device", "cuDeviceGetCount");
    std::vector<plugin::DeviceEntry> entries;
    for (int ordinal = 0; ordinal < count; ++ordinal) {
        CUdevice device = 0;
        check(api.cuDeviceGet(&device, ordinal), "cuDeviceGet");
        plugin::DeviceEntry entry{platform_name, platform_vendor, 0, static_cast<std::size_t>(ordinal),
                                  describe_device(api, device)};
        plugin::logger().debug("CUDA device {}: {} ({}, {} MiB)", ordinal, entry.info.name, entry.info.architecture,
                               entry.info.global_memory_bytes >> 20);
        entries.push_back(std::move(entry));
    }
    return entries;
}

} // namespace

const std::vector<plugin::DeviceEntry>& CudaBackend::enumerated_devices() {
    const std::lock_guard lock(enumeration_mutex_);
    if (!devices_) devices_ = enumerate_devices(driver_api());
    return *devices_;
}

std::vector<plugin::DeviceEntry> CudaBackend::devices() { return enumerated_devices(); }

std::unique_ptr<plugin::ContextImpl> CudaBackend::create_context(const plugin::DeviceEntry& device) {
    const auto& known = enumerated_devices();
    if (device.device_index >= known.size())
        throw InvalidArgument("there is no CUDA device " + std::to_string(device.device_index) + "; there are " +
                                  std::to_string(known.size()),
                              "Backend::create_context");
    const DriverApi& api = driver_api();
    CUdevice handle = 0;
    check(api.cuDeviceGet(&handle, static_cast<int>(device.device_index)), "cuDeviceGet");
    return std::make_unique<CudaContext>(api, handle, known[device.device_index].info);
}

std::vector<std::string> CudaBackend::offline_targets() { return cuda::offline_targets(); }

std::unique_ptr<plugin::OfflineCompiler> CudaBackend::offline_compiler(std::string_view target) {
    return make_offline_compiler(target);
}

} // namespace rtcg::cuda
