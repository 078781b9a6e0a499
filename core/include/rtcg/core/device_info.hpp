#pragma once
// What a device is and what it can do, as plain data that both backends fill in.
#include <rtcg/core/export.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace rtcg {

enum class DeviceType { gpu, cpu, accelerator, other };

RTCG_API const char* to_string(DeviceType type) noexcept;

struct DeviceInfo {
    std::string backend;  // "cuda" or "opencl"
    std::string platform; // OpenCL platform name; "NVIDIA CUDA" for the CUDA backend
    std::string name;
    std::string vendor;
    DeviceType type = DeviceType::other;

    // CUDA: "sm_90". OpenCL: the OpenCL C version the device compiles, e.g. "OpenCL C 1.2".
    std::string architecture;
    // CUDA: compute capability "9.0". OpenCL: CL_DEVICE_VERSION.
    std::string version;
    std::string driver_version;

    std::uint32_t compute_units = 0;
    std::uint32_t clock_mhz = 0;
    std::uint64_t global_memory_bytes = 0;
    std::uint64_t max_allocation_bytes = 0;     // largest single buffer
    std::uint64_t local_memory_bytes = 0;       // shared / local memory per block
    std::uint64_t constant_memory_bytes = 0;
    std::size_t max_work_group_size = 0;        // threads per block
    std::array<std::size_t, 3> max_work_item_sizes{}; // block dimensions
    std::array<std::size_t, 3> max_grid_size{};       // blocks per grid dimension
    std::uint32_t simd_width = 1;               // warp size where the backend reports one
    std::uint32_t address_bits = 64;
    bool supports_fp64 = false;
};

} // namespace rtcg
