#include "device_query.hpp"

#include "architecture.hpp"
#include "status.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace rtcg::cuda {
namespace {

int attribute(const DriverApi& api, CUdevice device, CUdevice_attribute which) {
    int value = 0;
    check(api.cuDeviceGetAttribute(&value, which, device), "cuDeviceGetAttribute");
    return value;
}

std::size_t size_attribute(const DriverApi& api, CUdevice device, CUdevice_attribute which) {
    return static_cast<std::size_t>(attribute(api, device, which));
}

} // namespace

int compute_capability(const DriverApi& api, CUdevice device) {
    return 10 * attribute(api, device, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR) +
           attribute(api, device, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
}

DeviceInfo describe_device(const DriverApi& api, CUdevice device) {
    DeviceInfo info;
    info.backend = "cuda";
    info.platform = platform_name;
    info.vendor = "NVIDIA";
    info.type = DeviceType::gpu;

    std::array<char, 256> name{};
    check(api.cuDeviceGetName(name.data(), static_cast<int>(name.size()), device), "cuDeviceGetName");
    info.name = name.data();

    const int capability = compute_capability(api, device);
    info.architecture = real_architecture_name(capability);
    info.version = std::to_string(capability / 10) + "." + std::to_string(capability % 10);
    int driver_version = 0;
    check(api.cuDriverGetVersion(&driver_version), "cuDriverGetVersion");
    info.driver_version = cuda_version_string(driver_version);

    info.compute_units = static_cast<std::uint32_t>(attribute(api, device, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT));
    info.clock_mhz = static_cast<std::uint32_t>(attribute(api, device, CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000);

    std::size_t total_memory = 0;
    check(api.cuDeviceTotalMem(&total_memory, device), "cuDeviceTotalMem");
    info.global_memory_bytes = total_memory;
    // CUDA sets no limit on one allocation below the device's memory.
    info.max_allocation_bytes = total_memory;
    // The opt-in maximum: launches asking for more than the default 48 KiB get it (the queue
    // raises the kernel's limit).
    info.local_memory_bytes = size_attribute(api, device, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
    // Static __shared__ arrays past the default limit do not compile.
    info.static_local_memory_bytes = size_attribute(api, device, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
    info.constant_memory_bytes = size_attribute(api, device, CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY);

    info.max_work_group_size = size_attribute(api, device, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    info.max_work_item_sizes = {size_attribute(api, device, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X),
                                size_attribute(api, device, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y),
                                size_attribute(api, device, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z)};
    info.max_grid_size = {size_attribute(api, device, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X),
                          size_attribute(api, device, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y),
                          size_attribute(api, device, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z)};
    info.simd_width = static_cast<std::uint32_t>(attribute(api, device, CU_DEVICE_ATTRIBUTE_WARP_SIZE));
    info.address_bits = 64;
    info.supports_fp64 = true;
    info.pitch_alignment_bytes = size_attribute(api, device, CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT);
    info.can_map_host_memory = attribute(api, device, CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY) != 0;
    info.managed_coarse = attribute(api, device, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY) != 0;
    info.managed_fine = info.managed_coarse && attribute(api, device, CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS) != 0;
    // CudaQueue::launch gives a carveout through cuLaunchKernelEx, which older drivers lack.
    info.applies_local_memory_carveout = api.cuLaunchKernelEx != nullptr;
    return info;
}

} // namespace rtcg::cuda
