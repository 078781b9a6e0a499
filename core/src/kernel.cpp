#include "context_state.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/core/queue.hpp>

#include <limits>

namespace rtcg {
namespace {

constexpr std::size_t unknown_count = std::numeric_limits<std::size_t>::max();

std::string describe(const plugin::KernelArgument& arg) {
    return arg.value ? std::to_string(arg.size) + "-byte value" : "buffer";
}

} // namespace

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

void Kernel::check_arguments(const LaunchConfig& config, std::span<const plugin::KernelArgument> args) const {
    const bool implicit_local = config.dynamic_local_bytes > 0 && context_->impl->dynamic_local_is_argument();
    const std::size_t parameters = impl_->parameter_count();
    if (implicit_local && parameters == 0)
        throw InvalidArgument("kernel '" + name() + "' has no trailing parameter for its dynamic local memory",
                              "Kernel::launch");
    const std::size_t expected = parameters - (implicit_local && parameters != unknown_count ? 1 : 0);
    if (parameters != unknown_count && args.size() != expected)
        throw InvalidArgument("kernel '" + name() + "' takes " + std::to_string(expected) + " arguments, " +
                                  std::to_string(args.size()) + " were given",
                              "Kernel::launch");
    const auto& sizes = impl_->parameter_sizes();
    const std::size_t pointer_size = context_->description.info.address_bits / 8;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (!args[i].buffer && !args[i].value)
            throw InvalidArgument("argument " + std::to_string(i) + " of kernel '" + name() +
                                      "' is an empty buffer (zero bytes, released or moved from)",
                                  "Kernel::launch");
        if (i < sizes.size()) {
            const std::size_t given = args[i].value ? args[i].size : pointer_size;
            if (given != sizes[i])
                throw InvalidArgument("argument " + std::to_string(i) + " of kernel '" + name() + "' is a " +
                                          describe(args[i]) + ", but the kernel's parameter takes " +
                                          std::to_string(sizes[i]) + " bytes",
                                      "Kernel::launch");
        }
    }
}

void Kernel::launch(Queue& queue, const LaunchConfig& config, std::span<const plugin::KernelArgument> args) const {
    constexpr const char* where = "Kernel::launch";
    if (!impl_) throw InvalidArgument("the kernel is empty (default-constructed or moved from)", where);
    if (!queue.impl()) throw InvalidArgument("the queue is empty (moved from)", where);
    if (queue.context_state() != context_.get())
        throw InvalidArgument("kernel '" + name() + "' and the queue belong to different contexts", where);
    if (config.grid.volume() == 0 || config.block.volume() == 0) return;
    check_arguments(config, args);
    if (config.block.volume() > attributes_.max_threads_per_block)
        throw InvalidArgument("a block of " + std::to_string(config.block.volume()) + " threads exceeds the " +
                                  std::to_string(attributes_.max_threads_per_block) + " that kernel '" + name() +
                                  "' allows on this device",
                              where);
    queue.impl()->launch(*impl_, config, args);
}

} // namespace rtcg
