#include "driver_api.hpp"

#include "shared_library.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <optional>
#include <string>
#include <type_traits>

namespace rtcg::cuda {
namespace {

// Stringifies after macro expansion, so that cuMemAlloc names the symbol "cuMemAlloc_v2".
#define RTCG_CUDA_SYMBOL_NAME(function) RTCG_CUDA_SYMBOL_NAME_OF_EXPANDED(function)
#define RTCG_CUDA_SYMBOL_NAME_OF_EXPANDED(function) #function

struct DriverLoad {
    std::optional<DriverApi> api;
    std::string failure;     // why `api` is empty
    const char* failed_call; // "dlopen" or "dlsym"
};

std::string installed_driver_version(const DriverApi& api) {
    int version = 0;
    if (api.cuDriverGetVersion && api.cuDriverGetVersion(&version) == CUDA_SUCCESS)
        return "CUDA " + cuda_version_string(version);
    return "of unknown version";
}

DriverLoad load_driver() {
    SharedLibrary library("libcuda.so.1");
    if (!library.is_open())
        return {std::nullopt,
                "libcuda.so.1 was not found, so no NVIDIA driver is installed here (" + library.error() + ")", "dlopen"};

    DriverApi api;
    std::string missing;
    const auto resolve = [&](auto& pointer, const char* name, bool required) {
        pointer = library.symbol<std::remove_reference_t<decltype(pointer)>>(name);
        if (!pointer && required) missing += (missing.empty() ? "" : ", ") + std::string(name);
    };
#define RTCG_CUDA_RESOLVE_REQUIRED(function) resolve(api.function, RTCG_CUDA_SYMBOL_NAME(function), true);
#define RTCG_CUDA_RESOLVE_OPTIONAL(function) resolve(api.function, RTCG_CUDA_SYMBOL_NAME(function), false);
    RTCG_CUDA_REQUIRED_DRIVER_FUNCTIONS(RTCG_CUDA_RESOLVE_REQUIRED)
    RTCG_CUDA_OPTIONAL_DRIVER_FUNCTIONS(RTCG_CUDA_RESOLVE_OPTIONAL)
#undef RTCG_CUDA_RESOLVE_REQUIRED
#undef RTCG_CUDA_RESOLVE_OPTIONAL

    if (!missing.empty())
        return {std::nullopt, "the NVIDIA driver (" + installed_driver_version(api) + ") is older than the CUDA " +
                                  cuda_version_string(CUDA_VERSION) +
                                  " headers the rtcg CUDA plug-in was built with: libcuda.so.1 lacks " + missing,
                "dlsym"};
    if (!api.can_list_kernels() || !api.cuFuncGetParamInfo)
        plugin::logger().debug("this NVIDIA driver cannot list a module's kernels or report kernel parameters; "
                               "rtcg goes without those checks");
    // The driver stays loaded for good: contexts, queues and buffers released by static
    // destructors at exit still call into it.
    library.keep_loaded();
    return {api, {}, nullptr};
}

} // namespace

const DriverApi& driver_api() {
    // Allocated once and never freed, for the same reason the library is never unloaded.
    static const DriverLoad* const loaded = new DriverLoad(load_driver());
    if (!loaded->api) throw BackendUnavailable(loaded->failure, loaded->failed_call);
    return *loaded->api;
}

std::string cuda_version_string(int version) {
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

} // namespace rtcg::cuda
