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
    // Launches `kernel` on every index of its arrays, each work-item taking at least
    // `min_indices_per_work_item` (0: the policy's) below the grid's cap.
    static void launch(const ElementwiseKernel& kernel, Queue& queue, std::span<const CallArgument> args,
                       std::size_t min_indices_per_work_item = 0) {
        std::vector<ArgumentSlot> slots(args.size() + 3);
        std::vector<KernelArgument> packed(2 * args.size() + 3);
        kernel.launch(queue, nullptr, args, slots, packed, min_indices_per_work_item);
    }

    // Launches `kernel` on every index of its arrays, one index per work-item below the grid's cap:
    // for gathers, where each index's loads wait on an earlier load of its own (an index read from
    // another array), so that a second index per work-item overlaps nothing and one each keeps the
    // most of them in flight (bench/NOTES.md, "Grid-stride launch shape").
    static void launch_gathers(const ElementwiseKernel& kernel, Queue& queue, std::span<const CallArgument> args) {
        launch(kernel, queue, args, 1);
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
    static void launch(const ScanKernel& scan, Queue& queue, std::span<const CallArgument> args) {
        std::vector<ArgumentSlot> slots(args.size());
        std::vector<KernelArgument> packed(2 * args.size() + 4);
        scan.launch(queue, args, slots, packed);
    }
};

} // namespace rtcg::detail
