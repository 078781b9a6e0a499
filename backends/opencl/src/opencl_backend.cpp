#include "opencl_backend.hpp"

#include "opencl_context.hpp"
#include "pocl_cache_directory.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>

namespace rtcg::opencl {

const std::vector<FoundDevice>& OpenclBackend::found_devices() {
    std::lock_guard lock(mutex_);
    if (!found_) {
        // Around the plug-in's first OpenCL calls, before PoCL reads where its kernel cache is.
        const PoclCacheDirectoryScope pocl_cache;
        found_ = enumerate_devices();
    }
    return *found_;
}

std::vector<plugin::DeviceEntry> OpenclBackend::devices() {
    const auto& found = found_devices();
    std::vector<plugin::DeviceEntry> entries;
    entries.reserve(found.size());
    for (const auto& device : found) entries.push_back(device.entry);
    return entries;
}

std::unique_ptr<plugin::ContextImpl> OpenclBackend::create_context(const plugin::DeviceEntry& device) {
    const auto& found = found_devices();
    const auto match = std::find_if(found.begin(), found.end(), [&](const FoundDevice& candidate) {
        return candidate.entry.platform_index == device.platform_index &&
               candidate.entry.device_index == device.device_index;
    });
    if (match == found.end())
        throw InvalidArgument("no OpenCL device " + std::to_string(device.device_index) + " on platform " +
                                  std::to_string(device.platform_index) + " ('" + device.platform + "')",
                              "OpenclBackend::create_context");
    return std::make_unique<OpenclContext>(*match);
}

int OpenclBackend::preference(const DeviceInfo& device) const noexcept {
    switch (device.type) {
    case DeviceType::gpu: return 1;
    case DeviceType::cpu: return 2;
    default: return 3;
    }
}

std::unique_ptr<plugin::OfflineCompiler> OpenclBackend::offline_compiler(std::string_view) {
    throw BackendUnavailable("OpenCL compiles for a present device only; there is no offline compiler",
                             "OpenclBackend::offline_compiler");
}

} // namespace rtcg::opencl
