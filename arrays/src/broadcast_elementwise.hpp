#pragma once
// ElementwiseKernel's broadcast calls (call_layout.hpp): a kernel generated for the layout's merged
// axes, coordinate width and each array's access, built once per layout and kept with the
// context's kernels, whose operation reads strided arrays through strided_snippet.hpp. Where rtcg
// cannot rewrite the operation, or the strides would not fit a kernel's parameters, the call runs
// the flat kernel on contiguous stand-ins (contiguous_staging.hpp) instead.
#include "call_layout.hpp"
#include "elementwise_program.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/codegen/dialect.hpp>

#include <span>
#include <string>

namespace rtcg::detail {

class ContextKernels;

// The source of the kernel for `layout`, its operation already rewritten (strided_snippet.hpp).
std::string broadcast_elementwise_source(codegen::Dialect dialect, const ElementwiseProgram& program,
                                         const CallLayout& layout, std::string_view operation);

// Runs a broadcast call. False, with nothing launched, where the call must be staged instead.
bool launch_broadcast(const ElementwiseProgram& program, ContextKernels& kernels, Queue& queue,
                      const CallLayout& layout, const Range* range, std::span<const CallArgument> args,
                      std::span<const KernelArgument> packed_arguments);

} // namespace rtcg::detail
