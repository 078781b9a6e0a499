#include "backend_selector.hpp"
#include "context_state.hpp"
#include "environment.hpp"
#include "plugin_loader.hpp"

#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/memory_pool.hpp>
#include <rtcg/core/plugin/support.hpp>

namespace rtcg {
namespace {

Context open_device(const DeviceDescription& device) {
    plugin::Backend* backend = detail::load_plugin(device.info.backend).backend;
    auto state = std::make_shared<detail::ContextState>(*backend, device);
    plugin::logger().debug("opened {} ({})", device.selector, device.info.name);
    return Context(std::move(state));
}

Context open_first_match(const detail::BackendSelector* selector, const char* asked_by) {
    const auto reports = backend_reports();
    for (const auto& device : detail::devices_in_preference_order(reports))
        if (!selector || detail::matches(*selector, device)) return open_device(device);
    const std::string wanted = selector ? std::string(asked_by) + " '" + selector->text + "'" : "the default selection";
    throw BackendUnavailable(wanted + " matches no usable device. Backends here:\n" +
                                 detail::describe_availability(reports),
                             "Context");
}

} // namespace

Context::Context(std::shared_ptr<detail::ContextState> state) noexcept : state_(std::move(state)) {}

Context Context::from_environment() {
    if (auto text = detail::env_string(detail::backend_variable)) {
        const auto selector = detail::parse_selector(*text);
        return open_first_match(&selector, "RTCG_BACKEND");
    }
    return open_first_match(nullptr, nullptr);
}

Context Context::create(std::string_view selector_text) {
    const auto selector = detail::parse_selector(selector_text);
    return open_first_match(&selector, "the selector");
}

const DeviceInfo& Context::device() const noexcept { return state_->description.info; }
const std::string& Context::selector() const noexcept { return state_->description.selector; }
Queue& Context::queue() const noexcept { return state_->default_queue; }

Queue Context::create_queue() const { return Queue(state_, state_->impl->create_queue()); }

Buffer Context::allocate(std::size_t bytes) const {
    detail::check_allocation_limit(device(), bytes, "Context::allocate");
    if (bytes == 0) return Buffer(state_, nullptr, 0);
    return Buffer(state_, state_->impl->allocate(bytes), bytes);
}

MemoryPool Context::memory_pool() const {
    // Shares the ownership of the context, which owns the pool.
    return MemoryPool(std::shared_ptr<detail::MemoryPoolState>(state_, &state_->default_pool()));
}

PinnedHostBuffer Context::allocate_pinned(std::size_t bytes) const {
    if (bytes == 0) return PinnedHostBuffer(state_, nullptr, 0);
    return PinnedHostBuffer(state_, state_->impl->allocate_host(bytes), bytes);
}

Module Context::compile(std::string_view source, const CompileOptions& options) const {
    return Module(*this, source, options);
}

} // namespace rtcg
