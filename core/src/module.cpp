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
