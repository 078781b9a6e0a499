// The launch of a reduction along axes (axis_reduction_launch.hpp).
#include "axis_reduction_launch.hpp"

#include "argument_binding.hpp"
#include "axis_slicing.hpp"
#include "context_kernels.hpp"
#include "index_division.hpp"
#include "policies/chosen_policy.hpp"
#include "scalar_conversion.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/memory_pool.hpp>
#include <rtcg/core/module.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>

namespace rtcg::detail {
namespace {

using codegen::Argument;

// The fewest bytes of parameters every OpenCL device takes (CL_DEVICE_MAX_PARAMETER_SIZE).
constexpr std::size_t parameter_bytes_limit = 1024;

struct AxisProgram {
    Kernel rows, columns, partials;
    std::size_t group = 1; // the work-group size of every kernel, a power of two
    // Groups of the rows and the columns kernel the device holds at once; 0 where unknown.
    std::size_t rows_resident = 0, columns_resident = 0;
};

// Groups of `group` work-items of `kernel` the whole device holds at once, where the backend
// knows rather than estimates it; else 0.
std::size_t resident_groups(const Kernel& kernel, std::size_t group, const DeviceInfo& device) {
    const Occupancy occupancy = kernel.occupancy(group);
    if (occupancy.estimated) return 0;
    return occupancy.blocks_per_compute_unit * device.compute_units;
}

std::shared_ptr<const AxisProgram> build(const Context& context, const std::string& source,
                                         const AxisReductionDescription& d, std::size_t block) {
    const Module module = context.compile(source);
    AxisProgram program{module.kernel(axis_kernel_name(d, AxisKernel::rows)),
                        module.kernel(axis_kernel_name(d, AxisKernel::columns)),
                        module.kernel(axis_kernel_name(d, AxisKernel::partials)), block};
    for (const Kernel* kernel : {&program.rows, &program.columns, &program.partials})
        if (const std::size_t limit = kernel->attributes().max_threads_per_block)
            program.group = std::min(program.group, std::bit_floor(limit));
    program.rows_resident = resident_groups(program.rows, program.group, context.device());
    program.columns_resident = resident_groups(program.columns, program.group, context.device());
    return std::make_shared<const AxisProgram>(std::move(program));
}

// The work-group size the source is built for: the policy's for the layout's kernel, within the
// device's limits and its local memory for one value per work-item.
std::size_t source_block(const DeviceInfo& device, std::size_t block, std::size_t value_bytes) {
    if (device.max_work_group_size) block = std::min(block, device.max_work_group_size);
    if (device.max_work_item_sizes[0]) block = std::min(block, device.max_work_item_sizes[0]);
    if (device.local_memory_bytes) block = std::min(block, device.local_memory_bytes / value_bytes);
    return std::bit_floor(std::max<std::size_t>(block, 1));
}

// The narrowest segment that gives each of its work-items at most `items` of `count` values.
std::size_t segment_width(std::size_t count, std::size_t items, std::size_t group) {
    return std::min(group, std::bit_ceil(std::max<std::size_t>(ceil_div(count, items), 1)));
}

std::int64_t as_index(std::size_t value) { return static_cast<std::int64_t>(value); }
std::int64_t as_index(std::ptrdiff_t value) { return static_cast<std::int64_t>(value); }

// The values of axis_layout_arguments' parameters.
std::vector<std::int64_t> layout_values(const AxisLayout& layout) {
    std::vector<std::int64_t> values;
    for (std::size_t axis = 1; axis < layout.kept.size(); ++axis)
        values.push_back(extent_argument(layout.kept[axis], layout.narrow()));
    for (std::size_t axis = 1; axis < layout.reduced.size(); ++axis)
        values.push_back(extent_argument(layout.reduced[axis], layout.narrow()));
    for (std::size_t k = 0; k < layout.kept_strides.size(); ++k) {
        for (const std::ptrdiff_t s : layout.kept_strides[k]) values.push_back(as_index(s));
        for (const std::ptrdiff_t s : layout.reduced_strides[k]) values.push_back(as_index(s));
    }
    for (const std::ptrdiff_t s : layout.output_strides) values.push_back(as_index(s));
    return values;
}

// The arrays the layout covers: every array argument, 0-dimensional ones included (their strides
// are all 0).
std::vector<const ArrayData*> arrays_of(const std::vector<CallArgument>& values) {
    std::vector<const ArrayData*> arrays;
    for (const CallArgument& value : values)
        if (value.array) arrays.push_back(value.array);
    return arrays;
}

} // namespace

std::vector<bool> folded_axes(std::string_view operation, const std::vector<std::size_t>& shape, const Axes& axes) {
    const auto n = static_cast<long long>(shape.size());
    std::vector<bool> folded(shape.size(), axes.every());
    if (axes.every()) return folded;
    for (const int given : axes.list()) {
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

std::vector<std::size_t> kept_shape(const std::vector<std::size_t>& shape, const std::vector<bool>& folded,
                                    bool keepdims) {
    std::vector<std::size_t> result;
    for (std::size_t axis = 0; axis < shape.size(); ++axis)
        if (!folded[axis]) result.push_back(shape[axis]);
        else if (keepdims) result.push_back(1);
    return result;
}

PreparedAxisCall prepare_axis_call(AxisCall call, const std::vector<std::size_t>& shape,
                                   const std::vector<bool>& folded, bool keep_reduced_order,
                                   const DeviceInfo& device, codegen::Dialect dialect) {
    AxisLayout layout = axis_layout(shape, folded, arrays_of(call.values), keep_reduced_order);
    const AxisReductionPolicy policy = choose_policy<AxisReductionPolicy>(device).policy;
    const std::size_t row_block = call.value_bytes > 8 ? policy.wide_row_block_size : policy.row_block_size;
    const std::size_t block = source_block(device, layout.rows ? row_block : policy.block_size, call.value_bytes);
    const std::size_t items = layout.rows ? policy.row_items_per_work_item : policy.items_per_work_item;
    // Rows long enough for segments as wide as the group have them fixed in the source, so that
    // the compiler computes each lane's addresses once per step (bench/NOTES.md, "Reductions
    // along axes: slices by waves, rows at constant offsets").
    const bool whole_group_rows = layout.rows && segment_width(layout.reduced_count, items, block) == block;
    std::string source = axis_reduction_source(dialect, call.description, layout, WorkShape{block, items},
                                               whole_group_rows);
    return PreparedAxisCall{std::move(call), std::move(layout), std::move(source), block,
                            items,           whole_group_rows,  dialect,           policy};
}

bool axis_parameters_fit(const PreparedAxisCall& prepared) {
    // Eight bytes a word: an index, a pointer, an array's offset, a scalar of up to 8 bytes (the
    // initial value and the divisor, a complex one, count two). The launch's own six follow.
    const std::size_t words = layout_values(prepared.layout).size() + 2 * prepared.call.values.size() + 4 + 6;
    return words * 8 <= parameter_bytes_limit;
}

void launch_axis_call(const PreparedAxisCall& prepared, const HostScalar* initial, std::size_t ddof,
                      const ArrayData& result, Queue& queue) {
    const AxisLayout& layout = prepared.layout;
    const AxisReductionDescription& d = prepared.call.description;
    const Context& context = result.context();
    if (layout.outputs == 0) return;

    const std::string key = "axis_reduction\x1f" + prepared.source;
    std::shared_ptr<ContextKernels> kernels = ContextKernels::of(context);
    std::shared_ptr<const AxisProgram> program = kernels->find<AxisProgram>(key);
    if (!program) program = kernels->insert(key, build(context, prepared.source, d, prepared.block));
    const std::size_t group = program->group; // the source's block, within the kernels' limits
    if (prepared.whole_group_rows && group != prepared.block) {
        // The kernels cannot take the group their segments were fixed to: the form whose segments
        // the launch sizes instead.
        PreparedAxisCall sized_at_launch = prepared;
        sized_at_launch.whole_group_rows = false;
        sized_at_launch.source = axis_reduction_source(prepared.dialect, d, layout,
                                                       WorkShape{prepared.block, prepared.items}, false);
        launch_axis_call(sized_at_launch, initial, ddof, result, queue);
        return;
    }

    // The call's arguments, then the layout's, the initial value and the divisor.
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
    if (d.initial)
        packed.push_back(convert_scalar(Argument::scalar(d.output_type, "initial"), *initial, slots[values.size()], label));
    const double count = std::max(static_cast<double>(layout.reduced_count) - static_cast<double>(ddof), 0.0);
    if (d.divisor)
        packed.push_back(convert_scalar(Argument::scalar(*d.divisor, "divisor"), host_scalar(count),
                                        slots[values.size() + 1], label));
    const std::size_t common = packed.size();

    const DeviceInfo& device = context.device();
    const std::size_t items = prepared.items;
    const std::size_t max_grid = device.max_grid_size[0] ? device.max_grid_size[0] : unlimited_groups;
    const std::size_t width = layout.rows ? segment_width(layout.reduced_count, items, group) : 1;
    const std::size_t per_group = layout.rows ? group / width : group;
    const std::size_t groups = std::min(ceil_div(layout.outputs, per_group), max_grid);
    // Slices of the reduced indices over more groups, while the outputs alone leave the device idle
    // (axis_slicing.hpp).
    const std::size_t target = std::max<std::size_t>(device.compute_units, 1) * prepared.policy.groups_per_compute_unit;
    const std::size_t grid_rows = device.max_grid_size[1] ? device.max_grid_size[1] : 65535;
    const std::size_t most = std::min(
        std::max<std::size_t>(layout.reduced_count / (width * prepared.policy.min_items_per_slice), 1), grid_rows);
    const std::size_t resident = layout.rows ? program->rows_resident : program->columns_resident;
    std::size_t slices = slice_count(groups, most, resident, target);
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

} // namespace rtcg::detail
