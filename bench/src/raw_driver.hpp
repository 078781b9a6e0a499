#pragma once
// The baseline for launch costs: the CUDA driver API called directly, with no rtcg in between.
// libcuda.so.1 is opened with dlopen (as rtcg's CUDA plug-in opens it), the device's primary
// context retained (the one the plug-in uses), a cubin loaded, and one kernel launched on a
// stream of its own with the same flags as an rtcg queue's.
// Built only where CMake found cuda.h (RTCG_BENCH_HAVE_CUDA_H).
#include <cstddef>
#include <memory>
#include <span>
#include <string>

namespace rtcg::bench {

class RawDriverKernel {
public:
    // Loads `cubin` on CUDA device `ordinal` and finds `kernel_name`, which takes (int*, int).
    // Throws BackendUnavailable when libcuda.so.1 is missing,
    // BackendError naming the call when the driver refuses one.
    RawDriverKernel(int ordinal, std::span<const std::byte> cubin, const std::string& kernel_name);
    ~RawDriverKernel();
    RawDriverKernel(const RawDriverKernel&) = delete;
    RawDriverKernel& operator=(const RawDriverKernel&) = delete;

    // cuLaunchKernel with one block of 32 threads and the arguments (flag, 1); nothing else.
    void launch();
    // cuStreamSynchronize on the kernel's stream.
    void synchronize();

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace rtcg::bench
