#include "launch_chain.hpp"

#include "info.hpp"
#include "platform_identity.hpp"
#include "pocl_version.hpp"

namespace rtcg::opencl {

bool needs_launch_chain(cl_device_id device) {
    if (!is_pocl(device) || (device_info<cl_device_type>(device, CL_DEVICE_TYPE) & CL_DEVICE_TYPE_CPU) == 0)
        return false;
    const auto platform = device_info<cl_platform_id>(device, CL_DEVICE_PLATFORM);
    return pocl_miscounts_concurrent_launches(platform_info<std::string>(platform, CL_PLATFORM_VERSION));
}

} // namespace rtcg::opencl
