#pragma once
/// \file
/// numpy's reductions along axes: every reduction of rtcg/arrays/reductions.hpp, and prod, mean,
/// var, std, ptp, argmin and argmax, over one axis, several or all, each spelled
///
/// \code
///   rtcg::Array<float>  s = rtcg::sum(x, {.axes = {0, 2}, .keepdims = true});
///   rtcg::Array<double> d = rtcg::sum<double>(x * y, {.axes = 1});       // numpy's dtype=
///   rtcg::Array<float>  m = rtcg::max(x, {.axes = -1, .initial = 0.0f});
///   rtcg::Array<float>  v = rtcg::var(x, {.axes = {0}, .ddof = 1});
///   rtcg::Array<std::int64_t> i = rtcg::argmax(x, {.axes = 1});
/// \endcode
///
/// The forms without options reduce every element into a DeviceScalar (reductions.hpp); these
/// return Arrays, 0-dimensional where every axis is reduced without keepdims. The operand may be
/// any array, view (strided, transposed, broadcast) or expression: the expression is the
/// reduction's map, read through the arrays' strides, so `rtcg::sum(x * y, {.axes = 1})` is one
/// kernel with no temporary (var and std run two, mean first; ptp two and a subtraction).
///
/// \code
///   result type (R: the optional first template argument, numpy's dtype=)
///   sum, prod     R, else numpy's: int64 for bool and signed integers, uint64 for unsigned, the type
///                 itself otherwise; integers wrap. Folded in R.
///   mean          R, else float64 for bool and integers, the type itself otherwise; folded in it.
///   var, std      R, else float64 for bool and integers, the real type of complex, the type itself
///                 otherwise: the mean of |x - mean(x)|^2 with N - ddof as the count (inf or NaN
///                 where that is not positive, as numpy); std its square root.
///   min, max, ptp the operand's type; a NaN among the reduced elements is the result. ptp = max - min.
///   argmin/argmax int64: the index of the first extreme along the axis (or in C order over every
///                 axis), a NaN counting as the extreme; at most one axis, as numpy.
///   all, any      bool.
///   empty         sum 0, prod 1, all true, any false, mean/var/std NaN; min, max, ptp, argmin and
///                 argmax are InvalidArgument (numpy raises) unless `initial` is given (min, max).
/// \endcode
///
/// Axes are numbered as in numpy (negative from the end); one named twice or out of range is
/// InvalidArgument naming it and the shape. `initial` (sum, prod, min, max) is folded in once per
/// output, converted to the result type as a kernel argument is (an integer reduction refuses a
/// floating initial). Floating sums fold in trees, not left to right: results differ from a
/// sequential sum by rounding, the same way every time on one device and layout.
#include <rtcg/arrays/axes.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/arrays/reductions.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <cstring>
#include <optional>
#include <type_traits>
#include <vector>

namespace rtcg {

/// A reduction's starting value (numpy's initial=): any C++ number, converted to the result type.
class ReduceInitial {
public:
    /// The value `value`, copied.
    template <class T>
        requires std::is_arithmetic_v<T> && (!std::is_same_v<T, long double>)
    ReduceInitial(T value) noexcept : scalar_(detail::host_scalar(value)) {
        std::memcpy(bytes_, &value, sizeof value);
        scalar_.bytes = bytes_;
    }
    /// A copy, holding its own bytes of the value.
    ReduceInitial(const ReduceInitial& other) noexcept : scalar_(other.scalar_) {
        std::memcpy(bytes_, other.bytes_, sizeof bytes_);
        scalar_.bytes = bytes_;
    }
    /// Takes a copy of `other`'s value.
    ReduceInitial& operator=(const ReduceInitial& other) noexcept {
        scalar_ = other.scalar_;
        std::memcpy(bytes_, other.bytes_, sizeof bytes_);
        scalar_.bytes = bytes_;
        return *this;
    }

    /// The value as a kernel argument describes it.
    const detail::HostScalar& scalar() const noexcept { return scalar_; }

private:
    detail::HostScalar scalar_;
    alignas(8) unsigned char bytes_[8]{};
};

/// How a reduction along axes runs; see rtcg/arrays/axis_reductions.hpp.
struct ReduceOptions {
    Axes axes{};                          ///< the axes folded; every axis by default
    bool keepdims = false;                ///< keep each folded axis as an axis of extent 1
    std::optional<ReduceInitial> initial{}; ///< sum, prod, min, max: a value folded into every output
    std::size_t ddof = 0;                 ///< var, std: the count is N - ddof
};

namespace detail {

/// Reductions along axes whose kernel one call runs.
enum class AxisReduction { sum, prod, min, max, mean, all, any, argmin, argmax };

/// The shape of `operation`'s result over an operand of `shape`. InvalidArgument, naming
/// rtcg::<operation>, the axis and the shape, for an axis out of range or named twice.
RTCG_API std::vector<std::size_t> axis_result_shape(std::string_view operation, const std::vector<std::size_t>& shape,
                                                    const ReduceOptions& options);
/// Reduces `operand` along the options' axes into `result` (of axis_result_shape's shape, in the
/// context's queue); the operand is folded in the value type numpy's rules give `result`'s type.
/// mean divides by the count less `ddof`.
RTCG_API void reduce_along(AxisReduction reduction, const ExprPtr& operand, const ReduceOptions& options,
                           const ArrayData& result);
/// The source of the kernels reduce_along builds, in `dialect` (for tests of the generated code).
RTCG_API std::string axis_reduction_source(AxisReduction reduction, const ExprPtr& operand,
                                           const ReduceOptions& options, const codegen::DType& result,
                                           codegen::Dialect dialect);

template <class R>
Array<R> reduce_along_to(std::string_view operation, AxisReduction reduction, const ExprPtr& operand,
                         const ReduceOptions& options) {
    Array<R> result = Array<R>::empty(node_context(*operand), axis_result_shape(operation, node_shape(*operand), options));
    reduce_along(reduction, operand, options, result.data());
    return result;
}

template <class X>
constexpr expr::Code axis_element_code() {
    return expr::code_of<typename array_operand<std::remove_cvref_t<X>>::element>();
}

/// R, or the type numpy gives: `otherwise` of the operand's code.
template <class R, expr::Code Default>
using chosen_type = std::conditional_t<std::is_void_v<R>, expr::type_of_t<Default>, R>;

/// numpy's mean and var type: float64 for bool and integers, else the type (var: its real part).
constexpr expr::Code mean_type(expr::Code c) { return expr::types::kind(c) < 2 ? expr::Code::f64 : c; }
constexpr expr::Code variance_type(expr::Code c) {
    const expr::Code mean = mean_type(c);
    return mean == expr::Code::c64 ? expr::Code::f32 : mean == expr::Code::c128 ? expr::Code::f64 : mean;
}

template <class X>
concept OrderedOperand = ArrayOperand<X> && (expr::types::kind(axis_element_code<X>()) < 3);

} // namespace detail

/// The sum along the axes; see axis_reductions.hpp for the type.
template <class R = void, ArrayOperand X>
auto sum(const X& x, const ReduceOptions& options) {
    using T = detail::chosen_type<R, expr::sum_type(detail::axis_element_code<X>())>;
    return detail::reduce_along_to<T>("sum", detail::AxisReduction::sum, detail::node_of(x), options);
}

/// The product along the axes, in sum's type.
template <class R = void, ArrayOperand X>
auto prod(const X& x, const ReduceOptions& options) {
    using T = detail::chosen_type<R, expr::sum_type(detail::axis_element_code<X>())>;
    return detail::reduce_along_to<T>("prod", detail::AxisReduction::prod, detail::node_of(x), options);
}

/// The smallest element along the axes; NaN where one is.
template <detail::OrderedOperand X>
auto min(const X& x, const ReduceOptions& options) {
    using T = typename detail::array_operand<X>::element;
    return detail::reduce_along_to<T>("min", detail::AxisReduction::min, detail::node_of(x), options);
}

/// The largest element along the axes; NaN where one is.
template <detail::OrderedOperand X>
auto max(const X& x, const ReduceOptions& options) {
    using T = typename detail::array_operand<X>::element;
    return detail::reduce_along_to<T>("max", detail::AxisReduction::max, detail::node_of(x), options);
}

/// Whether every element along the axes is nonzero.
template <ArrayOperand X>
Array<bool> all(const X& x, const ReduceOptions& options) {
    return detail::reduce_along_to<bool>("all", detail::AxisReduction::all, detail::node_of(x), options);
}

/// Whether some element along the axes is nonzero.
template <ArrayOperand X>
Array<bool> any(const X& x, const ReduceOptions& options) {
    return detail::reduce_along_to<bool>("any", detail::AxisReduction::any, detail::node_of(x), options);
}

/// The index of the first smallest element along the axis (a NaN first).
template <detail::OrderedOperand X>
Array<std::int64_t> argmin(const X& x, const ReduceOptions& options) {
    return detail::reduce_along_to<std::int64_t>("argmin", detail::AxisReduction::argmin, detail::node_of(x), options);
}

/// The index of the first largest element along the axis (a NaN first).
template <detail::OrderedOperand X>
Array<std::int64_t> argmax(const X& x, const ReduceOptions& options) {
    return detail::reduce_along_to<std::int64_t>("argmax", detail::AxisReduction::argmax, detail::node_of(x), options);
}

/// The mean along the axes; see axis_reductions.hpp for the type.
template <class R = void, ArrayOperand X>
auto mean(const X& x, const ReduceOptions& options) {
    using T = detail::chosen_type<R, detail::mean_type(detail::axis_element_code<X>())>;
    return detail::reduce_along_to<T>("mean", detail::AxisReduction::mean, detail::node_of(x), options);
}

/// The variance along the axes: the mean of |x - mean(x)|^2, dividing by N - options.ddof.
template <class R = void, ArrayOperand X>
auto var(const X& x, const ReduceOptions& options) {
    using T = detail::chosen_type<R, detail::variance_type(detail::axis_element_code<X>())>;
    // The mean in the type the deviations are computed in: T, or its complex kind for complex x.
    constexpr expr::Code work = expr::types::kind(detail::axis_element_code<X>()) == 3
                                    ? (sizeof(T) == 4 ? expr::Code::c64 : expr::Code::c128)
                                    : expr::code_of<T>();
    using W = expr::type_of_t<work>;
    const auto values = Expr<W>(detail::cast_node(detail::node_of(x), codegen::dtype_of<W>()));
    ReduceOptions kept = options;
    kept.keepdims = true;
    kept.ddof = 0;
    kept.initial.reset();
    const Array<W> centre = detail::reduce_along_to<W>("var", detail::AxisReduction::mean, values.node(), kept);
    const auto deviation = abs(values - centre);
    ReduceOptions folded = options;
    folded.initial.reset();
    return detail::reduce_along_to<T>("var", detail::AxisReduction::mean, (deviation * deviation).template astype<T>().node(),
                                      folded);
}

/// The standard deviation along the axes: sqrt(var(x, options)).
template <class R = void, ArrayOperand X>
auto std(const X& x, const ReduceOptions& options) {
    auto variance = var<R>(x, options);
    using T = typename decltype(variance)::value_type;
    return Array<T>(sqrt(variance));
}

/// max - min along the axes (numpy's ptp), in the operand's type (integers wrap).
template <detail::OrderedOperand X>
auto ptp(const X& x, const ReduceOptions& options) {
    using T = typename detail::array_operand<X>::element;
    ReduceOptions plain = options;
    plain.initial.reset();
    const Array<T> high = detail::reduce_along_to<T>("ptp", detail::AxisReduction::max, detail::node_of(x), plain);
    const Array<T> low = detail::reduce_along_to<T>("ptp", detail::AxisReduction::min, detail::node_of(x), plain);
    return Array<T>((high - low).template astype<T>());
}

} // namespace rtcg
