#pragma once
// ElementwiseKernel's broadcast calls (call_layout.hpp): a kernel generated for the layout's merged
// axes, coordinate width and each array's access, built once per layout and kept with the
// context's kernels, whose operation reads strided arrays through strided_snippet.hpp. Where rtcg
// cannot rewrite the operation, or the strides would not fit a kernel's parameters, the call runs
// the flat kernel on contiguous stand-ins (contiguous_staging.hpp) instead. Copies between arrays
// fastest along different axes take the tiled kernel of tiled_copy.hpp.
#include "call_layout.hpp"
#include "elementwise_program.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/codegen/dialect.hpp>

#include <rtcg/core/kernel_argument.hpp>

#include <cstddef>
#include <optional>
#include <span>
#include <string>

namespace rtcg::detail {

class ContextKernels;

// The fewest bytes of parameters every OpenCL device takes (CL_DEVICE_MAX_PARAMETER_SIZE); a
// layout whose strides would pass it is staged instead. A copy between two strided arrays of the
// most axes an array may have stays below it, so staging itself never needs staging.
inline constexpr std::size_t parameter_bytes_limit = 1024;

// The bytes of a kernel's parameters: the packed arguments, then `values` 64-bit values.
std::size_t parameter_bytes(std::span<const KernelArgument> packed_arguments, std::size_t values);

// The source of the kernel for `layout`, its operation already rewritten (strided_snippet.hpp).
std::string broadcast_elementwise_source(codegen::Dialect dialect, const ElementwiseProgram& program,
                                         const CallLayout& layout, std::string_view operation);

// The source of the kernel a broadcast call of `layout` on `device` runs (the tiled copy's or the
// elementwise one's); nullopt where the call is staged.
std::optional<std::string> broadcast_call_source(const ElementwiseProgram& program, const DeviceInfo& device,
                                                 const CallLayout& layout, const Range* range);

// Runs a broadcast call, each work-item taking at least `min_indices_per_work_item` indices
// (launch_shape.hpp) below the program's grid cap. False, with nothing launched, where the call
// must be staged instead.
bool launch_broadcast(const ElementwiseProgram& program, ContextKernels& kernels, Queue& queue,
                      const CallLayout& layout, const Range* range, std::span<const CallArgument> args,
                      std::span<const KernelArgument> packed_arguments, std::size_t min_indices_per_work_item);

} // namespace rtcg::detail
