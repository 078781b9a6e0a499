#pragma once
/// \file
/// A kernel of a compiled Module, launched on a queue with a grid, a block and typed arguments:
///
/// \code
///   kernel(queue, rtcg::LaunchConfig::covering(n, 256), x_buffer, 2.0f, n);
/// \endcode
///
/// Before the launch reaches the driver, every mistake rtcg can see is an InvalidArgument naming
/// the kernel:
///  - the geometry (launch.hpp): each extent against the device's limits, the block against the
///    kernel's, every product against size_t, local memory against what a block can have;
///  - the argument count, where the driver reports it (always on OpenCL, on CUDA from driver 12.4);
///  - each argument: an empty buffer, a buffer of another context, a Buffer where the parameter
///    takes a value, a value where it takes a pointer (an integer is never taken for a device
///    address), and a size other than the parameter's. The kinds come from the driver on OpenCL
///    (kernel argument info) or else from the kernel's definition in the source; on CUDA from the
///    definition, the sizes from the driver. Where a parameter's kind cannot be known (a type
///    behind a macro rtcg cannot expand, a kernel defined in an included file), its size is
///    still checked where known; OpenCL's clSetKernelArg checks sizes itself.
/// A launch whose grid or block is empty does nothing.
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>
#include <rtcg/core/kernel_argument.hpp>
#include <rtcg/core/kernel_attributes.hpp>
#include <rtcg/core/launch.hpp>
#include <rtcg/core/occupancy.hpp>

#include <array>
#include <memory>
#include <span>
#include <string>

namespace rtcg {

/// A kernel of a compiled Module, launched with a grid, a block and typed arguments; see
/// kernel.hpp for the checks a launch makes. Copies share the kernel.
class RTCG_API Kernel {
public:
    /// An empty kernel; launching it is an InvalidArgument.
    Kernel() noexcept;
    ~Kernel();
    /// Copies and moves share the same kernel.
    Kernel(const Kernel&) noexcept;
    /// Copies and moves share the same kernel.
    Kernel& operator=(const Kernel&) noexcept;
    /// Copies and moves share the same kernel.
    Kernel(Kernel&&) noexcept;
    /// Copies and moves share the same kernel.
    Kernel& operator=(Kernel&&) noexcept;

    /// The kernel's name in its module.
    const std::string& name() const noexcept;
    /// What the backend reports of the compiled kernel.
    const KernelAttributes& attributes() const noexcept { return attributes_; }
    /// SIZE_MAX where the backend cannot tell.
    std::size_t parameter_count() const noexcept;

    /// Launches on `queue` with `config`; each argument is a Buffer, an Array's data, an image
    /// (Image::sampled, Image::storage: one or two parameters) or a trivially copyable value
    /// matching the parameter's size. InvalidArgument when the launch cannot be right.
    template <class... Args>
    void operator()(Queue& queue, const LaunchConfig& config, const Args&... args) const {
        const auto packed = detail::pack_kernel_arguments(args...);
        launch(queue, config, std::span<const KernelArgument>(packed));
    }

    /// The untyped launch the typed call above forwards to.
    void launch(Queue& queue, const LaunchConfig& config, std::span<const KernelArgument> args) const;

    /// Blocks of `block_size` threads with `dynamic_local_bytes` of dynamic local memory that fit
    /// on one compute unit at once (rtcg/core/occupancy.hpp). InvalidArgument for an empty kernel
    /// or a block of 0.
    Occupancy occupancy(std::size_t block_size, std::size_t dynamic_local_bytes = 0) const;
    /// The block size that keeps the most threads resident with `dynamic_local_bytes` per block
    /// (rtcg/core/occupancy.hpp). InvalidArgument for an empty kernel.
    BlockSuggestion suggest_block_size(std::size_t dynamic_local_bytes = 0) const;

private:
    friend class Module;
    Kernel(std::shared_ptr<detail::ContextState> context, std::shared_ptr<const detail::LoadedModule> module,
           std::shared_ptr<plugin::KernelImpl> impl);
    // Records a checked launch into the capture of `queue` (rtcg/core/graph.hpp).
    void capture(Queue& queue, const LaunchConfig& config, std::span<const KernelArgument> args) const;

    std::shared_ptr<detail::ContextState> context_;
    std::shared_ptr<const detail::LoadedModule> module_; ///< the kernel's code lives in it
    std::shared_ptr<plugin::KernelImpl> impl_;
    KernelAttributes attributes_;
};

} // namespace rtcg
