#pragma once
// What the driver says about one device, as rtcg's DeviceInfo.
#include "driver_api.hpp"

#include <rtcg/core/device_info.hpp>

namespace rtcg::cuda {

inline constexpr const char* platform_name = "NVIDIA CUDA";
inline constexpr const char* platform_vendor = "NVIDIA Corporation";

// Compute capability as one number, 10 * major + minor: 90 for 9.0, 120 for 12.0.
int compute_capability(const DriverApi& api, CUdevice device);

DeviceInfo describe_device(const DriverApi& api, CUdevice device);

} // namespace rtcg::cuda
