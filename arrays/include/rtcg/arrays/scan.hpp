#pragma once
/// \file
/// ScanKernel: a generated prefix scan over arrays, as PyOpenCL's GenericScanKernel; cumsum,
/// cumprod and exclusive_cumsum, of the flattened array or along an axis, into a new array or
/// into one given (in place included), built on it.
///
/// \code
///   auto running = rtcg::cumsum(x);               // numpy.cumsum(x): 1-D, over the C-order elements
///   auto down = rtcg::cumsum(m, 0);               // numpy.cumsum(m, axis=0): m's shape
///   auto across = rtcg::cumprod(m, -1);           // numpy.cumprod(m, axis=-1)
///   auto starts = rtcg::exclusive_cumsum(m, 1);   // each line from 0
///   rtcg::cumsum(m, 0, m);                        // numpy.cumsum(m, axis=0, out=m): in place
///
///   rtcg::ScanKernel running_sum(ctx, rtcg::codegen::dtype_of<int>(), "int *x, int *y",
///                                {.input_expr = "x[i]",                 // the value at index i
///                                 .scan_expr = "a+b",                   // combines a (earlier) with b (later)
///                                 .neutral = "0",                       // scan_expr(neutral, v) == v
///                                 .output_statement = "y[i] = item"});  // once per index
///   running_sum(x, y);                            // or running_sum(queue, x, y)
/// \endcode
///
/// The constructor takes the context, the scan value's DType, the arguments, ScanSnippets and
/// ScanOptions: the order ElementwiseKernel and ReductionKernel follow.
///
/// Errors: building throws DeclarationError, InvalidArgument or CompileError; a call throws
/// InvalidArgument for arguments that do not match the declaration or arrays not of the scan's
/// size. How the kernels work is described in arrays/src/scan_source.hpp.
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
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
struct UntypedCalls;
} // namespace detail

/// The four pieces of C a scan is made of (see ScanKernel), named at the call so that none can be
/// swapped with another unnoticed. All four are required: one left empty is an InvalidArgument
/// naming it.
struct ScanSnippets {
    std::string input_expr;       ///< the value at index i
    std::string scan_expr;        ///< combines `a` (earlier) with `b` (later); associative
    std::string neutral;          ///< an initializer of the scan's type: scan_expr(neutral, v) == v
    std::string output_statement; ///< runs once per index; sees i, item, prev_item, last_item, n
};

/// What a ScanKernel may take beyond its required parts. The first fields are ElementwiseOptions'
/// and ReductionOptions', in the same order, since designated initializers must follow it.
struct ScanOptions {
    /// A C identifier naming the kernels (rtcg_scan_<name>_...), for profilers and messages.
    std::string name = "scan";
    /// Declarations and functions the expressions may use, put before the kernels.
    std::string preamble = {};
    /// Empty: one segment. Otherwise an expression of i and the arguments, true where a segment
    /// starts.
    std::string is_segment_start_expr = {};
    /// Pointer arguments whose arrays may have any size, such as a count written at index 0 or
    /// every k-th prefix: the scan's size check leaves them out, so the statements must keep
    /// within them. Every other array must have the scan's size.
    std::vector<std::string> any_size_arrays = {};
};

/// A prefix scan: an associative operation over the values an input expression gives at every
/// index, and an output statement that sees each prefix.
///
/// The scan covers the indices [0, n) of its first array argument (the first not named in
/// ScanOptions::any_size_arrays), and every other array must have n elements too. The output
/// statement sees:
/// - `i`: the index (rtcg_index_t: 64 bits, so arrays beyond 2^31 elements work);
/// - `item`: the inclusive prefix, input(0) op ... op input(i);
/// - `prev_item`: the exclusive prefix, input(0) op ... op input(i - 1), neutral at i = 0;
/// - `last_item`: the inclusive prefix of the last index (the whole scan's result);
/// - `n`: the number of indices;
/// - every argument.
///
/// An exclusive scan is one whose output statement uses prev_item. Writing any array from the
/// output statement is fine. The input expression may read what the output statement writes at
/// the same index only (an in-place scan, `x[i] = item` with input `x[i]`, as PyOpenCL allows):
/// every index's input is read before any output statement writes it, though it may be evaluated
/// twice, as PyOpenCL's. Using last_item costs a second read of the input.
///
/// The scan value has `dtype`: any scalar, vector or declared struct type (declare_struct). Its
/// operation `scan_expr` is an expression of `a` and `b` of that type, and may call functions of
/// the preamble; it must be associative (its operands are grouped in any way, but never reordered:
/// it need not be commutative) with `neutral` as identity. `neutral` is an initializer of the type:
/// "0", "-3.40282347e+38f", "{0, 1}" for a struct, or a preamble function's call (OpenCL's
/// INFINITY is not CUDA's: codegen::literal writes one for each dialect).
///
/// Segmented scans: with ScanOptions::is_segment_start_expr (an expression of i and the
/// arguments), the scan restarts at every index where it is true: item is input(i) there, and
/// prev_item is neutral.
///
/// Calls check their arguments as ElementwiseKernel's do (count, dtypes, context, scalar
/// conversions; see elementwise.hpp), with an InvalidArgument that names the kernel, and that
/// every array has the scan's size, except those named in ScanOptions::any_size_arrays. A call
/// with an empty first array launches nothing. Temporaries come from the context's memory pool
/// for the call's queue; a scan is one command on NVIDIA devices. Built once per context: an
/// equal ScanKernel built again is a map lookup.
class RTCG_API ScanKernel {
public:
    /// `arguments` as parse_arguments takes them; none may be named i, n, item, prev_item or
    /// last_item, nor point to local memory, and options.any_size_arrays names pointer arguments
    /// only. Compiles for `context` unless an equal kernel is built already; a declared struct
    /// `dtype` or argument type is checked with verify_layout first. DeclarationError,
    /// InvalidArgument or CompileError when it cannot be built.
    ScanKernel(const Context& context, codegen::DType dtype, std::string_view arguments, ScanSnippets snippets,
               ScanOptions options = {});
    /// The arguments as objects instead of a declaration list.
    ScanKernel(const Context& context, codegen::DType dtype, std::vector<codegen::Argument> arguments,
               ScanSnippets snippets, ScanOptions options = {});

    /// The context the kernels are compiled for.
    const Context& context() const noexcept;
    /// The scan value's type.
    const codegen::DType& dtype() const noexcept;
    /// The declared arguments, in order.
    const std::vector<codegen::Argument>& arguments() const noexcept;
    /// The kernels' name (ScanOptions::name).
    const std::string& name() const noexcept;
    /// The generated source for `target` (or a dialect), with the tile shape chosen for this
    /// kernel's device.
    std::string source(const codegen::Target& target) const;

    /// Runs the scan on the context's current queue (queue_scope.hpp).
    template <class... Args>
    void operator()(const Args&... args) const {
        call(detail::current_queue(context()), args...);
    }
    /// Runs the scan on `queue`.
    template <class... Args>
    void operator()(Queue& queue, const Args&... args) const {
        call(queue, args...);
    }

private:
    friend struct detail::UntypedCalls;

    /// The untyped call the typed ones forward to; `slots` and `packed` are scratch space of at
    /// least arguments and 2 * arguments + 4 entries.
    void launch(Queue& queue, std::span<const detail::CallArgument> args, std::span<detail::ArgumentSlot> slots,
                std::span<KernelArgument> packed) const;

    template <class... Args>
    void call(Queue& queue, const Args&... args) const {
        constexpr std::size_t count = sizeof...(Args);
        const std::array<detail::CallArgument, count> described{detail::call_argument(args)...};
        std::array<detail::ArgumentSlot, count> slots;
        std::array<KernelArgument, 2 * count + 4> packed;
        launch(queue, described, slots, packed);
    }

    std::shared_ptr<const detail::ScanProgram> program_;
    std::shared_ptr<detail::ContextKernels> kernels_;
    /// For each argument, whether a call checks that its array has the scan's size: the pointer
    /// arguments not in ScanOptions::any_size_arrays. A property of calls, not of the compiled
    /// program, which equal kernels share whatever they exempt.
    std::vector<bool> sized_;
};

namespace detail {
/// The operations of the running scans cumsum and cumprod.
enum class RunningOperation { sum, product };

/// Writes the running `operation` of `in`'s elements, taken in C order, to `out`'s elements in C
/// order: an array of the input's dtype, context and size (any shape or layout; it may be `in`
/// itself). Inclusive, or exclusive (element k combines the elements before k; the first is the
/// neutral element). InvalidArgument naming `function` for an `out` that does not fit.
RTCG_API void running_scan(const ArrayData& in, const ArrayData& out, RunningOperation operation, bool exclusive,
                           std::string_view function);

/// The same along `axis` of `in` (negative counts from the end) into `out`, an array of the
/// input's dtype, context and shape (any layout; it may be `in` itself): each line along the axis
/// is scanned on its own. InvalidArgument naming `function` for an axis out of range or an `out`
/// that does not fit.
RTCG_API void running_scan_along(const ArrayData& in, const ArrayData& out, std::int64_t axis,
                                 RunningOperation operation, bool exclusive, std::string_view function);
} // namespace detail

/// Element types cumsum and cumprod take: integers and floating types, not bool.
template <class T>
concept RunningScanElement = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;

/// numpy.cumsum(x) (no axis): the running sum of the elements in C order, as a 1-D array of
/// x.size() elements; element k is x[0] + ... + x[k]. Accumulated in T (numpy widens small
/// integers to int64; here int32 stays int32 and wraps as C does). Floating sums are grouped
/// differently from a sequential loop, so they may differ from it by rounding.
template <RunningScanElement T>
Array<T> cumsum(const Array<T>& x) {
    Array<T> out = Array<T>::empty(x.context(), x.size());
    detail::running_scan(x.data(), out.data(), detail::RunningOperation::sum, false, "cumsum");
    return out;
}

/// numpy.cumsum(x, axis): the running sum along `axis` (negative counts from the end), of x's
/// shape. Any layout (strided, reversed, broadcast) gives what its contiguous copy gives.
/// InvalidArgument for an axis out of range (a 0-d array has none).
///
/// The kernels follow the layout: where the axis is the innermost one, a segmented ScanKernel
/// over the rows; where it is not, one work-item per line and chunk of the line, neighbouring
/// work-items on neighbouring lines so that their reads are coalesced (a first pass finds each
/// chunk's total, a second the carries between chunks, a third scans the chunks); where the lines'
/// neighbours are too few for that, the array is transposed so that the axis is innermost, scanned
/// by rows, and transposed back.
template <RunningScanElement T>
Array<T> cumsum(const Array<T>& x, std::int64_t axis) {
    Array<T> out = Array<T>::empty(x.context(), x.shape());
    detail::running_scan_along(x.data(), out.data(), axis, detail::RunningOperation::sum, false, "cumsum");
    return out;
}

/// numpy.cumprod(x) (no axis): the running product of the elements in C order, 1-D; element k is
/// x[0] * ... * x[k]. Integers wrap as C's do (signed ones as two's complement on every device
/// rtcg targets).
template <RunningScanElement T>
Array<T> cumprod(const Array<T>& x) {
    Array<T> out = Array<T>::empty(x.context(), x.size());
    detail::running_scan(x.data(), out.data(), detail::RunningOperation::product, false, "cumprod");
    return out;
}

/// numpy.cumprod(x, axis): the running product along `axis`, of x's shape; layouts, errors and
/// kernels as cumsum(x, axis).
template <RunningScanElement T>
Array<T> cumprod(const Array<T>& x, std::int64_t axis) {
    Array<T> out = Array<T>::empty(x.context(), x.shape());
    detail::running_scan_along(x.data(), out.data(), axis, detail::RunningOperation::product, false, "cumprod");
    return out;
}

/// The exclusive running sum of the elements in C order, 1-D: element k is x[0] + ... + x[k - 1],
/// and 0 for k = 0.
template <RunningScanElement T>
Array<T> exclusive_cumsum(const Array<T>& x) {
    Array<T> out = Array<T>::empty(x.context(), x.size());
    detail::running_scan(x.data(), out.data(), detail::RunningOperation::sum, true, "exclusive_cumsum");
    return out;
}

/// The exclusive running sum along `axis`, of x's shape: each line starts at 0. As cumsum(x, axis)
/// otherwise.
template <RunningScanElement T>
Array<T> exclusive_cumsum(const Array<T>& x, std::int64_t axis) {
    Array<T> out = Array<T>::empty(x.context(), x.shape());
    detail::running_scan_along(x.data(), out.data(), axis, detail::RunningOperation::sum, true, "exclusive_cumsum");
    return out;
}

/// numpy.cumsum(x, out=out) without an axis: the running sum of x's elements, in C order, written
/// to `out`'s elements in C order. `out` is any array of x's dtype, context and size (numpy asks
/// for a 1-D one; here any shape and layout will do), x itself included: an in-place scan, as
/// PyOpenCL's. An `out` that shares memory with x otherwise is written as if x had been copied
/// first. InvalidArgument for an `out` that does not fit or repeats elements (a broadcast view),
/// before anything is written.
template <RunningScanElement T>
void cumsum(const Array<T>& x, const Array<T>& out) {
    detail::running_scan(x.data(), out.data(), detail::RunningOperation::sum, false, "cumsum");
}

/// numpy.cumsum(x, axis, out=out): cumsum(x, axis) written to `out`, an array of x's dtype,
/// context and shape, any layout, x itself included (an in-place scan). As cumsum(x, out) for
/// shared memory and errors.
template <RunningScanElement T>
void cumsum(const Array<T>& x, std::int64_t axis, const Array<T>& out) {
    detail::running_scan_along(x.data(), out.data(), axis, detail::RunningOperation::sum, false, "cumsum");
}

/// numpy.cumprod(x, out=out): as cumsum(x, out), with products.
template <RunningScanElement T>
void cumprod(const Array<T>& x, const Array<T>& out) {
    detail::running_scan(x.data(), out.data(), detail::RunningOperation::product, false, "cumprod");
}

/// numpy.cumprod(x, axis, out=out): as cumsum(x, axis, out), with products.
template <RunningScanElement T>
void cumprod(const Array<T>& x, std::int64_t axis, const Array<T>& out) {
    detail::running_scan_along(x.data(), out.data(), axis, detail::RunningOperation::product, false, "cumprod");
}

/// exclusive_cumsum(x) written to `out`: as cumsum(x, out).
template <RunningScanElement T>
void exclusive_cumsum(const Array<T>& x, const Array<T>& out) {
    detail::running_scan(x.data(), out.data(), detail::RunningOperation::sum, true, "exclusive_cumsum");
}

/// exclusive_cumsum(x, axis) written to `out`: as cumsum(x, axis, out).
template <RunningScanElement T>
void exclusive_cumsum(const Array<T>& x, std::int64_t axis, const Array<T>& out) {
    detail::running_scan_along(x.data(), out.data(), axis, detail::RunningOperation::sum, true, "exclusive_cumsum");
}

} // namespace rtcg
