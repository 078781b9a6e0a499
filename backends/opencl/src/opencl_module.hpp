#pragma once
// A built OpenCL program, from which kernels are taken by name.
#include "handles.hpp"
#include "launch_chain.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <memory>

namespace rtcg::opencl {

class OpenclModule final : public plugin::ModuleImpl {
public:
    // `chain`: the context's launch chain, which every kernel of the module launches through; null
    // where the device needs none (launch_chain.hpp).
    OpenclModule(ProgramHandle program, cl_device_id device, plugin::SourcesOfModule built_from,
                 std::shared_ptr<LaunchChain> chain) noexcept
        : program_(std::move(program)), device_(device), built_from_(std::move(built_from)), chain_(std::move(chain)) {}

    std::unique_ptr<plugin::KernelImpl> kernel(const std::string& name) override;
    std::vector<std::string> kernel_names() const override;

private:
    ProgramHandle program_;
    cl_device_id device_;
    plugin::SourcesOfModule built_from_;
    std::shared_ptr<LaunchChain> chain_;
};

} // namespace rtcg::opencl
