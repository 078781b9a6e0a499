// Reductions along axes (rtcg/arrays/axis_reductions.hpp): the operand's expression, lowered, is
// the map of the kernels of kernel/axis_reduce.rtcg, reading each array through its strides over
// the (kept, reduced) layout of axis_layout.hpp; the fold, its identity and the finish of an output
// depend on the reduction and the result type.
#include "argument_binding.hpp"
#include "axis_layout.hpp"
#include "axis_reduction_source.hpp"
#include "context_kernels.hpp"
#include "expression_lowering.hpp"
#include "policies/chosen_policy.hpp"
#include "reduction_operations.hpp"
#include "scalar_conversion.hpp"

#include <rtcg/arrays/axis_reductions.hpp>
#include <rtcg/codegen/literal.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/module.hpp>

#include <algorithm>
#include <bit>
#include <limits>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::Dialect;
using codegen::DType;

constexpr std::string_view names[] = {"sum", "prod", "min", "max", "mean", "all", "any", "argmin", "argmax"};

std::string operation_name(AxisReduction reduction) { return "rtcg::" + std::string(names[static_cast<int>(reduction)]); }

bool is_arg(AxisReduction reduction) { return reduction == AxisReduction::argmin || reduction == AxisReduction::argmax; }

// The fewest bytes of parameters every OpenCL device takes (CL_DEVICE_MAX_PARAMETER_SIZE); a layout
// whose parameters would pass it reads a contiguous copy of the operand instead.
constexpr std::size_t parameter_bytes_limit = 1024;

// One flag per axis of `shape`: whether the options fold it.
std::vector<bool> folded_axes(std::string_view operation, const std::vector<std::size_t>& shape,
                              const ReduceOptions& options) {
    const auto n = static_cast<long long>(shape.size());
    std::vector<bool> folded(shape.size(), options.axes.every());
    if (options.axes.every()) return folded;
    for (const int given : options.axes.list()) {
        if (given < -n || given >= n)
            throw InvalidArgument("axis " + std::to_string(given) + " is out of bounds for an operand of shape " +
                                      shape_text(shape) + " (" + std::to_string(n) + " dimensions)",
                                  std::string(operation));
        const auto axis = static_cast<std::size_t>(given < 0 ? given + n : given);
        if (folded[axis])
            throw InvalidArgument("axis " + std::to_string(given) + " is named twice for an operand of shape " +
                                      shape_text(shape),
                                  std::string(operation));
        folded[axis] = true;
    }
    return folded;
}

// The value an output accumulates, the fold, its identity and the output's finish from `value`.
struct Fold {
    std::string value_type, neutral, op, finish;
    std::size_t value_bytes = 0;
};

std::string returning(const std::string& expression) { return "return " + expression + ";"; }

// argmin / argmax: (value, index) pairs, the better value first, a NaN better than any number and
// between equals the lower index, so that the fold is the first extreme in any order of folding.
Fold arg_fold(bool largest, const DType& type, Dialect dialect) {
    const std::string t = c_type(type, dialect);
    const std::string better = largest ? ">" : "<";
    std::string op;
    if (type.is_floating())
        op += "const int a_nan = a.value != a.value, b_nan = b.value != b.value; if (a_nan != b_nan) return a_nan ? a : b; ";
    op += "if (a.value " + better + " b.value) return a; if (b.value " + better + " a.value) return b; "
          "return a.index <= b.index ? a : b;";
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

// Everything one call needs: the kernels' description, the values of the operand's arguments.
struct AxisCall {
    AxisReductionDescription description;
    std::vector<CallArgument> values;
    std::size_t value_bytes = 0;
};

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

// The arrays the layout covers: every array argument, 0-dimensional ones included (their strides
// are all 0).
std::vector<const ArrayData*> arrays_of(const std::vector<CallArgument>& values) {
    std::vector<const ArrayData*> arrays;
    for (const CallArgument& value : values)
        if (value.array) arrays.push_back(value.array);
    return arrays;
}

struct AxisProgram {
    Kernel rows, columns, partials;
    std::size_t group = 1; // the work-group size of every kernel, a power of two
};

std::shared_ptr<const AxisProgram> build(const Context& context, const std::string& source,
                                         const AxisReductionDescription& d, std::size_t block) {
    const Module module = context.compile(source);
    AxisProgram program{module.kernel(axis_kernel_name(d, AxisKernel::rows)),
                        module.kernel(axis_kernel_name(d, AxisKernel::columns)),
                        module.kernel(axis_kernel_name(d, AxisKernel::partials)), block};
    for (const Kernel* kernel : {&program.rows, &program.columns, &program.partials})
        if (const std::size_t limit = kernel->attributes().max_threads_per_block)
            program.group = std::min(program.group, std::bit_floor(limit));
    return std::make_shared<const AxisProgram>(std::move(program));
}

// The work-group size the source is built for: the policy's, within the device's limits and its
// local memory for one value per work-item.
std::size_t source_block(const DeviceInfo& device, const AxisReductionPolicy& policy, std::size_t value_bytes) {
    std::size_t block = policy.block_size;
    if (device.max_work_group_size) block = std::min(block, device.max_work_group_size);
    if (device.max_work_item_sizes[0]) block = std::min(block, device.max_work_item_sizes[0]);
    if (device.local_memory_bytes) block = std::min(block, device.local_memory_bytes / value_bytes);
    return std::bit_floor(std::max<std::size_t>(block, 1));
}

std::size_t ceil_div(std::size_t a, std::size_t b) { return a / b + (a % b != 0); }

// The narrowest segment that gives each of its work-items at most `items` of `count` values.
std::size_t segment_width(std::size_t count, std::size_t items, std::size_t group) {
    return std::min(group, std::bit_ceil(std::max<std::size_t>(ceil_div(count, items), 1)));
}

std::int64_t as_index(std::size_t value) { return static_cast<std::int64_t>(value); }
std::int64_t as_index(std::ptrdiff_t value) { return static_cast<std::int64_t>(value); }

// The values of axis_layout_arguments' parameters.
std::vector<std::int64_t> layout_values(const AxisLayout& layout) {
    std::vector<std::int64_t> values;
    for (std::size_t axis = 1; axis < layout.kept.size(); ++axis) values.push_back(as_index(layout.kept[axis]));
    for (std::size_t axis = 1; axis < layout.reduced.size(); ++axis) values.push_back(as_index(layout.reduced[axis]));
    for (std::size_t k = 0; k < layout.kept_strides.size(); ++k) {
        for (const std::ptrdiff_t s : layout.kept_strides[k]) values.push_back(as_index(s));
        for (const std::ptrdiff_t s : layout.reduced_strides[k]) values.push_back(as_index(s));
    }
    for (const std::ptrdiff_t s : layout.output_strides) values.push_back(as_index(s));
    return values;
}

struct Prepared {
    AxisCall call;
    AxisLayout layout;
    std::string source;
    std::size_t block = 1;
    AxisReductionPolicy policy;
};

Prepared prepare(AxisReduction reduction, const ExprPtr& operand, const ReduceOptions& options, const DType& result,
                 const DeviceInfo& device, Dialect dialect) {
    const std::string name = operation_name(reduction);
    const std::vector<bool> folded = folded_axes(name, operand->shape, options);
    const bool takes_initial = reduction == AxisReduction::sum || reduction == AxisReduction::prod ||
                               reduction == AxisReduction::min || reduction == AxisReduction::max;
    if (options.initial && !takes_initial)
        throw InvalidArgument("an initial value is for sum, prod, min and max, as in numpy", name);
    if (is_arg(reduction) && !options.axes.every() && options.axes.list().size() != 1)
        throw InvalidArgument("argmin and argmax take one axis or every axis, not " +
                                  std::to_string(options.axes.list().size()),
                              name);
    AxisCall call = describe(reduction, operand, result, options.initial.has_value(), dialect);
    AxisLayout layout = axis_layout(operand->shape, folded, arrays_of(call.values), is_arg(reduction));
    const AxisReductionPolicy policy = choose_policy<AxisReductionPolicy>(device).policy;
    const std::size_t block = source_block(device, policy, call.value_bytes);
    std::string source = axis_reduction_source(dialect, call.description, layout,
                                               WorkShape{block, policy.items_per_work_item});
    return Prepared{std::move(call), std::move(layout), std::move(source), block, policy};
}

// Whether the call's parameters stay within what every OpenCL device takes.
bool parameters_fit(const Prepared& prepared) {
    // Eight bytes a word: an index, a pointer, an array's offset, a scalar of up to 8 bytes (the
    // initial value and the divisor, a complex one, count two). The launch's own six follow.
    const std::size_t words = layout_values(prepared.layout).size() + 2 * prepared.call.values.size() + 4 + 6;
    return words * 8 <= parameter_bytes_limit;
}

void launch(const Prepared& prepared, const ReduceOptions& options, const ArrayData& result, Queue& queue) {
    const AxisLayout& layout = prepared.layout;
    const AxisReductionDescription& d = prepared.call.description;
    const Context& context = result.context();
    if (layout.outputs == 0) return;

    const std::string key = "axis_reduction\x1f" + prepared.source;
    std::shared_ptr<ContextKernels> kernels = ContextKernels::of(context);
    std::shared_ptr<const AxisProgram> program = kernels->find<AxisProgram>(key);
    if (!program) program = kernels->insert(key, build(context, prepared.source, d, prepared.block));
    const std::size_t group = std::min(program->group, prepared.block);

    // The operand's arguments, then the layout's, the initial value and the divisor.
    const std::string label = "rtcg axis reduction '" + d.name + "'";
    const std::vector<CallArgument>& values = prepared.call.values;
    std::vector<ArgumentSlot> slots(values.size() + 2);
    std::vector<KernelArgument> packed(2 * values.size());
    packed.resize(pack_arguments(label, d.arguments, context, values, slots, packed));
    // An empty operand has no buffer; the output stands in, since no reduced index reads it.
    for (std::size_t k = 0, at = 0; k < values.size(); at += values[k].array ? 2 : 1, ++k)
        if (values[k].array && values[k].array->size() == 0) packed[at] = kernel_argument(result.buffer());
    const std::vector<std::int64_t> layout_words = layout_values(layout);
    for (const std::int64_t& word : layout_words) packed.push_back(KernelArgument{nullptr, &word, sizeof word});
    if (options.initial)
        packed.push_back(convert_scalar(Argument::scalar(d.output_type, "initial"), options.initial->scalar(),
                                        slots[values.size()], label));
    const double divisor = static_cast<double>(layout.reduced_count) - static_cast<double>(options.ddof);
    const double count = std::max(divisor, 0.0);
    if (d.divisor)
        packed.push_back(convert_scalar(Argument::scalar(*d.divisor, "divisor"), host_scalar(count),
                                        slots[values.size() + 1], label));
    const std::size_t common = packed.size();

    const DeviceInfo& device = context.device();
    const std::size_t items = prepared.policy.items_per_work_item;
    const std::size_t max_grid = device.max_grid_size[0] ? device.max_grid_size[0] : unlimited_groups;
    const std::size_t width = layout.rows ? segment_width(layout.reduced_count, items, group) : 1;
    const std::size_t per_group = layout.rows ? group / width : group;
    const std::size_t groups = std::min(ceil_div(layout.outputs, per_group), max_grid);
    // Slices of the reduced indices over more groups, while the outputs alone leave the device idle.
    const std::size_t target = std::max<std::size_t>(device.compute_units, 1) * prepared.policy.groups_per_compute_unit;
    std::size_t slices = 1;
    if (groups < target) {
        const std::size_t most = std::max<std::size_t>(layout.reduced_count / (width * prepared.policy.min_items_per_slice), 1);
        const std::size_t grid_rows = device.max_grid_size[1] ? device.max_grid_size[1] : 65535;
        slices = std::min({ceil_div(target, groups), most, grid_rows});
    }
    const std::size_t slice_length = std::max<std::size_t>(ceil_div(layout.reduced_count, slices), 1);
    slices = std::max<std::size_t>(ceil_div(layout.reduced_count, slice_length), 1);

    const std::int64_t outputs = as_index(layout.outputs), reduced = as_index(layout.reduced_count);
    const std::int64_t length = as_index(slice_length), first_width = as_index(width);
    const Buffer partials = slices > 1 ? context.memory_pool().allocate(slices * layout.outputs * prepared.call.value_bytes, queue)
                                       : Buffer();
    packed.push_back(KernelArgument{nullptr, &outputs, sizeof outputs});
    packed.push_back(KernelArgument{nullptr, &reduced, sizeof reduced});
    packed.push_back(KernelArgument{nullptr, &length, sizeof length});
    packed.push_back(KernelArgument{nullptr, &first_width, sizeof first_width});
    packed.push_back(kernel_argument(result.buffer()));
    packed.push_back(kernel_argument(slices > 1 ? partials : result.buffer()));
    const Kernel& first = layout.rows ? program->rows : program->columns;
    first.launch(queue, LaunchConfig{Dim3{groups, slices}, Dim3{group}, 0}, packed);
    if (slices == 1) return;

    const std::int64_t slice_count = as_index(slices);
    const std::size_t fold_width = segment_width(slices, items, group);
    const std::int64_t second_width = as_index(fold_width);
    packed.resize(common);
    packed.push_back(KernelArgument{nullptr, &outputs, sizeof outputs});
    packed.push_back(KernelArgument{nullptr, &slice_count, sizeof slice_count});
    packed.push_back(KernelArgument{nullptr, &second_width, sizeof second_width});
    packed.push_back(kernel_argument(result.buffer()));
    packed.push_back(kernel_argument(partials));
    const std::size_t fold_groups = std::min(ceil_div(layout.outputs, group / fold_width), max_grid);
    program->partials.launch(queue, LaunchConfig{Dim3{fold_groups}, Dim3{group}, 0}, packed);
}

} // namespace

std::vector<std::size_t> axis_result_shape(std::string_view operation, const std::vector<std::size_t>& shape,
                                           const ReduceOptions& options) {
    const std::vector<bool> folded = folded_axes("rtcg::" + std::string(operation), shape, options);
    std::vector<std::size_t> result;
    for (std::size_t axis = 0; axis < shape.size(); ++axis)
        if (!folded[axis]) result.push_back(shape[axis]);
        else if (options.keepdims) result.push_back(1);
    return result;
}

void reduce_along(AxisReduction reduction, const ExprPtr& operand, const ReduceOptions& options,
                  const ArrayData& result) {
    const Context& context = result.context();
    const Dialect dialect = codegen::dialect_of(context.device());
    Prepared prepared = prepare(reduction, operand, options, result.dtype(), context.device(), dialect);
    if (!parameters_fit(prepared))
        prepared = prepare(reduction, array_node(evaluate(operand)), options, result.dtype(), context.device(), dialect);
    const bool needs_identity = reduction == AxisReduction::min || reduction == AxisReduction::max || is_arg(reduction);
    if (needs_identity && !options.initial && prepared.layout.reduced_count == 0 && prepared.layout.outputs != 0)
        throw InvalidArgument("the reduction is empty along the axes over an operand of shape " +
                                  shape_text(operand->shape) + ", and a " + prepared.call.description.name +
                                  " has no identity; give an initial value",
                              operation_name(reduction));
    launch(prepared, options, result, context.queue());
}

std::string axis_reduction_source(AxisReduction reduction, const ExprPtr& operand, const ReduceOptions& options,
                                  const DType& result, Dialect dialect) {
    return prepare(reduction, operand, options, result, node_context(*operand).device(), dialect).source;
}

} // namespace rtcg::detail
