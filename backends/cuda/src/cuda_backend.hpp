#pragma once
// The CUDA backend: the devices the driver reports, contexts on them, and NVRTC for offline
// compiles.
#include <rtcg/core/plugin/backend.hpp>

#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::cuda {

class CudaBackend final : public plugin::Backend {
public:
    std::string_view name() const noexcept override { return "cuda"; }
    bool has_platforms() const noexcept override { return false; }
    // The driver's own API: first choice.
    int preference(const DeviceInfo&) const noexcept override { return 0; }
    // Loads the driver and calls cuInit on first use. Throws BackendUnavailable when the driver
    // is missing, fails to initialise (no device, say) or reports no device.
    std::vector<plugin::DeviceEntry> devices() override;
    std::unique_ptr<plugin::ContextImpl> create_context(const plugin::DeviceEntry& device) override;
    // These need only NVRTC, never the driver.
    std::vector<std::string> offline_targets() override;
    std::unique_ptr<plugin::OfflineCompiler> offline_compiler(std::string_view target) override;

private:
    // The devices, enumerated once; the vector never changes after that.
    const std::vector<plugin::DeviceEntry>& enumerated_devices();

    std::mutex enumeration_mutex_;
    // Filled by the first successful enumeration: devices do not come and go while a process
    // runs, and cuInit's outcome is fixed for its lifetime.
    std::optional<std::vector<plugin::DeviceEntry>> devices_;
};

} // namespace rtcg::cuda
