#pragma once
// Reading an OpenCL device's properties into rtcg's backend-neutral DeviceInfo.
#include <rtcg/core/device_info.hpp>

#include <CL/cl.h>

#include <string>

namespace rtcg::opencl {

DeviceInfo describe_device(cl_device_id device, const std::string& platform_name);

} // namespace rtcg::opencl
