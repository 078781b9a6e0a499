#include "device_enumeration.hpp"

#include "device_description.hpp"
#include "info.hpp"
#include "status.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <CL/cl_ext.h>

namespace rtcg::opencl {
namespace {

std::vector<cl_platform_id> platforms() {
    cl_uint count = 0;
    const cl_int status = clGetPlatformIDs(0, nullptr, &count);
    if (status == CL_PLATFORM_NOT_FOUND_KHR || (status == CL_SUCCESS && count == 0))
        throw BackendUnavailable("no OpenCL platform: the ICD loader found no vendor driver (/etc/OpenCL/vendors)",
                                 "clGetPlatformIDs", status, error_name(status));
    check(status, "clGetPlatformIDs");
    std::vector<cl_platform_id> ids(count);
    check(clGetPlatformIDs(count, ids.data(), nullptr), "clGetPlatformIDs");
    return ids;
}

std::vector<cl_device_id> devices_of(cl_platform_id platform) {
    cl_uint count = 0;
    const cl_int status = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count);
    // A platform may be installed without any device present; that is not an error.
    if (status == CL_DEVICE_NOT_FOUND) return {};
    check(status, "clGetDeviceIDs");
    std::vector<cl_device_id> ids(count);
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, ids.data(), nullptr), "clGetDeviceIDs");
    return ids;
}

void add_platform_devices(cl_platform_id platform, std::size_t platform_index, std::vector<FoundDevice>& found) {
    const auto platform_name = platform_info<std::string>(platform, CL_PLATFORM_NAME);
    const auto platform_vendor = platform_info<std::string>(platform, CL_PLATFORM_VENDOR);
    const auto devices = devices_of(platform);
    if (devices.empty()) plugin::logger().debug("OpenCL platform '{}' has no devices", platform_name);
    for (std::size_t device_index = 0; device_index < devices.size(); ++device_index) {
        try {
            found.push_back(FoundDevice{
                plugin::DeviceEntry{platform_name, platform_vendor, platform_index, device_index,
                                    describe_device(devices[device_index], platform_name)},
                platform, devices[device_index]});
        } catch (const Error& error) {
            plugin::logger().warn("skipping device {} of OpenCL platform '{}': {}", device_index, platform_name,
                                  error.what());
        }
    }
}

} // namespace

std::vector<FoundDevice> enumerate_devices() {
    const auto platform_ids = platforms();
    std::vector<FoundDevice> found;
    for (std::size_t index = 0; index < platform_ids.size(); ++index) {
        try {
            add_platform_devices(platform_ids[index], index, found);
        } catch (const Error& error) {
            plugin::logger().warn("skipping OpenCL platform {}: {}", index, error.what());
        }
    }
    if (found.empty())
        throw BackendUnavailable("no OpenCL device: " + std::to_string(platform_ids.size()) +
                                     " platform(s) found, but none lists a usable device",
                                 "clGetDeviceIDs");
    return found;
}

} // namespace rtcg::opencl
