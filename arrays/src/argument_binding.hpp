#pragma once
// Checks a call's arguments against a generated kernel's declaration and packs them as kernel
// arguments: each array as its buffer and its element offset, each scalar converted to the
// declared type. ElementwiseKernel adds its launch parameters (start, step, n) after them;
// ScanKernel adds its own.
#include "elementwise_program.hpp"

#include <rtcg/arrays/elementwise.hpp>

#include <cstddef>
#include <span>
#include <string>

namespace rtcg::detail {

// InvalidArgument, starting with `kernel` ("ElementwiseKernel 'lin_comb'") and naming the
// argument, for a wrong number of arguments, a scalar where an Array is declared or the other way
// round, an Array of another dtype or context, and a scalar that does not convert (see
// elementwise.hpp). Returns how many kernel arguments were written to the front of `packed`
// (at most 2 * args.size()); `slots` needs args.size() entries.
std::size_t pack_arguments(const std::string& kernel, std::span<const codegen::Argument> declared,
                           const Context& context, std::span<const CallArgument> args,
                           std::span<ArgumentSlot> slots, std::span<KernelArgument> packed);

struct Binding {
    std::size_t indices = 0; // n: how many indices the call covers
    std::size_t packed = 0;  // kernel arguments written to the front of `packed`
};

// pack_arguments, then the index range the call covers as ElementwiseKernel's header describes
// it (the arrays' common size, or `range` checked against each array), packed as the launch
// parameters start, step and n. InvalidArgument, starting with `kernel` and naming the argument,
// for anything that header says is refused. `slots` needs args.size() + 3 entries, `packed`
// 2 * args.size() + 3. ReductionKernel binds its calls this way too.
Binding bind_arguments(const std::string& kernel, std::span<const codegen::Argument> declared, const Context& context,
                       const Range* range, std::span<const CallArgument> args, std::span<ArgumentSlot> slots,
                       std::span<KernelArgument> packed);

} // namespace rtcg::detail
