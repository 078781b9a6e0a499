#include "compile_request.hpp"
#include "context_state.hpp"

#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/module.hpp>

namespace rtcg {

Module::Module() noexcept = default;
Module::~Module() = default;
Module::Module(const Module&) noexcept = default;
Module& Module::operator=(const Module&) noexcept = default;
Module::Module(Module&&) noexcept = default;
Module& Module::operator=(Module&&) noexcept = default;

Module::Module(const Context& context, std::string_view source, const CompileOptions& options)
    : context_(context.state()), module_(context_->build(detail::make_compile_request(source, options, context.device()))) {}

Module Module::from_binary(const Context& context, std::span<const std::byte> binary, const CompileOptions& options) {
    constexpr const char* where = "Module::from_binary";
    if (binary.empty()) throw InvalidArgument("the binary is empty", where);
    plugin::CompileRequest request = detail::make_compile_request({}, options, context.device());
    request.source.clear(); // a prelude describes source, of which a binary has none
    Module module;
    module.context_ = context.state();
    try {
        module.module_ = std::make_shared<const detail::LoadedModule>(
            detail::LoadedModule{context.state()->impl->load(binary, request), {}});
    } catch (const BackendError& error) {
        throw InvalidArgument("the driver rejected the " + std::to_string(binary.size()) + "-byte binary for " +
                                  context.device().name + ": " + error.what(),
                              where, error.code(), error.code_name());
    }
    return module;
}

Kernel Module::kernel(const std::string& name) const {
    if (!module_) throw InvalidArgument("the module is empty (default-constructed or moved from)", "Module::kernel");
    return Kernel(context_, module_, module_->impl->kernel(name));
}

std::vector<std::string> Module::kernel_names() const {
    if (!module_) return {};
    return module_->impl->kernel_names();
}

const std::string& Module::build_log() const noexcept {
    static const std::string none;
    return module_ ? module_->build_log : none;
}

} // namespace rtcg
