#pragma once
/// \file
/// Compiling without a device: NVRTC to a cubin for a named architecture, on machines with no
/// NVIDIA driver. Used by compile-only tests and for ahead-of-time builds.
#include <rtcg/core/compiled_binary.hpp>
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>
#include <rtcg/core/module.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg {

/// Compiles kernel source for a named target without a device, e.g. OfflineCompiler("cuda",
/// "sm_90"), to check code on machines without the GPU.
class RTCG_API OfflineCompiler {
public:
    /// Throws BackendUnavailable when the backend or its compiler is missing, InvalidArgument for
    /// an unknown target.
    OfflineCompiler(std::string_view backend, std::string_view target);
    ~OfflineCompiler();
    /// Moves leave the source empty.
    OfflineCompiler(OfflineCompiler&&) noexcept;
    /// Moves leave the source empty.
    OfflineCompiler& operator=(OfflineCompiler&&) noexcept;

    /// Targets the backend can compile for without a device (empty if none).
    static std::vector<std::string> targets(std::string_view backend);

    /// The compiler and target, e.g. "NVRTC 13.0 sm_90", as part of cache keys and messages.
    std::string identity() const;
    /// Throws CompileError with the log and the offending source lines. A CompileOptions::prelude
    /// sees a DeviceInfo that names the backend and the target (as its architecture) alone.
    CompiledBinary compile(std::string_view source, const CompileOptions& options = {}) const;

private:
    std::unique_ptr<plugin::OfflineCompiler> impl_;
    DeviceInfo target_;
};

} // namespace rtcg
