#pragma once
// Launch geometry in CUDA's terms: a grid of blocks, each of `block` threads. The OpenCL backend
// turns it into global size = grid * block and local size = block.
#include <cstddef>

namespace rtcg {

struct Dim3 {
    std::size_t x = 1, y = 1, z = 1;

    constexpr Dim3() = default;
    constexpr Dim3(std::size_t x_, std::size_t y_ = 1, std::size_t z_ = 1) : x(x_), y(y_), z(z_) {}

    constexpr std::size_t volume() const noexcept { return x * y * z; }
    friend constexpr bool operator==(const Dim3&, const Dim3&) = default;
};

struct LaunchConfig {
    Dim3 grid;
    Dim3 block;
    // Dynamic local/shared memory per block. CUDA: the launch's shared-memory size, used by
    // `extern __shared__` arrays. OpenCL: passed as one extra trailing `__local` pointer
    // argument after the user's arguments.
    std::size_t dynamic_local_bytes = 0;

    // The 1-D launch that gives at least `n` threads in blocks of `block`.
    static constexpr LaunchConfig covering(std::size_t n, std::size_t block) {
        return LaunchConfig{Dim3{(n + block - 1) / block}, Dim3{block}, 0};
    }
};

} // namespace rtcg
