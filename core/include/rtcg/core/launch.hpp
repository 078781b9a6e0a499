#pragma once
/// \file
/// Launch geometry in CUDA's terms: a grid of blocks, each of `block` threads. The OpenCL backend
/// turns it into global size = grid * block and local size = block.
///
/// A grid or block with an extent of 0 is empty: a launch with it does nothing. Every other launch
/// is checked before it reaches the driver (Kernel::launch): each extent against the device's
/// limits, and every product (threads per block, blocks per grid, threads in all) against size_t,
/// so that an oversized grid is an InvalidArgument instead of a product that wraps.
#include <rtcg/core/error.hpp>

#include <cstddef>
#include <limits>
#include <optional>
#include <string>

namespace rtcg {

/// Extents of a grid or a block in up to three dimensions.
struct Dim3 {
    /// The extents; 1 for an unused dimension.
    ///@{
    std::size_t x = 1, y = 1, z = 1;
    ///@}

    /// One element: (1, 1, 1).
    constexpr Dim3() = default;
    /// The extents, unused dimensions 1.
    constexpr Dim3(std::size_t x_, std::size_t y_ = 1, std::size_t z_ = 1) : x(x_), y(y_), z(z_) {}

    /// True when an extent is 0, so that there is nothing to run.
    constexpr bool empty() const noexcept { return x == 0 || y == 0 || z == 0; }

    /// x * y * z. InvalidArgument when the product does not fit size_t.
    constexpr std::size_t volume() const {
        if (empty()) return 0;
        constexpr std::size_t largest = std::numeric_limits<std::size_t>::max();
        if (x > largest / y || x * y > largest / z)
            throw InvalidArgument("(" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) +
                                      ") has more elements than size_t can count",
                                  "Dim3::volume");
        return x * y * z;
    }

    /// Equal when every extent is.
    friend constexpr bool operator==(const Dim3&, const Dim3&) = default;
};

/// The geometry of a launch: a grid of blocks, the block's threads and its dynamic local memory.
struct LaunchConfig {
    Dim3 grid; ///< blocks (work-groups) in the grid
    Dim3 block; ///< threads (work-items) per block
    /// Dynamic local/shared memory per block. CUDA: the launch's shared-memory size, used by
    /// `extern __shared__` arrays. OpenCL: passed as one extra trailing `__local` pointer
    /// argument after the user's arguments.
    std::size_t dynamic_local_bytes = 0;
    /// The share of each compute unit's on-chip memory, in percent (0 to 100), that the launch
    /// would rather give local memory than the first-level cache, on devices where the two share
    /// it (CUDA's preferred shared-memory carveout; Kernel::launch throws InvalidArgument above
    /// 100). Fewer blocks then fit a compute unit at once where their local memory bounds them, and
    /// the cache holds more of the global memory they read: a kernel whose gathers hit the cache
    /// may gain. A hint: the driver takes more where the launch's blocks need it, and a driver
    /// without per-launch attributes (before CUDA 12) ignores it, as OpenCL does, whose split is
    /// the driver's (DeviceInfo::applies_local_memory_carveout says which). Empty: the driver's
    /// choice.
    std::optional<unsigned> local_memory_carveout = {};

    /// The 1-D launch that gives at least `n` threads in blocks of `block`. InvalidArgument for a
    /// block of 0 threads.
    static constexpr LaunchConfig covering(std::size_t n, std::size_t block) {
        if (block == 0) throw InvalidArgument("a block of 0 threads covers nothing", "LaunchConfig::covering");
        return LaunchConfig{Dim3{n / block + (n % block != 0 ? 1 : 0)}, Dim3{block}, 0};
    }
};

} // namespace rtcg
