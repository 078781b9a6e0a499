#include "compile_request.hpp"
#include "context_state.hpp"
#include "environment.hpp"

#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/module.hpp>

#include <cstdint>
#include <cstring>
#include <utility>

namespace rtcg {
namespace {

// SPIR-V's first word, 0x07230203, in either byte order (a module may be written in either).
bool is_spirv(std::span<const std::byte> binary) {
    if (binary.size() < 4) return false;
    std::uint32_t word = 0;
    std::memcpy(&word, binary.data(), sizeof word);
    return word == 0x07230203u || word == 0x03022307u;
}

} // namespace

LinkInput LinkInput::source(std::string text) {
    LinkInput input;
    input.text_ = std::move(text);
    return input;
}

LinkInput LinkInput::source(std::string text, CompileOptions options) {
    LinkInput input = source(std::move(text));
    input.options_ = std::move(options);
    return input;
}

LinkInput LinkInput::binary(std::vector<std::byte> bytes) {
    LinkInput input;
    input.is_binary_ = true;
    input.bytes_ = std::move(bytes);
    return input;
}

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
    plugin::ContextImpl& impl = *context.state()->impl;
    try {
        module.module_ = std::make_shared<const detail::LoadedModule>(
            detail::LoadedModule{is_spirv(binary) ? impl.load_il(binary, request) : impl.load(binary, request), {}});
    } catch (const BackendError& error) {
        throw InvalidArgument("the driver rejected the " + std::to_string(binary.size()) + "-byte binary for " +
                                  context.device().name + ": " + error.what(),
                              where, error.code(), error.code_name());
    }
    return module;
}

Module Module::link(const Context& context, std::initializer_list<LinkInput> units, const CompileOptions& options) {
    return link(context, std::span<const LinkInput>(units.begin(), units.size()), options);
}

Module Module::link(const Context& context, std::span<const LinkInput> units, const CompileOptions& options) {
    constexpr const char* where = "Module::link";
    if (units.empty()) throw InvalidArgument("there are no units to link", where);
    plugin::LinkRequest request;
    request.units.reserve(units.size());
    for (std::size_t index = 0; index < units.size(); ++index) {
        const LinkInput& unit = units[index];
        const std::string which = "unit " + std::to_string(index) + " of " + std::to_string(units.size());
        plugin::LinkUnit linked;
        if (!unit.is_binary()) {
            linked.request = detail::make_compile_request(unit.text(), unit.options().value_or(options),
                                                          context.device());
        } else if (unit.bytes().empty()) {
            throw InvalidArgument(which + " is an empty binary", where);
        } else if (is_spirv(unit.bytes())) {
            throw InvalidArgument(which + " is SPIR-V, which rtcg does not link; load a whole SPIR-V module with "
                                          "Module::from_binary",
                                  where);
        } else {
            linked.binary = unit.bytes();
        }
        request.units.push_back(std::move(linked));
    }
    request.debug = detail::env_flag(detail::debug_variable);
    Module module;
    module.context_ = context.state();
    module.module_ = module.context_->link(request);
    return module;
}

std::vector<std::byte> Module::compile_for_link(const Context& context, std::string_view source,
                                                const CompileOptions& options) {
    return context.state()->impl->compile_object(detail::make_compile_request(source, options, context.device())).bytes;
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
