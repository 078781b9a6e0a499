#include "capture_state.hpp"
#include "context_state.hpp"
#include "launch_checks.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/core/queue.hpp>

namespace rtcg {

Kernel::Kernel() noexcept = default;
Kernel::~Kernel() = default;
Kernel::Kernel(const Kernel&) noexcept = default;
Kernel& Kernel::operator=(const Kernel&) noexcept = default;
Kernel::Kernel(Kernel&&) noexcept = default;
Kernel& Kernel::operator=(Kernel&&) noexcept = default;

Kernel::Kernel(std::shared_ptr<detail::ContextState> context, std::shared_ptr<const detail::LoadedModule> module,
               std::shared_ptr<plugin::KernelImpl> impl)
    : context_(std::move(context)), module_(std::move(module)), impl_(std::move(impl)),
      attributes_(impl_->attributes()) {}

const std::string& Kernel::name() const noexcept {
    static const std::string none;
    return impl_ ? impl_->name() : none;
}

std::size_t Kernel::parameter_count() const noexcept { return impl_ ? impl_->parameter_count() : 0; }

void Kernel::launch(Queue& queue, const LaunchConfig& config, std::span<const KernelArgument> args) const {
    constexpr const char* where = "Kernel::launch";
    if (!impl_) throw InvalidArgument("the kernel is empty (default-constructed or moved from)", where);
    if (!queue.impl()) throw InvalidArgument("the queue is empty (moved from)", where);
    if (queue.context_state() != context_.get())
        throw InvalidArgument("kernel '" + name() + "' and the queue belong to different contexts", where);
    if (config.grid.empty() || config.block.empty()) return;
    const DeviceInfo& device = context_->description.info;
    detail::check_launch_geometry(name(), config, attributes_, device);
    detail::check_kernel_arguments(
        *impl_, config, args, {context_.get(), device.address_bits / 8, context_->impl->dynamic_local_is_argument()});
    if (queue.capture_) return capture(queue, config, args);
    queue.impl()->launch(*impl_, config, args);
}

void Kernel::capture(Queue& queue, const LaunchConfig& config, std::span<const KernelArgument> args) const {
    for (std::size_t index = 0; index < args.size(); ++index)
        if (!args[index].buffer && args[index].context)
            throw CaptureError("argument " + std::to_string(index) + " of kernel '" + name() +
                                   "' passes an image, which queue #" + std::to_string(queue.id()) +
                                   "'s capture cannot keep alive: launch kernels that use images outside captures",
                               "Kernel::launch");
    detail::CaptureState& capture = *queue.capture_;
    plugin::CapturedLaunch launch(*impl_, config, args);
    capture.keep_alive.hold(impl_);
    capture.keep_alive.hold(module_);
    for (const KernelArgument& argument : args) capture.keep_alive.hold_buffer(argument.buffer);
    capture.record({}, std::move(launch));
}

} // namespace rtcg
