#pragma once
// The OpenCL backend: device discovery (cached) and contexts.
#include "device_enumeration.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <mutex>
#include <optional>
#include <vector>

namespace rtcg::opencl {

class OpenclBackend final : public plugin::Backend {
public:
    std::string_view name() const noexcept override { return "opencl"; }
    bool has_platforms() const noexcept override { return true; }
    // A portable API: GPUs after those of a vendor's own backend, then CPUs.
    int preference(const DeviceInfo& device) const noexcept override;
    std::vector<plugin::DeviceEntry> devices() override;
    std::unique_ptr<plugin::ContextImpl> create_context(const plugin::DeviceEntry& device) override;
    std::vector<std::string> offline_targets() override { return {}; }
    std::unique_ptr<plugin::OfflineCompiler> offline_compiler(std::string_view target) override;

private:
    // Enumerates once, on first success; a failure is not cached, so a later call retries.
    const std::vector<FoundDevice>& found_devices();

    std::mutex mutex_;
    std::optional<std::vector<FoundDevice>> found_;
};

} // namespace rtcg::opencl
