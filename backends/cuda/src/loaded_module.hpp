#pragma once
// A module loaded into a context. A kernel's CUfunction is valid only while its module is
// loaded, so the CudaModule and every CudaKernel taken from it share one LoadedModule, and the
// module is unloaded when the last of them goes, in whatever order core releases them.
#include "cuda_context.hpp"

#include <cstddef>
#include <span>

namespace rtcg::cuda {

class LoadedModule {
public:
    // Loads a cubin or PTX (which the driver compiles for the device). Throws BackendError, with
    // the driver's JIT log where it wrote one, when the driver rejects the image.
    LoadedModule(const CudaContext& context, std::span<const std::byte> image);
    ~LoadedModule();
    LoadedModule(const LoadedModule&) = delete;
    LoadedModule& operator=(const LoadedModule&) = delete;

    const CudaContext& context() const noexcept { return context_; }
    CUmodule handle() const noexcept { return module_; }

private:
    const CudaContext& context_;
    CUmodule module_ = nullptr;
};

} // namespace rtcg::cuda
