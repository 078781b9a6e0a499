#pragma once
// Checks a call's arguments against an elementwise kernel's declaration and packs them, with the
// launch parameters the generated kernel takes last (start, step, n), as kernel arguments.
#include "elementwise_program.hpp"

#include <rtcg/arrays/elementwise.hpp>

#include <cstddef>
#include <span>

namespace rtcg::detail {

struct Binding {
    std::size_t indices = 0; // n: how many indices the call covers
    std::size_t packed = 0;  // kernel arguments written to the front of `packed`
};

// InvalidArgument, naming the argument, for anything ElementwiseKernel's header says is refused.
Binding bind_arguments(const ElementwiseProgram& program, const Context& context, const Range* range,
                       std::span<const CallArgument> args, std::span<ArgumentSlot> slots,
                       std::span<plugin::KernelArgument> packed);

} // namespace rtcg::detail
