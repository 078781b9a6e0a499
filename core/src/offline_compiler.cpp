#include "compile_request.hpp"
#include "plugin_loader.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/offline_compiler.hpp>

namespace rtcg {

namespace {

plugin::Backend& backend_named(std::string_view name) {
    for (const std::string& known : detail::known_backends()) {
        if (known != name) continue;
        const auto& plugin = detail::load_plugin(known);
        if (!plugin.backend) throw BackendUnavailable(plugin.failure, "OfflineCompiler");
        return *plugin.backend;
    }
    throw InvalidArgument("unknown backend '" + std::string(name) + "'; rtcg has " + detail::known_backend_list(),
                          "OfflineCompiler");
}

} // namespace

OfflineCompiler::OfflineCompiler(std::string_view backend, std::string_view target)
    : impl_(backend_named(backend).offline_compiler(target)) {
    target_.backend = backend;
    target_.architecture = target;
}
OfflineCompiler::~OfflineCompiler() = default;
OfflineCompiler::OfflineCompiler(OfflineCompiler&&) noexcept = default;
OfflineCompiler& OfflineCompiler::operator=(OfflineCompiler&&) noexcept = default;

std::vector<std::string> OfflineCompiler::targets(std::string_view backend) {
    return backend_named(backend).offline_targets();
}

std::string OfflineCompiler::identity() const { return impl_->identity(); }

CompiledBinary OfflineCompiler::compile(std::string_view source, const CompileOptions& options) const {
    return impl_->compile(detail::make_compile_request(source, options, target_));
}

} // namespace rtcg
