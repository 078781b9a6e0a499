#pragma once
// What Kernel::launch checks before a launch reaches the backend: the geometry against the
// device's and the kernel's limits, and the arguments against the kernel's parameters.
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/launch.hpp>
#include <rtcg/core/plugin/backend.hpp>

#include <span>
#include <string>

namespace rtcg::detail {

// InvalidArgument, naming the kernel, for an extent beyond the device's limits, a block beyond
// the kernel's, a product that does not fit size_t, more local memory than a block can have, or a
// local-memory carveout above 100 percent.
// `config` is not empty (Dim3::empty).
void check_launch_geometry(const std::string& kernel, const LaunchConfig& config,
                           const KernelAttributes& attributes, const DeviceInfo& device);

struct ArgumentRules {
    const detail::ContextState* context;  // the kernel's: every buffer must belong to it
    std::size_t pointer_size;             // bytes of a device pointer
    bool dynamic_local_is_argument;       // OpenCL: dynamic local memory takes the last parameter
};

// InvalidArgument, naming the kernel, the argument and its parameter, for a count that does not
// match, an empty buffer, a buffer of another context, a buffer where the parameter takes a value
// or a value where it takes a pointer, and a size that differs from the parameter's.
void check_kernel_arguments(const plugin::KernelImpl& kernel, const LaunchConfig& config,
                            std::span<const KernelArgument> args, const ArgumentRules& rules);

} // namespace rtcg::detail
