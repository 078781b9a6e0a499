#include "cuda_module.hpp"

#include "cuda_kernel.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>

namespace rtcg::cuda {

CudaModule::CudaModule(const CudaContext& context, std::span<const std::byte> image, plugin::SourcesOfModule built_from)
    : module_(std::make_shared<const LoadedModule>(context, image)), built_from_(std::move(built_from)) {}

std::unique_ptr<plugin::KernelImpl> CudaModule::kernel(const std::string& name) {
    const CudaContext& context = module_->context();
    context.make_current();
    CUfunction function = nullptr;
    const CUresult result = context.api().cuModuleGetFunction(&function, module_->handle(), name.c_str());
    if (result == CUDA_ERROR_NOT_FOUND) throw InvalidArgument(missing_kernel_message(name), "Module::kernel");
    check(result, "cuModuleGetFunction");
    return std::make_unique<CudaKernel>(module_, function, name, *built_from_);
}

std::vector<std::string> CudaModule::kernel_names() const {
    const CudaContext& context = module_->context();
    const DriverApi& api = context.api();
    if (!api.can_list_kernels()) return {};
    context.make_current();
    unsigned count = 0;
    check(api.cuModuleGetFunctionCount(&count, module_->handle()), "cuModuleGetFunctionCount");
    // The driver refuses to enumerate into an empty array (CUDA_ERROR_INVALID_VALUE).
    if (count == 0) return {};
    std::vector<CUfunction> functions(count);
    check(api.cuModuleEnumerateFunctions(functions.data(), count, module_->handle()), "cuModuleEnumerateFunctions");
    std::vector<std::string> names;
    names.reserve(count);
    for (const CUfunction function : functions) {
        const char* name = nullptr;
        check(api.cuFuncGetName(&name, function), "cuFuncGetName");
        names.emplace_back(name ? name : "");
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::string CudaModule::missing_kernel_message(const std::string& name) const {
    std::string message = "module has no kernel '" + name + "'";
    if (!module_->context().api().can_list_kernels()) {
        message += " (this NVIDIA driver cannot list the kernels a module has)";
    } else if (const auto names = kernel_names(); names.empty()) {
        message += "; it has no kernels at all";
    } else {
        message += "; it has: ";
        for (std::size_t index = 0; index < names.size(); ++index) message += (index ? ", " : "") + names[index];
    }
    return message + ". CUDA finds a kernel by its source name only when it is declared extern \"C\"; "
                     "other kernels have C++-mangled names";
}

} // namespace rtcg::cuda
