#include "backend_selector.hpp"
#include "buffer_recycler.hpp"
#include "context_state.hpp"
#include "environment.hpp"
#include "plugin_loader.hpp"

#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/memory_pool.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <limits>
#include <memory>

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
    throw BackendUnavailable(
        wanted + " matches no usable device. Backends here:\n" + detail::describe_availability(reports), "Context");
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

Queue Context::create_queue() const { return create_queue(QueueOptions{}); }

Queue Context::create_queue(const QueueOptions& options) const {
    if (options.order == QueueOrder::out_of_order && !device().out_of_order_queues)
        throw InvalidArgument(device().name + " (" + selector() + ") cannot run a queue's commands out of order" +
                                  (device().backend == "cuda" ? ": CUDA streams are in order; use several queues and "
                                                                "events to run work at once"
                                                              : " (DeviceInfo::out_of_order_queues)"),
                              "Context::create_queue");
    return Queue(state_, state_->impl->create_queue(options.order));
}

void Context::wait_for_callbacks() const {
    constexpr const char* where = "Context::wait_for_callbacks";
    state_->host_callbacks.wait_for_all(where);
    state_->host_callbacks.report_failures(where);
}

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

PitchedBuffer Context::allocate_pitched(std::size_t width_bytes, std::size_t height, std::size_t depth) const {
    constexpr const char* where = "Context::allocate_pitched";
    PitchedBuffer result{Buffer(state_, nullptr, 0), 0, width_bytes, height, depth};
    if (width_bytes == 0 || height == 0 || depth == 0) return result;
    const auto too_large = [&] {
        return OutOfMemory(std::to_string(depth) + " slices of " + std::to_string(height) + " rows of " +
                               std::to_string(width_bytes) + " bytes exceed the address range",
                           where);
    };
    constexpr std::size_t size_max = std::numeric_limits<std::size_t>::max();
    if (height > size_max / depth) throw too_large();
    const std::size_t rows = height * depth;
    if (width_bytes > size_max / rows) throw too_large();
    detail::check_allocation_limit(device(), width_bytes * rows, where);
    plugin::PitchedAllocation allocation = state_->impl->allocate_pitched(width_bytes, rows);
    // The backend chose the pitch; the buffer's size follows from it.
    const std::size_t bytes = allocation.buffer->size();
    result.buffer = Buffer(state_, std::move(allocation.buffer), bytes);
    result.row_pitch = allocation.pitch;
    return result;
}

namespace {

// Keeps mapped or managed host memory as long as the buffer through which kernels reach it, whose
// last owner (a graph) may outlive the MappedHostBuffer: the block goes first (it frees nothing),
// the host memory with this recycler.
class HostMemoryKeeper final : public detail::BufferRecycler {
public:
    explicit HostMemoryKeeper(std::shared_ptr<plugin::MappedMemoryImpl> memory) noexcept : memory_(std::move(memory)) {}
    void recycle(std::unique_ptr<plugin::BufferImpl> block) noexcept override { block.reset(); }

private:
    std::shared_ptr<plugin::MappedMemoryImpl> memory_;
};

} // namespace

MappedHostBuffer Context::allocate_mapped(std::size_t bytes) const {
    constexpr const char* where = "Context::allocate_mapped";
    if (bytes == 0) throw InvalidArgument("mapped host memory of 0 bytes has no address to map", where);
    if (!device().can_map_host_memory)
        throw InvalidArgument(device().name + " cannot use host memory in place (DeviceInfo::can_map_host_memory)",
                              where);
    detail::check_allocation_limit(device(), bytes, where);
    plugin::MappedAllocation allocation = state_->impl->allocate_mapped(bytes);
    std::shared_ptr<plugin::MappedMemoryImpl> host = std::move(allocation.host);
    Buffer buffer(state_, std::move(allocation.buffer), bytes, std::make_shared<HostMemoryKeeper>(host));
    return MappedHostBuffer(state_, std::move(host), std::move(buffer));
}

ManagedBuffer Context::allocate_managed(std::size_t bytes, Coherence coherence) const {
    constexpr const char* where = "Context::allocate_managed";
    if (bytes == 0) throw InvalidArgument("managed memory of 0 bytes has no address", where);
    const bool fine = coherence == Coherence::fine;
    if (!(fine ? device().managed_fine : device().managed_coarse))
        throw InvalidArgument(device().name + " has no " + (fine ? "fine" : "coarse") +
                                  "-grained managed memory (DeviceInfo::" + (fine ? "managed_fine" : "managed_coarse") +
                                  (device().backend == "opencl" ? "; OpenCL needs an SVM-capable device of OpenCL 2.0 "
                                                                  "or later"
                                                                : "") +
                                  ")",
                              where);
    detail::check_allocation_limit(device(), bytes, where);
    plugin::MappedAllocation allocation = state_->impl->allocate_managed(bytes, coherence);
    std::shared_ptr<plugin::MappedMemoryImpl> host = std::move(allocation.host);
    Buffer buffer(state_, std::move(allocation.buffer), bytes, std::make_shared<HostMemoryKeeper>(host));
    return ManagedBuffer(state_, std::move(host), std::move(buffer), coherence);
}

Module Context::compile(std::string_view source, const CompileOptions& options) const {
    return Module(*this, source, options);
}

} // namespace rtcg
