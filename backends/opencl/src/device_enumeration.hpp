#pragma once
// Finding every device of every OpenCL platform the ICD loader knows.
#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <vector>

namespace rtcg::opencl {

struct FoundDevice {
    plugin::DeviceEntry entry;
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr; // a root device: owned by the platform, never released
};

// Throws BackendUnavailable when there is no platform or no device at all. A platform whose
// devices cannot be listed, or a device that cannot be described, is skipped with a warning.
std::vector<FoundDevice> enumerate_devices();

} // namespace rtcg::opencl
