#pragma once
// The OpenCL baseline for launch costs: the OpenCL API called directly, with no rtcg in between.
// The device is found by name among every platform's devices, the same kernel source built, and
// the kernel launched on an in-order queue of its own, as an rtcg OpenCL queue is.
#include <memory>
#include <string>

namespace rtcg::bench {

class RawOpenCLKernel {
public:
    // Builds `source` for the first OpenCL device named `device_name` and finds `kernel_name`,
    // which takes (int*, int). Throws BackendError naming the call the driver refused.
    RawOpenCLKernel(const std::string& device_name, const std::string& source, const std::string& kernel_name);
    ~RawOpenCLKernel();
    RawOpenCLKernel(const RawOpenCLKernel&) = delete;
    RawOpenCLKernel& operator=(const RawOpenCLKernel&) = delete;

    // Both arguments set (flag, 1) and one work-group of 32 enqueued, as every rtcg launch does.
    void launch();
    // clFinish on the kernel's queue.
    void synchronize();

private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace rtcg::bench
