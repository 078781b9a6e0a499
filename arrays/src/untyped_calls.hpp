#pragma once
// The untyped calls of ElementwiseKernel and ScanKernel, for arrays' own operations whose
// argument count is known only at run time (fills, fused expressions, cumsum, selections).
// Users call the kernels with typed arguments instead.
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/scan.hpp>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace rtcg::detail {

struct UntypedCalls {
    // Launches `kernel` on every index of its arrays.
    static void launch(const ElementwiseKernel& kernel, Queue& queue, std::span<const CallArgument> args) {
        std::vector<ArgumentSlot> slots(args.size() + 3);
        std::vector<KernelArgument> packed(2 * args.size() + 3);
        kernel.launch(queue, nullptr, args, slots, packed);
    }

    // Launches `kernel` on the indices of `range`.
    static void launch(const ElementwiseKernel& kernel, Queue& queue, const Range& range,
                       std::span<const CallArgument> args) {
        std::vector<ArgumentSlot> slots(args.size() + 3);
        std::vector<KernelArgument> packed(2 * args.size() + 3);
        kernel.launch(queue, &range, args, slots, packed);
    }

    // The source of the kernel that launch(kernel, queue, args) runs.
    static std::string source(const ElementwiseKernel& kernel, std::span<const CallArgument> args) {
        return kernel.call_source(args);
    }

    // Runs `scan` over `args`.
    template <std::size_t count>
    static void launch(const ScanKernel& scan, Queue& queue, const CallArgument (&args)[count]) {
        ArgumentSlot slots[count];
        KernelArgument packed[2 * count + 4];
        scan.launch(queue, args, slots, packed);
    }
};

} // namespace rtcg::detail
