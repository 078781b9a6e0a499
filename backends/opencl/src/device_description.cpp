#include "device_description.hpp"

#include "il_program.hpp"

#include "info.hpp"
#include "svm_memory.hpp"

#include <CL/cl_ext.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <sstream>
#include <vector>

namespace rtcg::opencl {
namespace {

// Extensions are a space-separated list; compare whole words so that "cl_khr_fp64" does not
// match inside a longer name.
bool has_extension(const std::string& extensions, const std::string& wanted) {
    std::istringstream words(extensions);
    std::string word;
    while (words >> word)
        if (word == wanted) return true;
    return false;
}

DeviceType device_type(cl_device_type type) {
    if (type & CL_DEVICE_TYPE_GPU) return DeviceType::gpu;
    if (type & CL_DEVICE_TYPE_CPU) return DeviceType::cpu;
    if (type & CL_DEVICE_TYPE_ACCELERATOR) return DeviceType::accelerator;
    return DeviceType::other;
}

bool supports_fp64(cl_device_id device, const std::string& extensions) {
    if (has_extension(extensions, "cl_khr_fp64")) return true;
    // CL_DEVICE_DOUBLE_FP_CONFIG is a core query only since OpenCL 1.2; an older device
    // without cl_khr_fp64 may reject it, which means the same as a zero answer.
    cl_device_fp_config config = 0;
    const cl_int status = clGetDeviceInfo(device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof config, &config, nullptr);
    return status == CL_SUCCESS && config != 0;
}

} // namespace

DeviceInfo describe_device(cl_device_id device, const std::string& platform_name) {
    DeviceInfo info;
    info.backend = "opencl";
    info.platform = platform_name;
    info.name = device_info<std::string>(device, CL_DEVICE_NAME);
    info.vendor = device_info<std::string>(device, CL_DEVICE_VENDOR);
    info.type = device_type(device_info<cl_device_type>(device, CL_DEVICE_TYPE));
    info.architecture = device_info<std::string>(device, CL_DEVICE_OPENCL_C_VERSION);
    info.version = device_info<std::string>(device, CL_DEVICE_VERSION);
    info.driver_version = device_info<std::string>(device, CL_DRIVER_VERSION);

    info.compute_units = device_info<cl_uint>(device, CL_DEVICE_MAX_COMPUTE_UNITS);
    info.clock_mhz = device_info<cl_uint>(device, CL_DEVICE_MAX_CLOCK_FREQUENCY);
    info.global_memory_bytes = device_info<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_SIZE);
    info.max_allocation_bytes = device_info<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    info.local_memory_bytes = device_info<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE);
    info.static_local_memory_bytes = info.local_memory_bytes;
    info.constant_memory_bytes = device_info<cl_ulong>(device, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE);
    info.max_work_group_size = device_info<std::size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    info.address_bits = device_info<cl_uint>(device, CL_DEVICE_ADDRESS_BITS);

    // A device reports as many work-item sizes as it has dimensions (at least 3 for a full
    // profile device); dimensions it lacks take only 1 work-item.
    const auto work_item_sizes = device_info<std::vector<std::size_t>>(device, CL_DEVICE_MAX_WORK_ITEM_SIZES);
    info.max_work_item_sizes = {1, 1, 1};
    std::copy_n(work_item_sizes.begin(), std::min<std::size_t>(work_item_sizes.size(), 3),
                info.max_work_item_sizes.begin());

    // OpenCL limits the global size (grid * block), not the number of work-groups: each
    // dimension must fit the device's size_t, which has `address_bits` bits. Dividing that by
    // the largest work-group extent gives a grid size that is valid whatever block is used.
    // The host's size_t, in which global sizes are passed, bounds it as well.
    constexpr std::uint64_t host_size_max = std::numeric_limits<std::size_t>::max();
    const std::uint64_t device_size_max = info.address_bits >= 64 ? std::numeric_limits<std::uint64_t>::max()
                                                                  : (std::uint64_t{1} << info.address_bits) - 1;
    const auto largest_global = static_cast<std::size_t>(std::min(device_size_max, host_size_max));
    for (std::size_t dim = 0; dim < 3; ++dim)
        info.max_grid_size[dim] = largest_global / std::max<std::size_t>(info.max_work_item_sizes[dim], 1);

    const auto extensions = device_info<std::string>(device, CL_DEVICE_EXTENSIONS);
    // NVIDIA reports its warp size through cl_nv_device_attribute_query; other devices have
    // no portable notion of a SIMD width.
    info.simd_width = has_extension(extensions, "cl_nv_device_attribute_query")
                          ? device_info<cl_uint>(device, CL_DEVICE_WARP_SIZE_NV)
                          : 1;
    info.supports_fp64 = supports_fp64(device, extensions);
    // Reported in bits.
    info.pitch_alignment_bytes = std::max<std::size_t>(device_info<cl_uint>(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN) / 8, 1);
    // Every OpenCL device can use a CL_MEM_ALLOC_HOST_PTR buffer; whether its kernels reach the
    // host memory in place or through a copy the driver makes at each map is the driver's choice.
    info.can_map_host_memory = true;
    const SvmSupport svm = svm_support(device, info.version);
    info.managed_coarse = svm.coarse;
    info.managed_fine = svm.fine;
    info.il_versions = il_versions(device);
    // CL_DEVICE_QUEUE_PROPERTIES is OpenCL 2.0's CL_DEVICE_QUEUE_ON_HOST_PROPERTIES under its 1.x name.
    info.out_of_order_queues =
        (device_info<cl_command_queue_properties>(device, CL_DEVICE_QUEUE_PROPERTIES) & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0;
    return info;
}

} // namespace rtcg::opencl
