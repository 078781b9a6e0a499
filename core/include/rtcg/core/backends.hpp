#pragma once
/// \file
/// What backends and devices this machine offers, and why the missing ones are missing.
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace rtcg {

/// A device one backend offers, as backend_reports() lists it.
struct DeviceDescription {
    std::string selector;       ///< e.g. "opencl:0:0", accepted by Context::create
    std::string platform; ///< the OpenCL platform's name; "NVIDIA CUDA" for CUDA
    std::string platform_vendor; ///< the platform's vendor
    std::size_t platform_index = 0; ///< OpenCL platform; 0 for CUDA
    std::size_t device_index = 0;   ///< within the platform
    DeviceInfo info; ///< the device's properties, as Context::device() gives them
};

/// Whether a backend can be used here, and its devices.
struct BackendReport {
    std::string name;                      ///< "cuda" or "opencl"
    bool available = false; ///< true when the plug-in and its driver loaded
    std::string reason;                    ///< why not, when unavailable
    std::vector<DeviceDescription> devices; ///< every device of the backend, in selector order
};

/// One report per known backend, in the default order (cuda, opencl). Loads plug-ins on first use.
RTCG_API std::vector<BackendReport> backend_reports();

} // namespace rtcg
