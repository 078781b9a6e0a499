#pragma once
/// \file
/// ReductionKernel: a C expression evaluated at every index of arrays and folded into one value,
/// as in PyOpenCL and PyCUDA (the papers' scalar product):
///
/// \code
///   rtcg::ReductionKernel<float> dot(ctx, "float *x, float *y",
///                                    {.map_expr = "x[i]*y[i]", .reduce_expr = "a+b", .neutral = "0"});
///   rtcg::DeviceScalar<float> r = dot(x, y);        // x, y: Array<float> of equal size
///   float h = r.get();                              // copies the one element to the host
///   dot(rtcg::Range{0, n, 2}, x, y);                // over these indices only
///   dot(queue, x, y);                               // on another queue of the context
///   rtcg::Array<float> rows = dot(rtcg::Along{.axes = 1}, a, b);  // a, b: matrices; one per row
/// \endcode
///
/// The constructor takes the context, the arguments, ReductionSnippets and ReductionOptions, in
/// ElementwiseKernel's and ScanKernel's order. The output type is the template argument, since a
/// call returns a DeviceScalar of it; detail::UntypedReductionKernel takes it as a DType after the
/// context instead, as ScanKernel does.
/// - arguments: declared as ElementwiseKernel's are, and checked at each call the same way
///   (rtcg/arrays/elementwise.hpp): their number, each Array's dtype and context, scalar
///   conversions by numpy's same_kind rule, and equal array sizes (the number of indices) or,
///   with a Range, every index inside every array. Each failure is an InvalidArgument.
/// - ReductionSnippets, all three required:
///   - map_expr: the value at each index, converted to the output type: a C expression of the
///     index `i` (rtcg_index_t), of `n` (the number of indices the call covers) and of the
///     arguments, where pointer arguments are plain pointers to the arrays' first elements (views
///     included).
///   - reduce_expr: a C expression of `a` and `b`, two values of the output type, that combines
///     them into one of that type. It must be associative and commutative (see "Order" below).
///   - neutral: a C expression of the output type that reduce_expr leaves unchanged
///     (reduce(neutral, v) == v); the result when there are no indices. It may use the preamble,
///     but neither the arguments nor `i`.
/// - ReductionOptions:
///   - name: a C identifier; the kernels are `rtcg_reduce_<name>` (and `rtcg_reduce_<name>_pairs`,
///     the same over pairs of indices) and `rtcg_reduce_<name>_partials`.
///   - preamble: source put before the kernels (functions, types, macros) for the expressions.
/// The output type may be any type codegen::dtype_of names: integers, floating and complex types
/// (cfloat_t, cdouble_t in the snippets: the prelude's complex support is added), vectors, and
/// structs declared with rtcg/codegen/device_struct.hpp (checked on the device with verify_layout
/// before the build).
///
/// How the kernels work (one launch on NVIDIA devices, two elsewhere) is described in
/// arrays/src/reduction_source.hpp.
///
/// Along axes (CuPy's ReductionKernel with axis=): a call whose first argument is an Along folds
/// the map over those axes only, into a new C-contiguous array of the other axes (each folded axis
/// kept with extent 1 under `keepdims`), as numpy's reductions do. The arrays broadcast together
/// (numpy's rules) to the call's shape, views of any strides included. The map then reads each
/// array only as `x[i]`, the element at the position being folded, and uses `i` nowhere else; `n`
/// is the number of elements folded into each output. A map that does otherwise, or names a macro
/// of the preamble, is an InvalidArgument before anything runs. Each output folds its elements in
/// trees, so the contract on reduce_expr is the same.
///
/// Order: work-items take indices k, k + S, k + 2S, ... (S work-items in all), and the tree folds
/// across work-items and groups, so operands are not combined in index order. reduce_expr must
/// therefore be associative and commutative, the same contract as CUB's DeviceReduce ("does not
/// support binary reduction operators that are non-commutative",
/// https://nvidia.github.io/cccl/cub/api/structcub_1_1DeviceReduce.html). An argmin that breaks
/// ties by the smaller index is commutative; "keep the first" is not. Floating-point results are
/// rounded in an order that depends on the device and the size, but no value goes through an
/// atomic (the last group reads the partials in index order, whichever group it is): the same
/// call on the same device gives the same bits every time.
///
/// Result: a new 0-dimensional array from the context's memory pool (like every array's storage),
/// written on the call's queue. DeviceScalar::get reads it through the context's current queue
/// (queue_scope.hpp), so after a call on another queue, make that queue wait for it first
/// (memory_pool.hpp, "Asynchrony"). Scalars passed as C++ values must stay alive until the call returns.
///
/// Built once per context: constructing an equal ReductionKernel again (same context, output type,
/// arguments, snippets and options) is a map lookup, as long as one of them, or an Array
/// of the context, is alive.
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/axes.hpp>
#include <rtcg/arrays/device_scalar.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/range.hpp>
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>

#include <array>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rtcg {

/// The three pieces of C a reduction is made of (see reduction.hpp), named at the call so that none
/// can be swapped with another unnoticed. All three are required: one left empty is an
/// InvalidArgument naming it.
struct ReductionSnippets {
    std::string map_expr;    ///< the value at index i, converted to the output type
    std::string reduce_expr; ///< combines `a` and `b`; associative and commutative
    std::string neutral;     ///< the identity of reduce_expr, and the result over no indices
};

/// What a ReductionKernel may take beyond its required parts. The fields are those
/// ElementwiseOptions has and ScanOptions starts with, in the same order, since designated
/// initializers must follow it.
struct ReductionOptions {
    /// A C identifier naming the kernels (rtcg_reduce_<name>...), for profilers and messages.
    std::string name = "reduce";
    /// Declarations and functions the expressions may use, put before the kernels.
    std::string preamble = {};
};

namespace detail {

struct ReductionProgram;
class ContextKernels;

/// ReductionKernel without a C++ output type, for generators that build reductions from DTypes
/// (the array expression system); ReductionKernel<T> is a typed shell around it.
class RTCG_API UntypedReductionKernel {
public:
    /// Compiles for `context`, unless an equal kernel is built already; `dtype_out` is the output
    /// type, `arguments` as parse_arguments takes them. DeclarationError, InvalidArgument (a bad
    /// name, an empty snippet, a refused argument, an output type too large for local memory, a
    /// struct layout the device does not share) or CompileError.
    UntypedReductionKernel(const Context& context, codegen::DType dtype_out, std::string_view arguments,
                           ReductionSnippets snippets, ReductionOptions options = {});
    /// The arguments as objects instead of a declaration list.
    UntypedReductionKernel(const Context& context, codegen::DType dtype_out, std::vector<codegen::Argument> arguments,
                           ReductionSnippets snippets, ReductionOptions options = {});

    /// The context the kernels are compiled for.
    const Context& context() const noexcept;
    /// The output type.
    const codegen::DType& dtype_out() const noexcept;
    /// The declared arguments, in order.
    const std::vector<codegen::Argument>& arguments() const noexcept;
    /// The kernels' name (ReductionOptions::name).
    const std::string& name() const noexcept;
    /// The generated source for `target` (every kernel, prelude included): what this kernel
    /// compiles for codegen::target_of(its device). On targets with warp primitives the first
    /// pass's last group folds the result, so a reduction is one launch; elsewhere it is two.
    std::string source(const codegen::Target& target) const;

    /// Reduces over the arrays' indices (or `range`'s, when not null) into a new 0-dimensional
    /// array of dtype_out(), enqueued on `queue`, a queue of the kernel's context.
    ArrayData launch(Queue& queue, std::span<const CallArgument> args, const Range* range = nullptr) const;
    /// The same into `result`: one element of dtype_out() in this context (a 0-dimensional array or
    /// any one-element view); InvalidArgument otherwise.
    void launch_into(Queue& queue, std::span<const CallArgument> args, const ArrayData& result,
                     const Range* range = nullptr) const;
    /// The shape of a call along `along`'s axes: the arrays' shapes broadcast together, without
    /// the folded axes (with extent 1 for each under keepdims). InvalidArgument for shapes that do
    /// not broadcast, no array among the arguments, or an axis out of range or named twice.
    std::vector<std::size_t> along_shape(const Along& along, std::span<const CallArgument> args) const;
    /// Folds the map along `along`'s axes into `result`, a C-contiguous array of along_shape() and
    /// dtype_out() in this context (InvalidArgument otherwise), on `queue`; see reduction.hpp.
    void launch_along(Queue& queue, const Along& along, std::span<const CallArgument> args,
                      const ArrayData& result) const;

private:
    std::shared_ptr<const ReductionProgram> program_;
    /// The context's kernel cache, kept alive while this kernel is, so that equal kernels built
    /// later find this one.
    std::shared_ptr<ContextKernels> kernels_;
};

} // namespace detail

/// A reduction of a mapped C expression to one value, as PyOpenCL's ReductionKernel; see
/// reduction.hpp for the parameters and the algorithm.
template <class T>
class ReductionKernel {
public:
    /// Compiles the reduction for `context` (see reduction.hpp); `arguments` as parse_arguments
    /// takes them. DeclarationError, InvalidArgument or CompileError when it cannot be built.
    ReductionKernel(const Context& context, std::string_view arguments, ReductionSnippets snippets,
                    ReductionOptions options = {})
        : untyped_(context, codegen::dtype_of<T>(), arguments, std::move(snippets), std::move(options)) {}
    /// The arguments as objects instead of a declaration list.
    ReductionKernel(const Context& context, std::vector<codegen::Argument> arguments, ReductionSnippets snippets,
                    ReductionOptions options = {})
        : untyped_(context, codegen::dtype_of<T>(), std::move(arguments), std::move(snippets), std::move(options)) {}

    /// The context the kernels are compiled for.
    const Context& context() const noexcept { return untyped_.context(); }
    /// The declared arguments, in order.
    const std::vector<codegen::Argument>& arguments() const noexcept { return untyped_.arguments(); }
    /// The kernels' name.
    const std::string& name() const noexcept { return untyped_.name(); }
    /// The generated source for `target`.
    std::string source(const codegen::Target& target) const { return untyped_.source(target); }
    /// The type-erased kernel this one wraps.
    const detail::UntypedReductionKernel& untyped() const noexcept { return untyped_; }

    /// Reduces over every index of the arrays (all of one size) on the context's current queue (queue_scope.hpp).
    template <class... Args>
    DeviceScalar<T> operator()(const Args&... args) const {
        return call(detail::current_queue(context()), nullptr, args...);
    }
    /// Reduces over the indices of `range` on the context's current queue (queue_scope.hpp).
    template <class... Args>
    DeviceScalar<T> operator()(const Range& range, const Args&... args) const {
        return call(detail::current_queue(context()), &range, args...);
    }
    /// Reduces over every index of the arrays on `queue`.
    template <class... Args>
    DeviceScalar<T> operator()(Queue& queue, const Args&... args) const {
        return call(queue, nullptr, args...);
    }
    /// Reduces over the indices of `range` on `queue`.
    template <class... Args>
    DeviceScalar<T> operator()(Queue& queue, const Range& range, const Args&... args) const {
        return call(queue, &range, args...);
    }
    /// Reduces along `along`'s axes, one output per position of the other axes, on the context's
    /// current queue (see reduction.hpp, "Along axes").
    template <class... Args>
    Array<T> operator()(const Along& along, const Args&... args) const {
        return call_along(detail::current_queue(context()), along, args...);
    }
    /// Reduces along `along`'s axes on `queue`.
    template <class... Args>
    Array<T> operator()(Queue& queue, const Along& along, const Args&... args) const {
        return call_along(queue, along, args...);
    }

private:
    template <class... Args>
    DeviceScalar<T> call(Queue& queue, const Range* range, const Args&... args) const {
        const std::array<detail::CallArgument, sizeof...(Args)> described{detail::call_argument(args)...};
        Array<T> result = Array<T>::empty(context(), std::vector<std::size_t>{});
        untyped_.launch_into(queue, described, result.data(), range);
        return DeviceScalar<T>(std::move(result));
    }

    template <class... Args>
    Array<T> call_along(Queue& queue, const Along& along, const Args&... args) const {
        const std::array<detail::CallArgument, sizeof...(Args)> described{detail::call_argument(args)...};
        Array<T> result = Array<T>::empty(context(), untyped_.along_shape(along, described));
        untyped_.launch_along(queue, along, described, result.data());
        return result;
    }

    detail::UntypedReductionKernel untyped_;
};

} // namespace rtcg
