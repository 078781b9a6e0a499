// The text of a reduction along axes: declarations, the configuration rendered by the template
// engine, then the device files that build the kernels (kernel/axis_reduce.rtcg).
#include "axis_reduction_source.hpp"

#include "array_kernel_text.hpp"
#include "device_sources.hpp"

#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/template.hpp>

#include <cstdint>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::DType;

// The configuration: the kernels' constants and names, the types, the fold, and as functions of the
// arguments struct (every parameter under its own name) the moves to an output, the map at a reduced
// index and the store of an output.
constexpr std::string_view configuration_text = R"(
#define RTCG_AXIS_BLOCK {{ block }}
#define RTCG_AXIS_ITEMS {{ items }}
{% if whole_group_rows %}
#define RTCG_AXIS_WHOLE_GROUP_ROWS 1
{% endif %}
#define RTCG_AXIS_ROWS_KERNEL {{ rows_kernel }}
#define RTCG_AXIS_COLUMNS_KERNEL {{ columns_kernel }}
#define RTCG_AXIS_PARTIALS_KERNEL {{ partials_kernel }}
{{ value_type }}
typedef {{ output_type }} rtcg_axis_out_t;

typedef struct {
{% for member in members %}
    {{ member }};
{% endfor %}
} rtcg_axis_arguments;

#define RTCG_AXIS_PARAMETERS \
{% for parameter in parameters %}
    {{ parameter }}, \
{% endfor %}

#define RTCG_AXIS_ARGUMENTS { {{ initializers }} }

RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_neutral(void) { {{ neutral }} }
RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_op(rtcg_reduce_value_t a, rtcg_reduce_value_t b) { {{ op }} }

// The arguments with every array at the first element of output o.
RTCG_DEVICE rtcg_axis_arguments rtcg_axis_at(rtcg_axis_arguments rtcg_arguments, rtcg_index_t o)
{
{% for line in kept_moves %}
    {{ line }}
{% endfor %}
    return rtcg_arguments;
}

// The map at reduced index rtcg_r of the output the arguments are at. Each array's pointer moves to
// its element, so the expression, which reads every array at index i, reads them at i = 0.
RTCG_DEVICE rtcg_reduce_value_t rtcg_axis_map(rtcg_axis_arguments rtcg_arguments, rtcg_index_t rtcg_r)
{
{% for line in unpacking %}
    {{ line }}
{% endfor %}
{% for line in reduced_moves %}
    {{ line }}
{% endfor %}
    const rtcg_index_t i = 0;
    return ({{ map }});
}

RTCG_DEVICE void rtcg_axis_store(rtcg_axis_arguments rtcg_arguments, RTCG_GLOBAL rtcg_axis_out_t* rtcg_out,
                                 rtcg_index_t o, rtcg_reduce_value_t value)
{
{% for line in unpacking %}
    {{ line }}
{% endfor %}
    rtcg_out[{{ output_offset }}] = ({{ finish }});
}

)";

const codegen::Template& configuration_template() {
    static const codegen::Template configuration(configuration_text, "axis reduction configuration");
    return configuration;
}

// The layout's parameters' names: an argument may not start with rtcg_, and the operand's are x<k>
// and s<k>, which these never are.
std::string kept_extent(std::size_t axis) { return "kept_extent" + std::to_string(axis); }
std::string reduced_extent(std::size_t axis) { return "reduced_extent" + std::to_string(axis); }
std::string kept_stride(const std::string& array, std::size_t axis) { return array + "_kept" + std::to_string(axis); }
std::string reduced_stride(const std::string& array, std::size_t axis) {
    return array + "_reduced" + std::to_string(axis);
}

// A call of the offset function `name` at index `index` for `array`'s strides (`prefix` names
// members of the arguments struct, or nothing for unpacked names). `unit_innermost`: the call
// gives the innermost stride as the constant 1 it is.
std::string offset_call(const std::string& name, const std::string& index, const std::string& prefix, std::size_t axes,
                        bool kept, const std::string& array, bool unit_innermost = false) {
    std::string call = name + "(" + index;
    for (std::size_t axis = 1; axis < axes; ++axis) call += ", " + prefix + (kept ? kept_extent(axis) : reduced_extent(axis));
    for (std::size_t axis = 0; axis < axes; ++axis)
        call += ", " + (unit_innermost && axis + 1 == axes
                            ? std::string("(rtcg_index_t)1")
                            : prefix + (kept ? kept_stride(array, axis) : reduced_stride(array, axis)));
    return call + ")";
}

// How an array moves to reduced index rtcg_r. Where its innermost reduced stride is 1, the source
// says so, and with one reduced axis the move is the index itself: the compiler then folds a
// work-item's steps along the run into its load addresses, rather than computing each address.
std::string reduced_move(const std::string& array, const std::vector<std::ptrdiff_t>& strides) {
    const bool unit = strides.back() == 1;
    if (unit && strides.size() == 1) return array + " += rtcg_r;";
    return array + " += " + offset_call("rtcg_reduced_offset", "rtcg_r", "", strides.size(), false, array, unit) + ";";
}

} // namespace

std::string axis_kernel_name(const AxisReductionDescription& d, AxisKernel kernel) {
    switch (kernel) {
    case AxisKernel::rows: return generated_kernel_name("rtcg_axis_", d.name, "_rows");
    case AxisKernel::columns: return generated_kernel_name("rtcg_axis_", d.name, "_columns");
    case AxisKernel::partials: return generated_kernel_name("rtcg_axis_", d.name, "_partials");
    }
    return {};
}

std::vector<Argument> axis_layout_arguments(const AxisReductionDescription& d, std::size_t kept_axes,
                                            std::size_t reduced_axes) {
    std::vector<Argument> layout;
    const auto index = [&](std::string name) { layout.push_back(Argument::scalar(DType::int64(), std::move(name))); };
    for (std::size_t axis = 1; axis < kept_axes; ++axis) index(kept_extent(axis));
    for (std::size_t axis = 1; axis < reduced_axes; ++axis) index(reduced_extent(axis));
    for (const Argument& argument : d.arguments) {
        if (!argument.is_pointer) continue;
        for (std::size_t axis = 0; axis < kept_axes; ++axis) index(kept_stride(argument.name, axis));
        for (std::size_t axis = 0; axis < reduced_axes; ++axis) index(reduced_stride(argument.name, axis));
    }
    for (std::size_t axis = 0; axis < kept_axes; ++axis) index(kept_stride("out", axis));
    return layout;
}

std::string axis_reduction_source(codegen::Dialect dialect, const AxisReductionDescription& d, const AxisLayout& layout,
                                  const WorkShape& shape, bool whole_group_rows) {
    const std::size_t kept_axes = layout.kept.size(), reduced_axes = layout.reduced.size();
    std::vector<Argument> arguments = d.arguments;
    for (Argument& argument : axis_layout_arguments(d, kept_axes, reduced_axes)) arguments.push_back(std::move(argument));
    if (d.initial) arguments.push_back(Argument::scalar(d.output_type, "initial"));
    if (d.divisor) arguments.push_back(Argument::scalar(*d.divisor, "divisor"));
    ArgumentForms forms = argument_forms(arguments, dialect);

    std::vector<codegen::Value> kept_moves, reduced_moves;
    std::size_t array = 0; // the layout's strides follow the pointer arguments' order
    for (const Argument& argument : d.arguments) {
        if (!argument.is_pointer) continue;
        kept_moves.emplace_back("rtcg_arguments." + argument.name + " += " +
                                offset_call("rtcg_kept_offset", "o", "rtcg_arguments.", kept_axes, true, argument.name) +
                                ";");
        reduced_moves.emplace_back(reduced_move(argument.name, layout.reduced_strides[array++]));
    }

    std::vector<DType> types{d.output_type};
    for (const Argument& argument : d.arguments) types.push_back(argument.type);
    std::string source = codegen::struct_declarations(types, dialect);
    (source += device::thread::index_division) += '\n';
    // NVIDIA's OpenCL compiler loads faster from single-axis offsets kept in 64 bits, NVRTC from
    // those narrowed (bench/NOTES.md, "Reductions along axes: slices by waves, rows at constant
    // offsets").
    const bool whole_single_index = dialect == codegen::Dialect::opencl;
    source += strided_offset_function("rtcg_kept_offset", kept_axes, layout.narrow(), whole_single_index);
    source += strided_offset_function("rtcg_reduced_offset", reduced_axes, layout.narrow(), whole_single_index);
    source += d.functions + "\n";
    source += configuration_template().render(
        {{"block", shape.block},
         {"items", shape.items},
         {"whole_group_rows", whole_group_rows},
         {"rows_kernel", axis_kernel_name(d, AxisKernel::rows)},
         {"columns_kernel", axis_kernel_name(d, AxisKernel::columns)},
         {"partials_kernel", axis_kernel_name(d, AxisKernel::partials)},
         {"value_type", d.value_type},
         {"output_type", d.output_type.c_name(dialect)},
         {"members", std::move(forms.members)},
         {"parameters", std::move(forms.parameters)},
         {"initializers", std::move(forms.initializers)},
         {"unpacking", forms.unpacking},
         {"neutral", d.neutral},
         {"op", d.op},
         {"kept_moves", std::move(kept_moves)},
         {"reduced_moves", std::move(reduced_moves)},
         {"map", d.map},
         {"output_offset", offset_call("rtcg_kept_offset", "o", "", kept_axes, true, "out")},
         {"finish", d.finish}});
    for (std::string_view file : {device::thread::reduce_batch, device::block::block_reduce,
                                  device::agent::axis_reduce_fold, device::kernel::axis_reduce})
        (source += file) += '\n';
    const bool complex = codegen::needs_complex_support(types, {d.map, d.functions, d.finish, d.op});
    return codegen::with_prelude(dialect, source, {.complex = complex});
}

} // namespace rtcg::detail
