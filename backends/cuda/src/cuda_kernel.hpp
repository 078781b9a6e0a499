#pragma once
// One kernel of a loaded module, ready to launch.
#include "loaded_module.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rtcg::cuda {

class CudaKernel final : public plugin::KernelImpl {
public:
    // `built_from`: the requests the kernel's module was compiled from (one per source unit of a
    // link).
    CudaKernel(std::shared_ptr<const LoadedModule> module, CUfunction function, std::string name,
               std::span<const plugin::CompileRequest> built_from);

    const std::string& name() const noexcept override { return name_; }
    plugin::KernelAttributes attributes() const override;
    // The number of parameters, or SIZE_MAX, which core reads as "unknown", when the driver
    // cannot tell: cuFuncGetParamInfo came with CUDA 12.4.
    std::size_t parameter_count() const noexcept override { return parameter_count_; }
    // Each parameter's size from the driver, its kind from the kernel's definition in the source
    // (the driver says nothing of kinds); unknown kinds where the definition cannot be read or
    // disagrees with the driver. Empty when the count is unknown.
    const std::vector<plugin::KernelParameter>& parameters() const noexcept override { return parameters_; }

    // The driver's occupancy calculator, after raising the dynamic shared memory limit as a
    // launch would.
    std::optional<std::size_t> active_blocks_per_compute_unit(std::size_t block, std::size_t dynamic_local) override;
    std::optional<plugin::BlockSuggestion> suggest_block_size(std::size_t dynamic_local) override;

    CUfunction function() const noexcept { return function_; }

    // Before a launch with `bytes` of dynamic shared memory. A kernel may use up to 48 KiB of
    // shared memory (static and dynamic together) unless its limit is raised; this raises it
    // when `bytes` needs that. Safe to call from several threads at once.
    void allow_dynamic_shared_bytes(std::size_t bytes) {
        if (bytes > dynamic_shared_limit_.load(std::memory_order_relaxed)) [[unlikely]]
            raise_dynamic_shared_limit();
    }

private:
    int attribute(CUfunction_attribute which) const;
    void raise_dynamic_shared_limit();

    const std::shared_ptr<const LoadedModule> module_; // keeps function_ valid
    const CUfunction function_;
    const std::string name_;
    std::vector<plugin::KernelParameter> parameters_;
    std::size_t parameter_count_ = 0;
    std::atomic<std::size_t> dynamic_shared_limit_{0};
};

} // namespace rtcg::cuda
