#pragma once
// Compiling without a device: NVRTC to a cubin for a named architecture, on machines with no
// NVIDIA driver. Used by compile-only tests and for ahead-of-time builds.
#include <rtcg/core/export.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/plugin/backend.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg {

using CompiledBinary = plugin::CompiledBinary;

class RTCG_API OfflineCompiler {
public:
    // Throws BackendUnavailable when the backend or its compiler is missing, InvalidArgument for
    // an unknown target.
    OfflineCompiler(std::string_view backend, std::string_view target);
    ~OfflineCompiler();
    OfflineCompiler(OfflineCompiler&&) noexcept;
    OfflineCompiler& operator=(OfflineCompiler&&) noexcept;

    // Targets the backend can compile for without a device (empty if none).
    static std::vector<std::string> targets(std::string_view backend);

    std::string identity() const;
    // Throws CompileError with the log and the offending source lines.
    CompiledBinary compile(std::string_view source, const CompileOptions& options = {}) const;

private:
    std::unique_ptr<plugin::OfflineCompiler> impl_;
};

} // namespace rtcg
