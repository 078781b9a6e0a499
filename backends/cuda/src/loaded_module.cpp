#include "loaded_module.hpp"

#include "module_image.hpp"

#include <array>
#include <cstdint>
#include <string>

namespace rtcg::cuda {

LoadedModule::LoadedModule(const CudaContext& context, std::span<const std::byte> image) : context_(context) {
    const ModuleImage checked(image);
    // The driver writes why it rejected an image (chiefly PTX it failed to compile) here. It is
    // offered one byte less than it has, so that the last byte stays NUL.
    std::array<char, 8192> error_log{};
    std::array<CUjit_option, 2> options{CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    std::array<void*, 2> values{error_log.data(), reinterpret_cast<void*>(std::uintptr_t{error_log.size() - 1})};

    context_.make_current();
    const CUresult result = context_.api().cuModuleLoadDataEx(&module_, checked.data(), static_cast<unsigned>(options.size()),
                                                              options.data(), values.data());
    if (result != CUDA_SUCCESS) {
        std::string what = std::string("loading a ") + (checked.is_cubin() ? "cubin" : "PTX") + " module";
        if (error_log.front() != '\0') what += " (the driver's log: " + std::string(error_log.data()) + ")";
        throw_driver_error(result, "cuModuleLoadDataEx", what);
    }
}

LoadedModule::~LoadedModule() {
    if (context_.make_current_or_warn()) succeeded_or_warn(context_.api().cuModuleUnload(module_), "cuModuleUnload");
}

} // namespace rtcg::cuda
