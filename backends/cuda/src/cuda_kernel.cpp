#include "cuda_kernel.hpp"

#include <rtcg/core/plugin/kernel_declaration.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <limits>
#include <optional>
#include <string>
#include <utility>

namespace rtcg::cuda {
namespace {

// Each parameter's size, asking cuFuncGetParamInfo for one index after another until it answers
// CUDA_ERROR_INVALID_VALUE, which means the index is past the last parameter. nullopt when the
// driver lacks the function.
std::optional<std::vector<std::size_t>> parameter_sizes_of(const DriverApi& api, CUfunction function) {
    if (!api.cuFuncGetParamInfo) return std::nullopt;
    std::vector<std::size_t> sizes;
    for (std::size_t index = 0;; ++index) {
        std::size_t offset = 0, size = 0;
        const CUresult result = api.cuFuncGetParamInfo(function, index, &offset, &size);
        if (result == CUDA_ERROR_INVALID_VALUE) return sizes;
        check(result, "cuFuncGetParamInfo");
        sizes.push_back(size);
    }
}

// The sizes from the driver with the kinds and declarations the source gives, where it gives one
// per parameter; a pointer the driver does not see as 8 bytes was misread, and stays unknown.
std::vector<plugin::KernelParameter> parameters_of(const std::vector<std::size_t>& sizes, const std::string& name,
                                                   std::span<const plugin::CompileRequest> built_from) {
    std::vector<plugin::KernelParameter> parameters(sizes.size());
    const auto declared = plugin::declared_parameters(built_from, name, plugin::UnqualifiedPointers::global);
    const bool readable = declared && declared->size() == sizes.size();
    if (!readable)
        plugin::logger().debug("kernel '{}': its definition could not be read from the source; its arguments are "
                               "checked by size alone",
                               name);
    for (std::size_t index = 0; index < sizes.size(); ++index) {
        if (readable) parameters[index] = (*declared)[index];
        if (parameters[index].kind == plugin::ParameterKind::global_pointer && sizes[index] != sizeof(CUdeviceptr))
            parameters[index].kind = plugin::ParameterKind::unknown;
        parameters[index].size = sizes[index];
    }
    return parameters;
}

} // namespace

// The module's context is current: kernels are made by CudaModule::kernel.
CudaKernel::CudaKernel(std::shared_ptr<const LoadedModule> module, CUfunction function, std::string name,
                       std::span<const plugin::CompileRequest> built_from)
    : module_(std::move(module)), function_(function), name_(std::move(name)) {
    if (auto sizes = parameter_sizes_of(module_->context().api(), function_)) {
        parameters_ = parameters_of(*sizes, name_, built_from);
        parameter_count_ = parameters_.size();
    } else {
        parameter_count_ = std::numeric_limits<std::size_t>::max();
    }
    dynamic_shared_limit_.store(static_cast<std::size_t>(attribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)),
                                std::memory_order_relaxed);
}

int CudaKernel::attribute(CUfunction_attribute which) const {
    int value = 0;
    check(module_->context().api().cuFuncGetAttribute(&value, which, function_), "cuFuncGetAttribute");
    return value;
}

plugin::KernelAttributes CudaKernel::attributes() const {
    const CudaContext& context = module_->context();
    context.make_current();
    plugin::KernelAttributes attributes;
    attributes.max_threads_per_block = static_cast<std::size_t>(attribute(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK));
    attributes.preferred_multiple = context.device().simd_width;
    attributes.registers_per_thread = attribute(CU_FUNC_ATTRIBUTE_NUM_REGS);
    attributes.static_local_bytes = static_cast<std::size_t>(attribute(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES));
    attributes.private_bytes = static_cast<std::size_t>(attribute(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES));
    return attributes;
}

std::optional<std::size_t> CudaKernel::active_blocks_per_compute_unit(std::size_t block, std::size_t dynamic_local) {
    const CudaContext& context = module_->context();
    context.make_current();
    allow_dynamic_shared_bytes(dynamic_local);
    int blocks = 0;
    // Core passes a block within the kernel's limit (at most 1024) and local memory within the
    // device's, so both fit the driver's types.
    check(context.api().cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, function_, static_cast<int>(block),
                                                                   dynamic_local),
          "cuOccupancyMaxActiveBlocksPerMultiprocessor");
    return static_cast<std::size_t>(blocks);
}

std::optional<plugin::BlockSuggestion> CudaKernel::suggest_block_size(std::size_t dynamic_local) {
    const CudaContext& context = module_->context();
    context.make_current();
    allow_dynamic_shared_bytes(dynamic_local);
    int min_grid = 0;
    int block = 0;
    check(context.api().cuOccupancyMaxPotentialBlockSize(&min_grid, &block, function_, nullptr, dynamic_local, 0),
          "cuOccupancyMaxPotentialBlockSize");
    return plugin::BlockSuggestion{static_cast<std::size_t>(block), static_cast<std::size_t>(min_grid), false};
}

// Raises the limit to the most the device allows this kernel (its opt-in maximum less the
// kernel's static shared memory), not just to what this launch needs. Every raise thus sets the
// same value, so concurrent raises, from this object or another one for the same function,
// agree and never lower each other's limit. A launch asking for more than that still fails, in
// cuLaunchKernel, with the driver's error.
void CudaKernel::raise_dynamic_shared_limit() {
    const CudaContext& context = module_->context();
    const std::size_t device_limit = context.device().local_memory_bytes;
    const auto static_bytes = static_cast<std::size_t>(attribute(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES));
    if (static_bytes >= device_limit) return;
    const std::size_t limit = device_limit - static_bytes;
    const CUresult result =
        context.api().cuFuncSetAttribute(function_, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, static_cast<int>(limit));
    if (result != CUDA_SUCCESS)
        throw_driver_error(result, "cuFuncSetAttribute",
                           "letting kernel '" + name_ + "' use " + std::to_string(limit) + " bytes of dynamic shared memory");
    dynamic_shared_limit_.store(limit, std::memory_order_relaxed);
    plugin::logger().debug("kernel '{}' may now use {} bytes of dynamic shared memory", name_, limit);
}

} // namespace rtcg::cuda
