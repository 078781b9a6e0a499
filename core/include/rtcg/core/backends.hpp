#pragma once
// What backends and devices this machine offers, and why the missing ones are missing.
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace rtcg {

struct DeviceDescription {
    std::string selector;       // e.g. "opencl:0:0", accepted by Context::create
    std::string platform;
    std::string platform_vendor;
    std::size_t platform_index = 0; // OpenCL platform; 0 for CUDA
    std::size_t device_index = 0;   // within the platform
    DeviceInfo info;
};

struct BackendReport {
    std::string name;                      // "cuda" or "opencl"
    bool available = false;
    std::string reason;                    // why not, when unavailable
    std::vector<DeviceDescription> devices;
};

// One report per known backend, in the default order (cuda, opencl). Loads plug-ins on first use.
RTCG_API std::vector<BackendReport> backend_reports();

} // namespace rtcg
