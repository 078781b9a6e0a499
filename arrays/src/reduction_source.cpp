// The text of a reduction: the declarations its types need, the user's preamble, the reduction's
// configuration, rendered by the template engine, then the device files that build the kernels of
// reduction_source.hpp (arrays/device: block reduce, the work-items' folds, where the last group
// folds the last-group fold, then the kernels themselves).
#include "reduction_source.hpp"

#include "array_kernel_text.hpp"
#include "device_sources.hpp"

#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/template.hpp>
#include <rtcg/core/error.hpp>

#include <utility>

namespace rtcg::detail {
namespace {

using codegen::Dialect;
using codegen::DType;

std::string label(const ReductionDescription& d) { return "ReductionKernel '" + d.name + "'"; }

// The reduction's configuration, in front of the device files (arrays/device): its shape and value
// type, the kernels' names, the user's arguments, and each user snippet as a device function of
// them, so that the snippets see the arguments under their own names and the kernels' own
// variables never meet them. The arguments travel as one struct, rtcg_reduce_arguments, which the
// first passes fill from their parameters (RTCG_REDUCE_PARAMETERS, each user argument under a
// generated name) and pass down to the folds that call the map.
constexpr std::string_view configuration_text = R"(
#define RTCG_REDUCE_BLOCK {{ block }}
#define RTCG_REDUCE_ITEMS {{ items }}
#define RTCG_REDUCE_PARTIAL_ITEMS {{ partial_items }}
#define RTCG_REDUCE_LAST_GROUP_FOLDS {{ last_group_folds }}
#define RTCG_REDUCE_PAIRS {{ pairs }}
#define RTCG_REDUCE_KERNEL {{ kernel }}
{% if pairs %}
#define RTCG_REDUCE_PAIRS_KERNEL {{ pairs_kernel }}
{% endif %}
#define RTCG_REDUCE_PARTIALS_KERNEL {{ partials_kernel }}
typedef {{ type }} rtcg_reduce_value_t;

typedef struct {
{% for member in members %}
    {{ member }};
{% endfor %}
} rtcg_reduce_arguments;

#define RTCG_REDUCE_PARAMETERS \
{% for parameter in parameters %}
    {{ parameter }}, \
{% endfor %}

#define RTCG_REDUCE_ARGUMENTS { {{ initializers }} }

// On one line each, so that a compile error in the user's expression shows which one it is in.
RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_neutral(void) { return ({{ neutral }}); }
RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_op(rtcg_reduce_value_t a, rtcg_reduce_value_t b) { return ({{ reduce_expr }}); }

RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_map(rtcg_reduce_arguments rtcg_arguments, rtcg_index_t n, const rtcg_index_t i)
{
{% for line in unpacking %}
    {{ line }}
{% endfor %}
    return ({{ map_expr }});
}
{% if pairs %}

// The map at indices rtcg_first and rtcg_first + 1, which are pair rtcg_pair of the paired arrays
// from index rtcg_start on, its lanes folded.
RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_map_pair(rtcg_reduce_arguments rtcg_arguments, rtcg_index_t n,
                                                     rtcg_index_t rtcg_start, rtcg_index_t rtcg_pair,
                                                     rtcg_index_t rtcg_first)
{
{% for line in unpacking %}
    {{ line }}
{% endfor %}
{% for line in pair_loads %}
    {{ line }}
{% endfor %}
    rtcg_reduce_value_t rtcg_lane0, rtcg_lane1;
    { {% if lanes_use_index %}const rtcg_index_t i = rtcg_first; {% endif %}rtcg_lane0 = ({{ lane0 }}); }
    { {% if lanes_use_index %}const rtcg_index_t i = rtcg_first + 1; {% endif %}rtcg_lane1 = ({{ lane1 }}); }
    return rtcg_reduce_op(rtcg_lane0, rtcg_lane1);
}
{% endif %}

)";

const codegen::Template& configuration_template() {
    static const codegen::Template configuration(configuration_text, "reduction configuration");
    return configuration;
}

// There are at most a few groups per compute unit, so one batch of 4 per work-item covers every
// partial on today's GPUs; more would only lengthen the kernels.
constexpr std::size_t partial_items = 4;

// `text`'s lines, for the configuration to indent.
std::vector<codegen::Value> lines_of(std::string_view text) {
    std::vector<codegen::Value> lines;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        lines.emplace_back(std::string(text.substr(0, end)));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    }
    return lines;
}

// The device files of a reduction, in the order they build on each other.
std::vector<std::string_view> device_files(bool folds_last, bool paired) {
    std::vector<std::string_view> files{device::thread::reduce_batch, device::block::block_reduce,
                                        device::agent::reduce_fold};
    if (folds_last) files.push_back(device::agent::last_group_fold);
    files.push_back(device::kernel::reduce);
    if (paired) files.push_back(device::kernel::reduce_pairs);
    files.push_back(device::kernel::reduce_partials);
    return files;
}

void check_reduction(const ReductionDescription& d) {
    if (!codegen::is_c_identifier(d.name))
        throw InvalidArgument("ReductionKernel: the name '" + d.name + "' is not a C identifier");
    for (const auto& [what, text] : {std::pair{"map_expr", &d.map_expr}, std::pair{"reduce_expr", &d.reduce_expr},
                                     std::pair{"neutral", &d.neutral}})
        if (text->find_first_not_of(" \t\r\n") == std::string::npos)
            throw InvalidArgument(label(d) + ": ReductionSnippets::" + what + " is empty; it must be a C expression");
    check_array_arguments(d.arguments, "ReductionKernel", d.name);
}

} // namespace

bool last_group_folds(const codegen::Target& target) { return target.warp_primitives; }

std::string reduction_kernel_name(std::string_view name, ReductionPass pass) {
    switch (pass) {
    case ReductionPass::map_and_reduce: return generated_kernel_name("rtcg_reduce_", name);
    case ReductionPass::pairs: return generated_kernel_name("rtcg_reduce_", name, "_pairs");
    case ReductionPass::reduce_partials: return generated_kernel_name("rtcg_reduce_", name, "_partials");
    }
    return generated_kernel_name("rtcg_reduce_", name);
}

std::optional<PairedSnippet> reduction_pairs(const ReductionDescription& description) {
    return pair_snippet(description.map_expr, description.arguments, description.preamble, false);
}

std::string reduction_source(const codegen::Target& target, const ReductionDescription& d, const WorkShape& shape,
                             const PairedSnippet* pairs) {
    check_reduction(d);
    const Dialect dialect = target.dialect;
    std::vector<DType> types{d.dtype_out};
    for (const codegen::Argument& argument : d.arguments) types.push_back(argument.type);

    const bool folds_last = last_group_folds(target);
    ArgumentForms forms = argument_forms(d.arguments, dialect);
    codegen::Values values{{"block", shape.block},
                           {"items", shape.items},
                           {"partial_items", partial_items},
                           {"last_group_folds", folds_last ? 1 : 0},
                           {"pairs", pairs ? 1 : 0},
                           {"kernel", reduction_kernel_name(d.name, ReductionPass::map_and_reduce)},
                           {"pairs_kernel", reduction_kernel_name(d.name, ReductionPass::pairs)},
                           {"partials_kernel", reduction_kernel_name(d.name, ReductionPass::reduce_partials)},
                           {"type", d.dtype_out.c_name(dialect)},
                           {"members", std::move(forms.members)},
                           {"parameters", std::move(forms.parameters)},
                           {"initializers", std::move(forms.initializers)},
                           {"unpacking", std::move(forms.unpacking)},
                           {"neutral", d.neutral},
                           {"reduce_expr", d.reduce_expr},
                           {"map_expr", d.map_expr}};
    if (pairs) {
        values.emplace("pair_loads", lines_of(paired_pointers(*pairs, d.arguments, "rtcg_start") +
                                              paired_loads(*pairs, d.arguments, dialect, "rtcg_pair")));
        values.emplace("lane0", pairs->lanes[0]);
        values.emplace("lane1", pairs->lanes[1]);
        values.emplace("lanes_use_index", pairs->lanes_use_index);
    }

    std::string source = codegen::struct_declarations(types, dialect);
    source += d.preamble + "\n";
    source += configuration_template().render(values);
    for (std::string_view file : device_files(folds_last, pairs != nullptr)) (source += file) += '\n';
    const bool complex =
        codegen::needs_complex_support(types, {d.neutral, d.reduce_expr, d.map_expr, d.preamble});
    return codegen::with_prelude(dialect, source, {.complex = complex, .warp = folds_last});
}

} // namespace rtcg::detail
