#include "launch_checks.hpp"

#include <rtcg/core/error.hpp>

#include <array>
#include <limits>

namespace rtcg::detail {
namespace {

constexpr const char* where = "Kernel::launch";
constexpr std::array<const char*, 3> axes = {"x", "y", "z"};

std::string describe(const Dim3& dim) {
    return "(" + std::to_string(dim.x) + ", " + std::to_string(dim.y) + ", " + std::to_string(dim.z) + ")";
}

std::size_t extent(const Dim3& dim, std::size_t axis) { return axis == 0 ? dim.x : axis == 1 ? dim.y : dim.z; }

// A limit of 0 is one the backend did not report.
void check_extents(const std::string& kernel, const char* what, const Dim3& dim,
                   const std::array<std::size_t, 3>& limits, const char* unit) {
    for (std::size_t axis = 0; axis < 3; ++axis)
        if (limits[axis] != 0 && extent(dim, axis) > limits[axis])
            throw InvalidArgument("the " + std::string(what) + " " + describe(dim) + " of the launch of kernel '" +
                                      kernel + "' has " + std::to_string(extent(dim, axis)) + " " + unit + " in " +
                                      axes[axis] + ", which exceeds the " + std::to_string(limits[axis]) +
                                      " the device allows",
                                  where);
}

// a * b, or InvalidArgument when the product does not fit size_t.
std::size_t product(std::size_t a, std::size_t b, const std::string& kernel, const LaunchConfig& config) {
    if (b != 0 && a > std::numeric_limits<std::size_t>::max() / b)
        throw InvalidArgument("the launch of kernel '" + kernel + "' with grid " + describe(config.grid) +
                                  " and block " + describe(config.block) + " has more threads than size_t can count",
                              where);
    return a * b;
}

std::size_t volume(const Dim3& dim, const std::string& kernel, const LaunchConfig& config) {
    return product(product(dim.x, dim.y, kernel, config), dim.z, kernel, config);
}

} // namespace

void check_launch_geometry(const std::string& kernel, const LaunchConfig& config,
                           const KernelAttributes& attributes, const DeviceInfo& device) {
    check_extents(kernel, "block", config.block, device.max_work_item_sizes, "threads");
    check_extents(kernel, "grid", config.grid, device.max_grid_size, "blocks");
    const std::size_t block_threads = volume(config.block, kernel, config);
    if (block_threads > attributes.max_threads_per_block)
        throw InvalidArgument("a block of " + std::to_string(block_threads) + " threads exceeds the " +
                                  std::to_string(attributes.max_threads_per_block) + " that kernel '" + kernel +
                                  "' allows on this device",
                              where);
    product(volume(config.grid, kernel, config), block_threads, kernel, config);
    if (config.local_memory_carveout && *config.local_memory_carveout > 100)
        throw InvalidArgument("the launch of kernel '" + kernel + "' prefers a local-memory carveout of " +
                                  std::to_string(*config.local_memory_carveout) +
                                  " percent; a carveout is a share of the on-chip memory, from 0 to 100 percent",
                              where);

    const std::size_t static_bytes = attributes.static_local_bytes.value_or(0);
    if (device.local_memory_bytes != 0 && (static_bytes > device.local_memory_bytes ||
                                           config.dynamic_local_bytes > device.local_memory_bytes - static_bytes))
        throw InvalidArgument("the launch of kernel '" + kernel + "' asks for " +
                                  std::to_string(config.dynamic_local_bytes) +
                                  " bytes of dynamic local memory; with the kernel's " + std::to_string(static_bytes) +
                                  " bytes of static local memory that is more than the " +
                                  std::to_string(device.local_memory_bytes) + " bytes a block can have on this device",
                              where);
}

} // namespace rtcg::detail
