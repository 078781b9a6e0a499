// Reductions along axes (rtcg/arrays/axis_reductions.hpp): the operand's expression, lowered, is
// the map of the kernels of kernel/axis_reduce.rtcg, reading each array through its strides over
// the (kept, reduced) layout of axis_layout.hpp; the fold, its identity and the finish of an output
// depend on the reduction and the result type.
#include "axis_reduction_launch.hpp"
#include "expression_lowering.hpp"
#include "reduction_operations.hpp"

#include <rtcg/arrays/axis_reductions.hpp>
#include <rtcg/arrays/queue_scope.hpp>
#include <rtcg/codegen/literal.hpp>
#include <rtcg/core/error.hpp>

#include <limits>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::Dialect;
using codegen::DType;

constexpr std::string_view names[] = {"sum", "prod", "min", "max", "mean", "all", "any", "argmin", "argmax"};

std::string operation_name(AxisReduction reduction) { return "rtcg::" + std::string(names[static_cast<int>(reduction)]); }

bool is_arg(AxisReduction reduction) { return reduction == AxisReduction::argmin || reduction == AxisReduction::argmax; }

// The value an output accumulates, the fold, its identity and the output's finish from `value`.
struct Fold {
    std::string value_type, neutral, op, finish;
    std::size_t value_bytes = 0;
};

std::string returning(const std::string& expression) { return "return " + expression + ";"; }

// argmin / argmax: (value, index) pairs, the better value first, a NaN better than any number and
// between equals the lower index, so that the fold is the first extreme in any order of folding.
// In OpenCL the fold decides once whether b wins, then selects each field: NVIDIA's OpenCL compiler
// keeps a pair that branches return in local memory, copied there on every fold, where selected
// fields stay in registers. NVRTC keeps either form in registers, and the branches' early exits
// run faster there.
Fold arg_fold(bool largest, const DType& type, Dialect dialect) {
    const std::string t = c_type(type, dialect);
    const std::string better = largest ? ">" : "<";
    std::string op;
    if (dialect == Dialect::opencl) {
        const std::string b_by_value =
            "(b.value " + better + " a.value || (!(a.value " + better + " b.value) && b.index < a.index))";
        if (type.is_floating())
            op += "const int a_nan = a.value != a.value, b_nan = b.value != b.value; "
                  "const int b_wins = a_nan != b_nan ? b_nan : " + b_by_value + "; ";
        else
            op += "const int b_wins = " + b_by_value + "; ";
        op += "rtcg_reduce_value_t r; r.value = b_wins ? b.value : a.value; r.index = b_wins ? b.index : a.index; "
              "return r;";
    } else {
        if (type.is_floating())
            op += "const int a_nan = a.value != a.value, b_nan = b.value != b.value; "
                  "if (a_nan != b_nan) return a_nan ? a : b; ";
        op += "if (a.value " + better + " b.value) return a; if (b.value " + better + " a.value) return b; "
              "return a.index <= b.index ? a : b;";
    }
    const std::string last_index = codegen::integer_literal(dialect, DType::int64(), std::numeric_limits<std::int64_t>::max());
    return Fold{"typedef struct { " + t + " value; rtcg_index_t index; } rtcg_reduce_value_t;\n"
                "RTCG_DEVICE rtcg_reduce_value_t rtcg_axis_pair(" + t + " value, rtcg_index_t index) "
                "{ rtcg_reduce_value_t p; p.value = value; p.index = index; return p; }",
                "rtcg_reduce_value_t p; p.value = " + extreme(type, dialect, !largest) + "; p.index = " + last_index +
                    "; return p;",
                op, "value.index", 16};
}

Fold fold_of(AxisReduction reduction, const DType& operand, const DType& value, bool initial, Dialect dialect,
             DeviceFunctions& functions) {
    if (is_arg(reduction)) return arg_fold(reduction == AxisReduction::argmax, operand, dialect);
    Fold fold{"typedef " + c_type(value, dialect) + " rtcg_reduce_value_t;", "", "", "value", value.size()};
    const std::string zero = value.is_complex() ? codegen::complex_literal(dialect, value, 0) : "0";
    const std::string one = value.is_complex() ? codegen::complex_literal(dialect, value, 1) : "1";
    switch (reduction) {
    case AxisReduction::sum:
    case AxisReduction::mean: fold.op = sum_of(value, dialect); fold.neutral = zero; break;
    case AxisReduction::prod: fold.op = product_of(value, dialect); fold.neutral = one; break;
    case AxisReduction::min: fold.op = functions.minimum(value) + "(a, b)"; fold.neutral = extreme(value, dialect, true); break;
    case AxisReduction::max: fold.op = functions.maximum(value) + "(a, b)"; fold.neutral = extreme(value, dialect, false); break;
    case AxisReduction::all: fold.op = "(a && b)"; fold.neutral = "1"; break;
    case AxisReduction::any: fold.op = "(a || b)"; fold.neutral = "0"; break;
    default: break;
    }
    fold.op = returning(fold.op);
    fold.neutral = returning(fold.neutral);
    if (reduction == AxisReduction::mean)
        fold.finish = value.is_complex() ? complex_prefix(value) + "_divr(value, divisor)" : "value / divisor";
    else if (initial)
        fold.finish = "rtcg_reduce_op(initial, value)";
    return fold;
}

AxisCall describe(AxisReduction reduction, const ExprPtr& operand, const DType& result, bool initial, Dialect dialect) {
    // The value folded: the result type, bool for all and any, the operand's for argmin and argmax.
    const DType value = is_arg(reduction) ? operand->type
                        : reduction == AxisReduction::all || reduction == AxisReduction::any ? DType::boolean()
                                                                                              : result;
    const ExprPtr source = operand->type == value ? operand : cast_node(operand, value);
    DeviceFunctions functions(dialect);
    const Fold fold = fold_of(reduction, operand->type, value, initial, dialect, functions);
    LoweredExpression lowered = lower(*source, dialect, functions);
    std::optional<DType> divisor;
    if (reduction == AxisReduction::mean) divisor = result.is_complex() ? result.element() : result;
    AxisReductionDescription d{.name = std::string(names[static_cast<int>(reduction)]),
                               .value_type = fold.value_type,
                               .output_type = result,
                               .neutral = fold.neutral,
                               .op = fold.op,
                               .map = is_arg(reduction) ? "rtcg_axis_pair(" + lowered.text + ", rtcg_r)" : lowered.text,
                               .arguments = std::move(lowered.arguments),
                               .functions = functions.definitions(),
                               .finish = fold.finish,
                               .initial = initial,
                               .divisor = divisor};
    return AxisCall{std::move(d), std::move(lowered.values), fold.value_bytes};
}

PreparedAxisCall prepare(AxisReduction reduction, const ExprPtr& operand, const ReduceOptions& options,
                         const DType& result, const DeviceInfo& device, Dialect dialect) {
    const std::string name = operation_name(reduction);
    const std::vector<bool> folded = folded_axes(name, operand->shape, options.axes);
    const bool takes_initial = reduction == AxisReduction::sum || reduction == AxisReduction::prod ||
                               reduction == AxisReduction::min || reduction == AxisReduction::max;
    if (options.initial && !takes_initial)
        throw InvalidArgument("an initial value is for sum, prod, min and max, as in numpy", name);
    if (is_arg(reduction) && !options.axes.every() && options.axes.list().size() != 1)
        throw InvalidArgument("argmin and argmax take one axis or every axis, not " +
                                  std::to_string(options.axes.list().size()),
                              name);
    return prepare_axis_call(describe(reduction, operand, result, options.initial.has_value(), dialect), operand->shape,
                             folded, is_arg(reduction), device, dialect);
}

} // namespace

std::vector<std::size_t> axis_result_shape(std::string_view operation, const std::vector<std::size_t>& shape,
                                           const ReduceOptions& options) {
    return kept_shape(shape, folded_axes("rtcg::" + std::string(operation), shape, options.axes), options.keepdims);
}

void reduce_along(AxisReduction reduction, const ExprPtr& operand, const ReduceOptions& options,
                  const ArrayData& result) {
    const Context& context = result.context();
    const Dialect dialect = codegen::dialect_of(context.device());
    PreparedAxisCall prepared = prepare(reduction, operand, options, result.dtype(), context.device(), dialect);
    if (!axis_parameters_fit(prepared))
        prepared = prepare(reduction, array_node(evaluate(operand)), options, result.dtype(), context.device(), dialect);
    const bool needs_identity = reduction == AxisReduction::min || reduction == AxisReduction::max || is_arg(reduction);
    if (needs_identity && !options.initial && prepared.layout.reduced_count == 0 && prepared.layout.outputs != 0)
        throw InvalidArgument("the reduction is empty along the axes over an operand of shape " +
                                  shape_text(operand->shape) + ", and a " + prepared.call.description.name +
                                  " has no identity; give an initial value",
                              operation_name(reduction));
    launch_axis_call(prepared, options.initial ? &options.initial->scalar() : nullptr, options.ddof, result,
                     current_queue(context));
}

std::string axis_reduction_source(AxisReduction reduction, const ExprPtr& operand, const ReduceOptions& options,
                                  const DType& result, Dialect dialect) {
    return prepare(reduction, operand, options, result, node_context(*operand).device(), dialect).source;
}

} // namespace rtcg::detail
