#pragma once
// A kernel of a compiled Module, launched on a queue with a grid, a block and typed arguments:
//
//   kernel(queue, rtcg::LaunchConfig::covering(n, 256), x_buffer, 2.0f, n);
//
// Arguments are checked against the kernel before the launch: count always, each one's size
// where the backend reports parameter sizes (CUDA), the block against the kernel's limit.
// A launch whose grid or block is empty does nothing.
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>
#include <rtcg/core/kernel_arguments.hpp>
#include <rtcg/core/launch.hpp>
#include <rtcg/core/plugin/backend.hpp>

#include <array>
#include <memory>
#include <span>
#include <string>

namespace rtcg {

using KernelAttributes = plugin::KernelAttributes;

class RTCG_API Kernel {
public:
    Kernel() noexcept;
    ~Kernel();
    Kernel(const Kernel&) noexcept;
    Kernel& operator=(const Kernel&) noexcept;
    Kernel(Kernel&&) noexcept;
    Kernel& operator=(Kernel&&) noexcept;

    const std::string& name() const noexcept;
    const KernelAttributes& attributes() const noexcept { return attributes_; }
    // SIZE_MAX where the backend cannot tell.
    std::size_t parameter_count() const noexcept;

    template <class... Args>
    void operator()(Queue& queue, const LaunchConfig& config, const Args&... args) const {
        const std::array<plugin::KernelArgument, sizeof...(Args)> packed{detail::kernel_argument(args)...};
        launch(queue, config, std::span<const plugin::KernelArgument>(packed));
    }

    // The untyped launch the typed call above forwards to.
    void launch(Queue& queue, const LaunchConfig& config, std::span<const plugin::KernelArgument> args) const;

private:
    friend class Module;
    Kernel(std::shared_ptr<detail::ContextState> context, std::shared_ptr<const detail::LoadedModule> module,
           std::shared_ptr<plugin::KernelImpl> impl);

    void check_arguments(const LaunchConfig& config, std::span<const plugin::KernelArgument> args) const;

    std::shared_ptr<detail::ContextState> context_;
    std::shared_ptr<const detail::LoadedModule> module_; // the kernel's code lives in it
    std::shared_ptr<plugin::KernelImpl> impl_;
    KernelAttributes attributes_;
};

} // namespace rtcg
