#pragma once
/// \file
/// What a device is and what it can do, as plain data that both backends fill in.
#include <rtcg/core/export.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace rtcg {

/// The kind of device, as the backend reports it.
enum class DeviceType { gpu, cpu, accelerator, other };

/// "gpu", "cpu", "accelerator" or "other".
RTCG_API const char* to_string(DeviceType type) noexcept;

/// A device's properties, as its backend reports them.
struct DeviceInfo {
    std::string backend;  ///< "cuda" or "opencl"
    std::string platform; ///< OpenCL platform name; "NVIDIA CUDA" for the CUDA backend
    std::string name; ///< the device's name, e.g. "NVIDIA H100 80GB HBM3"
    std::string vendor; ///< the device's vendor
    DeviceType type = DeviceType::other; ///< GPU, CPU, accelerator or other

    /// CUDA: "sm_90". OpenCL: the OpenCL C version the device compiles, e.g. "OpenCL C 1.2".
    std::string architecture;
    /// CUDA: compute capability "9.0". OpenCL: CL_DEVICE_VERSION.
    std::string version;
    std::string driver_version; ///< the driver's version string

    std::uint32_t compute_units = 0; ///< multiprocessors (CUDA) or compute units (OpenCL)
    std::uint32_t clock_mhz = 0; ///< the highest clock rate
    std::uint64_t global_memory_bytes = 0; ///< device memory in all
    std::uint64_t max_allocation_bytes = 0;     ///< largest single buffer
    /// Shared / local memory per block: on CUDA the opt-in maximum, which only dynamic shared memory
    /// (LaunchConfig's local bytes) may take.
    std::uint64_t local_memory_bytes = 0;
    /// The local memory a kernel may declare statically (RTCG_LOCAL arrays of a fixed size): 48 KiB
    /// on CUDA, the same as local_memory_bytes on OpenCL.
    std::uint64_t static_local_memory_bytes = 0;
    std::uint64_t constant_memory_bytes = 0; ///< constant memory per kernel
    std::size_t max_work_group_size = 0;        ///< threads per block
    std::array<std::size_t, 3> max_work_item_sizes{}; ///< block dimensions
    std::array<std::size_t, 3> max_grid_size{};       ///< blocks per grid dimension
    std::uint32_t simd_width = 1;               ///< warp size where the backend reports one
    std::uint32_t address_bits = 64; ///< width of a device address
    bool supports_fp64 = false; ///< whether kernels may use double

    // Memory kinds.
    /// The pitch alignment Context::allocate_pitched pads rows to on OpenCL
    /// (CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes); CUDA's texture pitch alignment.
    std::size_t pitch_alignment_bytes = 1;
    /// Whether kernels can use host memory in place (Context::allocate_mapped).
    bool can_map_host_memory = false;
    /// Whether Context::allocate_managed gives Coherence::coarse memory (CUDA managed memory;
    /// OpenCL coarse-grained SVM buffers, OpenCL 2.0 and later).
    bool managed_coarse = false;
    /// Whether Context::allocate_managed gives Coherence::fine memory (CUDA concurrent managed
    /// access; OpenCL fine-grained SVM buffers).
    bool managed_fine = false;

    /// The intermediate languages Module::from_binary takes for the device, as OpenCL's
    /// CL_DEVICE_IL_VERSION lists them ("SPIR-V_1.0 SPIR-V_1.2"); empty where the device takes
    /// none, and always on CUDA.
    std::string il_versions;
    /// Whether queues may run their commands out of order (rtcg/core/queue_options.hpp): OpenCL
    /// devices whose host queues have CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE; never on CUDA, whose
    /// streams are in order.
    bool out_of_order_queues = false;
    /// Whether launches apply LaunchConfig::local_memory_carveout: CUDA with a driver that takes
    /// per-launch attributes (cuLaunchKernelEx, CUDA 12 and later). Elsewhere the hint is checked
    /// and ignored: OpenCL leaves the split to its driver.
    bool applies_local_memory_carveout = false;
};

} // namespace rtcg
