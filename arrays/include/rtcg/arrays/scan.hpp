#pragma once
// ScanKernel: a generated prefix scan, as PyOpenCL's GenericScanKernel. An associative operation
// over the values that an input expression gives at every index, and an output statement that
// sees each prefix:
//
//   rtcg::ScanKernel running_sum(ctx, rtcg::codegen::dtype_of<int>(), "int *x, int *y",
//                                "x[i]",          // input_expr: the value at index i
//                                "a+b",           // scan_expr: combines a (earlier) with b (later)
//                                "0",             // neutral: scan_expr(neutral, v) == v
//                                "y[i] = item");  // output_statement: once per index
//   running_sum(x, y);                            // or running_sum(queue, x, y)
//
// The scan covers the indices [0, n) of its first array argument (the first not named in
// ScanOptions::any_size_arrays), and every other array must have n elements too. The output
// statement sees:
//   i          the index (rtcg_index_t: 64 bits, so arrays beyond 2^31 elements work),
//   item       the inclusive prefix: input(0) op ... op input(i),
//   prev_item  the exclusive prefix: input(0) op ... op input(i - 1), neutral at i = 0,
//   last_item  the inclusive prefix of the last index (the whole scan's result),
//   n          the number of indices,
// and every argument. An exclusive scan is one whose output statement uses prev_item. Writing
// any array from the output statement is fine; the input expression must not read what the output
// statement writes (reduce-then-scan evaluates it twice, before and during the output pass, as
// PyOpenCL's does). Using last_item costs a second read of the input (see Algorithm).
//
// The scan value has `dtype`: any scalar, vector or declared struct type (declare_struct). Its
// operation `scan_expr` is an expression of `a` and `b` of that type, and may call functions of
// the preamble; it must be associative (its operands are grouped in any way, but never reordered:
// it need not be commutative) with `neutral` as identity. `neutral` is an initializer of the type:
// "0", "-3.40282347e+38f", "{0, 1}" for a struct, or a preamble function's call (OpenCL's
// INFINITY is not CUDA's: codegen::literal writes one for each dialect).
//
// Segmented scans: with ScanOptions::is_segment_start_expr (an expression of i and the arguments),
// the scan restarts at every index where it is true: item is input(i) there, and prev_item is
// neutral.
//
// Algorithm, on NVIDIA devices (CUDA, and OpenCL on NVIDIA's driver: codegen::Target's warp
// primitives) when nothing uses last_item: a single pass with decoupled look-back (Merrill
// and Garland, as CUB's DeviceScan), which reads the input once. Each work-group takes the next
// tile by an atomic ticket, scans it in local memory, publishes its total, and gathers the prefix
// before it from the earlier tiles' published totals (32 at a time, back to the nearest tile
// whose published value is a whole prefix), then runs the output statement. A group only waits
// for tiles of earlier tickets, which have started, so every wait ends; what one group publishes
// reaches another through volatile accesses and PTX's device-scope fences.
//
// Otherwise (other OpenCL devices, or an output statement that uses last_item): reduce-then-scan in three
// kernels of one program, each work-group streaming one contiguous chunk of the indices in tiles:
// (1) per-group totals, (2) one work-group scans those totals, (3) each group rescans its chunk
// starting from its total's prefix and runs the output statement. It reads the input twice
// (3 memory passes instead of 2) but needs nothing of the device beyond OpenCL 1.2, whose
// mem_fence does not order one work-group's stores for another, and knows the whole scan's
// result before any output statement runs.
//
// Inside a tile, either way, values are loaded in coalesced order into local memory, each
// work-item scans a run of consecutive values sequentially, and a work-group scan (barriers, no
// warp-level assumptions) joins the runs.
//
// Calls check their arguments as ElementwiseKernel's do (count, dtypes, context, scalar
// conversions; see elementwise.hpp), with InvalidArgument naming "ScanKernel '<name>'", and that
// every array has the scan's size, except those named in ScanOptions::any_size_arrays. A call
// with an empty first array launches nothing. Temporaries (a few values per work-group) come from
// the context's memory pool for the call's queue; the single pass's tile states (8 bytes per
// tile of the largest scan so far) are kept per queue and need no zeroing between scans, so a
// scan is one command. Built once per context: an equal ScanKernel
// built again is a map lookup.
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>

#include <array>
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace rtcg {

namespace detail {
struct ScanProgram;
class ContextKernels;
} // namespace detail

struct ScanOptions {
    // Empty: one segment. Otherwise an expression of i and the arguments, true where a segment
    // starts.
    std::string is_segment_start_expr = {};
    // Declarations and functions the expressions may use, put before the kernels.
    std::string preamble = {};
    // A C identifier naming the kernels (rtcg_scan_<name>_...), for profilers and messages.
    std::string name = "scan";
    // Pointer arguments whose arrays may have any size, such as a count written at index 0 or
    // every k-th prefix: the scan's size check leaves them out, so the statements must keep
    // within them. Every other array must have the scan's size.
    std::vector<std::string> any_size_arrays = {};
};

class RTCG_API ScanKernel {
public:
    // `arguments` as parse_arguments takes them; none may be named i, n, item, prev_item or
    // last_item, nor point to local memory, and options.any_size_arrays names pointer arguments
    // only. Compiles for `context` unless an equal kernel is built already; a declared struct
    // `dtype` or argument type is checked with verify_layout first. DeclarationError,
    // InvalidArgument or CompileError when it cannot be built.
    ScanKernel(const Context& context, codegen::DType dtype, std::string_view arguments, std::string_view input_expr,
               std::string_view scan_expr, std::string_view neutral, std::string_view output_statement,
               ScanOptions options = {});
    ScanKernel(const Context& context, codegen::DType dtype, std::vector<codegen::Argument> arguments,
               std::string_view input_expr, std::string_view scan_expr, std::string_view neutral,
               std::string_view output_statement, ScanOptions options = {});

    const Context& context() const noexcept;
    const codegen::DType& dtype() const noexcept;
    const std::vector<codegen::Argument>& arguments() const noexcept;
    const std::string& name() const noexcept;
    // The generated source for `target` (or a dialect), with the tile shape chosen for this
    // kernel's device.
    std::string source(const codegen::Target& target) const;

    template <class... Args>
    void operator()(const Args&... args) const {
        call(context().queue(), args...);
    }
    template <class... Args>
    void operator()(Queue& queue, const Args&... args) const {
        call(queue, args...);
    }

    // The untyped call the typed ones forward to; `slots` and `packed` are scratch space of at
    // least arguments and 2 * arguments + 4 entries.
    void launch(Queue& queue, std::span<const detail::CallArgument> args, std::span<detail::ArgumentSlot> slots,
                std::span<plugin::KernelArgument> packed) const;

private:
    template <class... Args>
    void call(Queue& queue, const Args&... args) const {
        constexpr std::size_t count = sizeof...(Args);
        const std::array<detail::CallArgument, count> described{detail::call_argument(args)...};
        std::array<detail::ArgumentSlot, count> slots;
        std::array<plugin::KernelArgument, 2 * count + 4> packed;
        launch(queue, described, slots, packed);
    }

    std::shared_ptr<const detail::ScanProgram> program_;
    std::shared_ptr<detail::ContextKernels> kernels_;
    // For each argument, whether a call checks that its array has the scan's size: the pointer
    // arguments not in ScanOptions::any_size_arrays. A property of calls, not of the compiled
    // program, which equal kernels share whatever they exempt.
    std::vector<bool> sized_;
};

namespace detail {
// Writes the inclusive (or exclusive) running sum of `in` to `out`, of the same size and dtype.
RTCG_API void cumsum(const ArrayData& in, const ArrayData& out, bool exclusive);
} // namespace detail

// numpy.cumsum, accumulated in T (numpy widens small integers to int64; here int32 stays int32
// and wraps as C does): element k is x[0] + ... + x[k]. For integer and floating T. Floating sums
// are grouped differently from a sequential loop, so they may differ from it by rounding.
template <class T>
    requires(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>)
Array<T> cumsum(const Array<T>& x) {
    Array<T> out = Array<T>::empty_like(x);
    detail::cumsum(x.data(), out.data(), false);
    return out;
}

// The exclusive running sum: element k is x[0] + ... + x[k - 1], and 0 for k = 0.
template <class T>
    requires(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>)
Array<T> exclusive_cumsum(const Array<T>& x) {
    Array<T> out = Array<T>::empty_like(x);
    detail::cumsum(x.data(), out.data(), true);
    return out;
}

} // namespace rtcg
