// The text of a ScanKernel's kernels (the single pass, or reduce-then-scan's three): the scan's
// configuration, rendered by the template engine, followed by the device files that build the
// kernels (arrays/device: block scan, tile load/store and scan, tile states and look-back, then the
// kernels themselves). Segmented and plain scans share the files; the preprocessor drops the
// segment flags of a plain scan, so it pays nothing for them.
#include "scan_source.hpp"

#include "array_kernel_text.hpp"
#include "device_sources.hpp"
#include "snippet_tokens.hpp"

#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/template.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <array>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::Dialect;
using codegen::DType;

// The scan's configuration, in front of the device files (arrays/device): its shape and value
// type, the kernels' names, the user's arguments, and each user snippet as a device function of
// them, so that the snippets see the arguments under their own names and the kernels' own
// variables never meet them. The arguments travel as one struct, rtcg_scan_arguments, which the
// kernels fill from their parameters (RTCG_SCAN_PARAMETERS, each user argument under a generated
// name) and pass down to the tile I/O that calls the snippets.
constexpr std::string_view configuration_text = R"(
#define RTCG_SCAN_BLOCK {{ block }}
#define RTCG_SCAN_ITEMS {{ items }}
#define RTCG_SCAN_TILE (RTCG_SCAN_BLOCK * RTCG_SCAN_ITEMS)
#define RTCG_SCAN_SEGMENTED {{ segmented }}
{% if one_pass %}
#define RTCG_SCAN_MIN_GROUPS {{ min_groups }}
#define RTCG_SCAN_SINGLE_PASS_KERNEL {{ single_pass_kernel }}
{% else %}
#define RTCG_SCAN_REDUCE_KERNEL {{ reduce_kernel }}
#define RTCG_SCAN_BLOCKS_KERNEL {{ blocks_kernel }}
#define RTCG_SCAN_FINAL_KERNEL {{ final_kernel }}
{% endif %}
typedef {{ type }} rtcg_scan_value_t;

typedef struct {
{% for member in members %}
    {{ member }};
{% endfor %}
} rtcg_scan_arguments;

#define RTCG_SCAN_PARAMETERS \
{% for parameter in parameters %}
    {{ parameter }}, \
{% endfor %}

#define RTCG_SCAN_ARGUMENTS { {{ initializers }} }

RTCG_DEVICE rtcg_scan_value_t rtcg_scan_op(rtcg_scan_value_t a, rtcg_scan_value_t b)
{
    return ({{ scan_expr }});
}

RTCG_DEVICE rtcg_scan_value_t rtcg_scan_neutral(void)
{
    rtcg_scan_value_t value = {{ neutral }};
    return value;
}

RTCG_DEVICE rtcg_scan_value_t rtcg_scan_input(rtcg_scan_arguments rtcg_arguments, rtcg_index_t n, const rtcg_index_t i)
{
{% for line in unpacking %}
    {{ line }}
{% endfor %}
    return ({{ input_expr }});
}

RTCG_DEVICE int rtcg_scan_is_segment_start(rtcg_scan_arguments rtcg_arguments, rtcg_index_t n, const rtcg_index_t i)
{
{% for line in unpacking %}
    {{ line }}
{% endfor %}
    return ({{ segment_start }}) ? 1 : 0;
}

RTCG_DEVICE void rtcg_scan_output(rtcg_scan_arguments rtcg_arguments, rtcg_index_t n, const rtcg_index_t i,
                                  const rtcg_scan_value_t item, const rtcg_scan_value_t prev_item,
                                  const rtcg_scan_value_t last_item)
{
{% for line in unpacking %}
    {{ line }}
{% endfor %}
    {{ output_statement }};
}

)";

const codegen::Template& configuration_template() {
    static const codegen::Template configuration(configuration_text, "scan configuration");
    return configuration;
}

// The device files of each form, in the order they build on each other.
std::vector<std::string_view> device_files(bool one_pass, bool packed) {
    std::vector<std::string_view> files{device::block::scan_pairs, device::block::block_scan,
                                        device::agent::tile_load_store, device::agent::tile_scan};
    if (!one_pass) {
        files.push_back(device::kernel::scan_reduce_then_scan);
        return files;
    }
    files.push_back(device::agent::tile_state);
    files.push_back(packed ? device::agent::tile_state_packed : device::agent::tile_state_split);
    files.push_back(device::agent::look_back);
    files.push_back(device::kernel::scan_single_pass);
    return files;
}

bool is_blank(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
}

bool needs_complex(const ScanDescription& d) {
    std::vector<DType> types{d.dtype};
    for (const Argument& argument : d.arguments) types.push_back(argument.type);
    return codegen::needs_complex_support(types, {d.input_expr, d.scan_expr, d.neutral, d.output_statement,
                                                  d.is_segment_start_expr, d.preamble});
}

} // namespace

void check_scan_description(const ScanDescription& d) {
    const std::string kernel = "ScanKernel '" + d.name + "'";
    if (!codegen::is_c_identifier(d.name)) throw InvalidArgument("ScanKernel: the name '" + d.name + "' is not a C identifier");
    constexpr std::array<std::string_view, 5> defined{"i", "n", "item", "prev_item", "last_item"};
    for (const Argument& argument : d.arguments) {
        if (std::find(defined.begin(), defined.end(), argument.name) != defined.end())
            throw InvalidArgument(kernel + ": an argument may not be named '" + argument.name +
                                  "', which the kernel defines (i, n, item, prev_item and last_item)");
        if (argument.is_pointer && argument.space != codegen::AddressSpace::global &&
            argument.space != codegen::AddressSpace::constant)
            throw InvalidArgument(kernel + ": pointer argument '" + argument.name +
                                  "' must point to global or constant memory, where arrays are");
    }
    const std::array<std::pair<std::string_view, const std::string*>, 4> required{
        {{"input_expr", &d.input_expr}, {"scan_expr", &d.scan_expr}, {"neutral", &d.neutral},
         {"output_statement", &d.output_statement}}};
    for (const auto& [what, text] : required)
        if (is_blank(*text)) throw InvalidArgument(kernel + ": ScanSnippets::" + std::string(what) + " is empty");
}

bool scans_in_one_pass(const codegen::Target& target, const ScanDescription& description) {
    if (!target.warp_primitives) return false;
    for (std::string_view text : {std::string_view(description.output_statement),
                                  std::string_view(description.preamble)})
        for (const SnippetToken& token : snippet_tokens(text))
            if (token.kind == SnippetTokenKind::identifier && token.text == "last_item") return false;
    return true;
}

bool scan_publishes_packed(const ScanDescription& description) { return description.dtype.size() <= 4; }

CompileOptions scan_compile_options(const codegen::Target& target, const ScanDescription& description,
                                    const WorkShape& shape, std::size_t single_pass_groups) {
    if (!scans_in_one_pass(target, description)) return {};
    return CompileOptions{codegen::launch_bounds_options(target, shape.block, single_pass_groups), {}};
}

std::string scan_kernel_name(const ScanDescription& description, std::string_view phase) {
    return generated_kernel_name("rtcg_scan_", description.name, "_" + std::string(phase));
}

std::string scan_source(const codegen::Target& target, const ScanDescription& d, const WorkShape& shape,
                        std::size_t single_pass_groups) {
    const Dialect dialect = target.dialect;
    check_scan_description(d);
    std::vector<DType> types{d.dtype};
    for (const Argument& argument : d.arguments) types.push_back(argument.type);

    const bool one_pass = scans_in_one_pass(target, d);
    const bool segmented = !d.is_segment_start_expr.empty();
    ArgumentForms forms = argument_forms(d.arguments, dialect);
    const codegen::Values values{{"block", shape.block},
                                 {"items", shape.items},
                                 {"segmented", segmented ? 1 : 0},
                                 {"one_pass", one_pass},
                                 {"min_groups", single_pass_groups},
                                 {"single_pass_kernel", scan_kernel_name(d, "single")},
                                 {"reduce_kernel", scan_kernel_name(d, "reduce")},
                                 {"blocks_kernel", scan_kernel_name(d, "blocks")},
                                 {"final_kernel", scan_kernel_name(d, "final")},
                                 {"type", d.dtype.c_name(dialect)},
                                 {"members", std::move(forms.members)},
                                 {"parameters", std::move(forms.parameters)},
                                 {"initializers", std::move(forms.initializers)},
                                 {"unpacking", std::move(forms.unpacking)},
                                 {"scan_expr", d.scan_expr},
                                 {"neutral", d.neutral},
                                 {"input_expr", d.input_expr},
                                 {"segment_start", segmented ? d.is_segment_start_expr : std::string("0")},
                                 {"output_statement", d.output_statement}};

    std::string source = codegen::struct_declarations(types, dialect);
    source += d.preamble + "\n";
    source += configuration_template().render(values);
    for (std::string_view file : device_files(one_pass, scan_publishes_packed(d))) (source += file) += '\n';
    return codegen::with_prelude(dialect, source, {.complex = needs_complex(d), .warp = one_pass});
}

} // namespace rtcg::detail
