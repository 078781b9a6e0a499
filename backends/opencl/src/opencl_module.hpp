#pragma once
// A built OpenCL program, from which kernels are taken by name.
#include "handles.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <memory>

namespace rtcg::opencl {

class OpenclModule final : public plugin::ModuleImpl {
public:
    OpenclModule(ProgramHandle program, cl_device_id device, plugin::SourcesOfModule built_from) noexcept
        : program_(std::move(program)), device_(device), built_from_(std::move(built_from)) {}

    std::unique_ptr<plugin::KernelImpl> kernel(const std::string& name) override;
    std::vector<std::string> kernel_names() const override;

private:
    ProgramHandle program_;
    cl_device_id device_;
    plugin::SourcesOfModule built_from_;
};

} // namespace rtcg::opencl
