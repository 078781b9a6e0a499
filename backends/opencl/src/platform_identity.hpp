#pragma once
// Which OpenCL platform a device belongs to, for the workarounds of one driver's defects.
#include <CL/cl.h>

#include <string>

namespace rtcg::opencl {

// CL_PLATFORM_NAME of the device's platform ("NVIDIA CUDA", "Portable Computing Language").
std::string platform_name(cl_device_id device);

// Whether the device is PoCL's.
bool is_pocl(cl_device_id device);

// Whether the device is on NVIDIA's OpenCL platform.
bool is_nvidia(cl_device_id device);

} // namespace rtcg::opencl
