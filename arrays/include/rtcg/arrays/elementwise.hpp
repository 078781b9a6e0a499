#pragma once
/// \file
/// ElementwiseKernel: a C snippet applied at every index of arrays, as in PyOpenCL and PyCUDA:
///
/// \code
///   rtcg::ElementwiseKernel lin_comb(ctx, "float a, float *x, float b, float *y, float *z",
///                                    "z[i] = a*x[i] + b*y[i]", {.name = "lin_comb"});
///   lin_comb(2.0f, x, 3.0f, y, z);                     // every index of the (equal-sized) arrays
///   lin_comb(rtcg::Range{n - 1, -1, -1}, 2.0f, x, 3.0f, y, z);   // these indices only
///   lin_comb(queue, 2.0f, x, 3.0f, y, z);              // on another queue of the context
/// \endcode
///
/// The operation sees the index `i` (rtcg_index_t), the pointer arguments as plain pointers to the
/// arrays' first elements (views included), the scalar arguments, and `n`, the number of indices
/// the call covers. rtcg_* names are rtcg's. See elementwise_source.hpp for the generated code.
///
/// Arguments are checked before the launch, each failure an InvalidArgument naming the argument:
/// - their number; an Array for each pointer and a value for each scalar;
/// - each Array's dtype is exactly the declared element type, and it belongs to the kernel's context;
/// - scalars convert by numpy's same_kind rule: bool to anything; integers to integers, floating
///   and complex types; floating values to floating and complex types; complex to complex. An
///   integer that does not fit the declared integer type, a floating value for an integer or bool
///   argument, or a complex one for a real argument are refused. Structs and vectors must be the
///   declared type itself;
/// - without a Range, all arrays have the same size, which is the number of indices (a kernel with
///   no array arguments needs a Range); with one, every index of the range is inside every array.
/// Scalars passed as C++ values must stay alive until the call returns (they are not copied).
///
/// The constructor takes the context, the arguments, the operation and ElementwiseOptions (name,
/// preamble): the order ReductionKernel and ScanKernel follow with their snippets and options.
///
/// Built once per context: constructing an equal ElementwiseKernel again (same context, arguments,
/// operation and options) is a map lookup, as long as one of them, or an Array of the
/// context, is alive. A call checks and packs the arguments and launches, nothing more. Launches
/// have blocks of up to 256 threads, at least two indices per thread and at most 64 blocks per
/// compute unit; a call with no indices launches nothing. Operations that touch their float32,
/// int32, uint32 or float64 arrays only at `x[i]` run two adjacent indices per step, moving those
/// arrays as 2-vectors (elementwise_source.hpp).
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/host_scalar.hpp>
#include <rtcg/arrays/range.hpp>
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/core/kernel_argument.hpp>

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

struct ElementwiseProgram;
class ContextKernels;
struct UntypedCalls;

/// One argument of a call: an array (for a pointer argument) or a scalar value. A broadcast array
/// is one the operation indexes as it chooses, contiguous, apart from the call's indices (a
/// 0-dimensional operand of a fused expression read at index 0, the table a gather reads), so it
/// takes no part in the call's shape and size checks.
struct CallArgument {
    const ArrayData* array = nullptr;
    HostScalar scalar;
    bool broadcast = false;
};

template <class T>
struct is_array : std::false_type {};
template <class T>
struct is_array<Array<T>> : std::true_type {};

template <class T>
CallArgument call_argument(const T& value) noexcept {
    if constexpr (is_array<T>::value)
        return CallArgument{&value.data(), {}};
    else
        return CallArgument{nullptr, host_scalar(value)};
}

/// Room for one packed value: an offset, a converted scalar, or a launch parameter.
struct alignas(16) ArgumentSlot {
    std::byte bytes[16];
};

} // namespace detail

/// What an ElementwiseKernel may take beyond its arguments and operation. The fields are those
/// ReductionOptions and ScanOptions start with, in the same order, since designated initializers
/// must follow it.
struct ElementwiseOptions {
    /// A C identifier naming the kernel (rtcg_ew_<name>), for profilers and messages.
    std::string name = "elementwise";
    /// Declarations and functions the operation may use, put before the kernel.
    std::string preamble = {};
};

/// A kernel that runs a C snippet once per index over arrays, as PyOpenCL's ElementwiseKernel;
/// see elementwise.hpp.
class RTCG_API ElementwiseKernel {
public:
    /// `arguments` as parse_arguments takes them (rtcg/codegen/declaration.hpp); `operation` is
    /// C statements run at each index. Compiles for `context`, unless an equal kernel is built
    /// already; declared structs among the arguments are checked with verify_layout first.
    /// DeclarationError, InvalidArgument (a name that is not a C identifier, a refused argument)
    /// or CompileError when it cannot be built.
    ElementwiseKernel(const Context& context, std::string_view arguments, std::string_view operation,
                      ElementwiseOptions options = {});
    /// The arguments as objects instead of a declaration list.
    ElementwiseKernel(const Context& context, std::vector<codegen::Argument> arguments, std::string_view operation,
                      ElementwiseOptions options = {});

    /// The context the kernel is compiled for.
    const Context& context() const noexcept;
    /// The declared arguments, in order.
    const std::vector<codegen::Argument>& arguments() const noexcept;
    /// The kernel's name.
    const std::string& name() const noexcept;
    /// The generated source for `dialect`: what this kernel compiles for its own dialect.
    std::string source(codegen::Dialect dialect) const;

    /// Runs over every index of the arrays (all of one size) on the context's current queue (queue_scope.hpp).
    template <class... Args>
    void operator()(const Args&... args) const {
        call(detail::current_queue(context()), nullptr, args...);
    }
    /// Runs over the indices of `range` on the context's current queue (queue_scope.hpp).
    template <class... Args>
    void operator()(const Range& range, const Args&... args) const {
        call(detail::current_queue(context()), &range, args...);
    }
    /// Runs over every index of the arrays on `queue`.
    template <class... Args>
    void operator()(Queue& queue, const Args&... args) const {
        call(queue, nullptr, args...);
    }
    /// Runs over the indices of `range` on `queue`.
    template <class... Args>
    void operator()(Queue& queue, const Range& range, const Args&... args) const {
        call(queue, &range, args...);
    }

private:
    friend struct detail::UntypedCalls;

    /// The untyped call the typed ones forward to. `range` may be null (whole arrays); `slots` and
    /// `packed` are scratch space of at least arguments + 3 and 2 * arguments + 3 entries;
    /// `min_indices_per_work_item` replaces the policy's where it is not 0.
    void launch(Queue& queue, const Range* range, std::span<const detail::CallArgument> args,
                std::span<detail::ArgumentSlot> slots, std::span<KernelArgument> packed,
                std::size_t min_indices_per_work_item = 0) const;
    /// The source of the kernel that launch() on every index of `args` runs.
    std::string call_source(std::span<const detail::CallArgument> args) const;

    template <class... Args>
    void call(Queue& queue, const Range* range, const Args&... args) const {
        constexpr std::size_t count = sizeof...(Args);
        const std::array<detail::CallArgument, count> described{detail::call_argument(args)...};
        std::array<detail::ArgumentSlot, count + 3> slots;
        std::array<KernelArgument, 2 * count + 3> packed;
        launch(queue, range, described, slots, packed);
    }

    std::shared_ptr<const detail::ElementwiseProgram> program_;
    /// The context's kernel cache, kept alive while this kernel is, so that equal kernels built
    /// later find this one.
    std::shared_ptr<detail::ContextKernels> kernels_;
};

} // namespace rtcg
