#include "platform_identity.hpp"

#include "info.hpp"

namespace rtcg::opencl {

std::string platform_name(cl_device_id device) {
    const auto platform = device_info<cl_platform_id>(device, CL_DEVICE_PLATFORM);
    return platform_info<std::string>(platform, CL_PLATFORM_NAME);
}

bool is_pocl(cl_device_id device) { return platform_name(device) == "Portable Computing Language"; }

bool is_nvidia(cl_device_id device) { return platform_name(device) == "NVIDIA CUDA"; }

} // namespace rtcg::opencl
