#pragma once
// A built OpenCL program, from which kernels are taken by name.
#include "handles.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

namespace rtcg::opencl {

class Module final : public plugin::ModuleImpl {
public:
    Module(ProgramHandle program, cl_device_id device) noexcept : program_(std::move(program)), device_(device) {}

    std::unique_ptr<plugin::KernelImpl> kernel(const std::string& name) override;
    std::vector<std::string> kernel_names() const override;

private:
    ProgramHandle program_;
    cl_device_id device_;
};

} // namespace rtcg::opencl
