#include "reduction_launch.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <bit>

namespace rtcg::detail {
namespace {

// The registers of a multiprocessor on every NVIDIA GPU since Maxwell, which the work-items
// resident on it share.
constexpr std::size_t registers_per_unit = 65536;

} // namespace

WorkShape reduction_shape(const DeviceInfo& device, const ReductionPolicy& policy,
                               const codegen::DType& dtype_out, const std::string& kernel) {
    std::size_t limit = policy.block_size;
    if (device.max_work_group_size) limit = std::min(limit, device.max_work_group_size);
    if (device.max_work_item_sizes[0]) limit = std::min(limit, device.max_work_item_sizes[0]);
    if (device.local_memory_bytes)
        limit = std::min<std::size_t>(limit, device.local_memory_bytes / dtype_out.size());
    if (limit == 0)
        throw InvalidArgument(kernel + ": one value of the output type " + std::string(dtype_out.name()) + " (" +
                              std::to_string(dtype_out.size()) + " bytes) does not fit the device's " +
                              std::to_string(device.local_memory_bytes) + " bytes of local memory");
    const std::size_t items = std::clamp(policy.batch_bytes / dtype_out.size(), policy.min_items_per_work_item,
                                         policy.max_items_per_work_item);
    return WorkShape{std::bit_floor(limit), items};
}

std::size_t launch_group_size(const Kernel& kernel, const WorkShape& shape) {
    std::size_t size = shape.block;
    if (kernel.attributes().max_threads_per_block) size = std::min(size, kernel.attributes().max_threads_per_block);
    return std::bit_floor(std::max<std::size_t>(size, 1));
}

std::size_t resident_groups(const DeviceInfo& device, const ReductionPolicy& policy, const Kernel& kernel,
                            std::size_t group_size) {
    std::size_t work_items = policy.resident_work_items_per_compute_unit;
    if (const auto registers = kernel.attributes().registers_per_thread; registers && *registers > 0)
        work_items = std::min(work_items, registers_per_unit / static_cast<std::size_t>(*registers));
    const std::size_t per_unit = std::max<std::size_t>(work_items / group_size, 1);
    std::size_t groups = std::max<std::size_t>(device.compute_units, 1) * per_unit;
    if (device.max_grid_size[0]) groups = std::min(groups, device.max_grid_size[0]);
    return groups;
}

std::size_t first_pass_groups(std::size_t indices, std::size_t group_size, const WorkShape& shape,
                              std::size_t max_groups) {
    // One batch per work-item is the least worth a group; up to two batches in a single group
    // finish sooner than a fold of the groups' values would (a second launch, or where the target
    // has warp primitives the last group's fold).
    const std::size_t batch = group_size * shape.items;
    if (indices <= 2 * batch) return 1;
    return std::min((indices + batch - 1) / batch, max_groups);
}

} // namespace rtcg::detail
