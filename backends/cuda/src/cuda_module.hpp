#pragma once
// A compiled program's kernels, found by name.
#include "loaded_module.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace rtcg::cuda {

class CudaModule final : public plugin::ModuleImpl {
public:
    // Loads `image` (a cubin or PTX) into `context`. Throws BackendError when the driver rejects it.
    // `built_from`: the requests the image was compiled from, whose sources tell each kernel's
    // parameters apart (CudaKernel).
    CudaModule(const CudaContext& context, std::span<const std::byte> image, plugin::SourcesOfModule built_from);

    std::unique_ptr<plugin::KernelImpl> kernel(const std::string& name) override;
    // Empty when the driver cannot list a module's kernels (before CUDA 12.4). C++ kernels not
    // declared extern "C" appear under their mangled names.
    std::vector<std::string> kernel_names() const override;

private:
    std::string missing_kernel_message(const std::string& name) const;

    std::shared_ptr<const LoadedModule> module_;
    plugin::SourcesOfModule built_from_;
};

} // namespace rtcg::cuda
