#include "nvrtc_api.hpp"

#include "shared_library.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace rtcg::cuda {
namespace {

struct NvrtcLoad {
    std::optional<NvrtcApi> api;
    std::string failure; // why `api` is empty
};

// Where NVRTC may be: first wherever the dynamic loader looks (LD_LIBRARY_PATH, ldconfig), then
// the toolkit named by CUDA_PATH, then the toolkit's default home. Newest release first.
std::vector<std::string> candidate_paths() {
    const char* const names[] = {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"};
    std::vector<std::string> directories{""};
    if (const char* cuda_path = std::getenv("CUDA_PATH"); cuda_path && *cuda_path)
        directories.push_back(std::string(cuda_path) + "/lib64/");
    directories.emplace_back("/usr/local/cuda/lib64/");
    std::vector<std::string> paths;
    for (const auto& directory : directories)
        for (const char* name : names) paths.push_back(directory + name);
    return paths;
}

// Resolves every function and asks NVRTC what it is; the reason it is unusable otherwise.
std::optional<std::string> bind(SharedLibrary& library, NvrtcApi& api) {
    std::string missing;
    const auto resolve = [&](auto& pointer, const char* name) {
        pointer = library.symbol<std::remove_reference_t<decltype(pointer)>>(name);
        if (!pointer) missing += (missing.empty() ? "" : ", ") + std::string(name);
    };
#define RTCG_CUDA_RESOLVE(function) resolve(api.function, #function);
    RTCG_CUDA_NVRTC_FUNCTIONS(RTCG_CUDA_RESOLVE)
#undef RTCG_CUDA_RESOLVE
    if (!missing.empty()) return "lacks " + missing;

    int major = 0, minor = 0, count = 0;
    nvrtcResult result = api.nvrtcVersion(&major, &minor);
    if (result == NVRTC_SUCCESS) result = api.nvrtcGetNumSupportedArchs(&count);
    if (result == NVRTC_SUCCESS) {
        api.supported_architectures.resize(static_cast<std::size_t>(count));
        result = api.nvrtcGetSupportedArchs(api.supported_architectures.data());
    }
    if (result != NVRTC_SUCCESS)
        return std::string("could not report its version and architectures: ") + api.nvrtcGetErrorString(result);
    std::sort(api.supported_architectures.begin(), api.supported_architectures.end());
    api.version = std::to_string(major) + "." + std::to_string(minor);
    return std::nullopt;
}

NvrtcLoad load_nvrtc() {
    std::string reasons;
    for (const auto& path : candidate_paths()) {
        SharedLibrary library(path);
        std::optional<std::string> unusable;
        NvrtcApi api;
        if (!library.is_open())
            unusable = library.error();
        else if ((unusable = bind(library, api)))
            *unusable = path + " " + *unusable;
        if (unusable) {
            reasons += (reasons.empty() ? "" : "; ") + *unusable;
            continue;
        }
        plugin::logger().debug("NVRTC {} loaded from {}", api.version, path);
        // Kept loaded for good, like the driver: its functions are called until the process ends.
        library.keep_loaded();
        return {std::move(api), {}};
    }
    return {std::nullopt, "NVRTC (the CUDA run-time compiler) was not found: " + reasons};
}

const NvrtcLoad& loaded_nvrtc() {
    // Allocated once and never freed, so that compiles during static destruction still work.
    static const NvrtcLoad* const loaded = new NvrtcLoad(load_nvrtc());
    return *loaded;
}

} // namespace

const NvrtcApi* find_nvrtc() {
    const NvrtcLoad& loaded = loaded_nvrtc();
    return loaded.api ? &*loaded.api : nullptr;
}

const NvrtcApi& nvrtc_api() {
    const NvrtcLoad& loaded = loaded_nvrtc();
    if (!loaded.api) throw BackendUnavailable(loaded.failure, "dlopen");
    return *loaded.api;
}

} // namespace rtcg::cuda
