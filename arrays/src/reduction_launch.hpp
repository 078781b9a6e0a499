#pragma once
// How a reduction is spread over a device: the shape its source is generated with and the
// kernels' limits, chosen once per program, then the number of work-groups for each call.
#include "reduction_source.hpp"

#include <rtcg/arrays/policy.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/kernel.hpp>

#include <cstddef>
#include <string>

namespace rtcg::detail {

// The policy's shape within the device's limits. InvalidArgument, starting with `kernel`, when
// not even one value of `dtype_out` fits the device's local memory.
WorkShape reduction_shape(const DeviceInfo& device, const ReductionPolicy& policy,
                               const codegen::DType& dtype_out, const std::string& kernel);

// The work-group size to launch `kernel` with: the largest power of two within both the shape's
// group size and the kernel's own limit.
std::size_t launch_group_size(const Kernel& kernel, const WorkShape& shape);

// How many work-groups of the first pass fill the device while all of them stay resident.
std::size_t resident_groups(const DeviceInfo& device, const ReductionPolicy& policy, const Kernel& kernel,
                            std::size_t group_size);

// Work-groups of the first pass for `indices` indices; 1 means the first pass alone produces
// the result.
std::size_t first_pass_groups(std::size_t indices, std::size_t group_size, const WorkShape& shape,
                              std::size_t max_groups);

} // namespace rtcg::detail
