#pragma once
// What the driver reports about one compiled kernel on its device.
#include <cstddef>
#include <optional>

namespace rtcg {

/// A kernel's limits and resource use on its device (Kernel::attributes).
struct KernelAttributes {
    /// The largest block (work-group) this kernel can be launched with on this device.
    std::size_t max_threads_per_block = 0;
    /// The warp size (CUDA) or preferred work-group size multiple (OpenCL).
    std::size_t preferred_multiple = 1;
    /// Registers per thread; CUDA only.
    std::optional<int> registers_per_thread;
    /// `__shared__` / `__local` memory the source declares statically, in bytes.
    std::optional<std::size_t> static_local_bytes;
    /// Per-thread private (spill) memory, in bytes.
    std::optional<std::size_t> private_bytes;
};

} // namespace rtcg
