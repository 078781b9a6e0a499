// The text of an elementwise kernel: declarations the arguments need, the user's preamble, then the
// kernel template arrays/device/kernel/elementwise.rtcg rendered for the arguments and the
// operation, and, where the operation allows (element_pairing.hpp), kernel/elementwise_pairs.rtcg,
// which runs it for two indices per step.
#include "array_kernel_text.hpp"
#include "device_sources.hpp"
#include "elementwise_program.hpp"

#include <rtcg/arrays/elementwise_source.hpp>
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/template.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <string_view>
#include <vector>

namespace rtcg {
namespace {

using codegen::Argument;
using codegen::Dialect;
using codegen::DType;

const codegen::Template& paired_template() {
    static const codegen::Template kernel(detail::device::kernel::elementwise_pairs, "kernel/elementwise_pairs.rtcg");
    return kernel;
}

// What both templates take: the kernel's name, parameters and pointers, and the operation; the
// flat one-index kernel runs one lane.
codegen::Values kernel_values(Dialect dialect, std::span<const Argument> arguments, std::string_view operation,
                              std::string kernel_name) {
    return {{"name", std::move(kernel_name)},
            {"parameters", detail::template_lines(detail::array_parameters(arguments, dialect))},
            {"pointers", detail::template_lines(detail::array_pointer_setup(arguments, dialect))},
            {"operation", detail::operation_statement(operation)},
            {"two_lanes", false}};
}

} // namespace

std::string elementwise_kernel_name(std::string_view name) {
    if (!codegen::is_c_identifier(name))
        throw InvalidArgument("ElementwiseKernel: the name '" + std::string(name) + "' is not a C identifier");
    return detail::generated_kernel_name("rtcg_ew_", name);
}

std::string elementwise_source(Dialect dialect, std::span<const Argument> arguments, std::string_view operation,
                               std::string_view name, std::string_view preamble) {
    const std::optional<detail::PairedSnippet> pairs = detail::pair_snippet(operation, arguments, preamble, true);
    return detail::elementwise_source(dialect, arguments, operation, name, preamble, pairs ? &*pairs : nullptr);
}

namespace detail {

std::string operation_statement(std::string_view operation) {
    return std::string(operation) + (operation.find("//") == std::string_view::npos ? ";" : "\n;");
}

std::string render_elementwise_kernel(const codegen::Values& values) {
    static const codegen::Template kernel(device::kernel::elementwise, "kernel/elementwise.rtcg");
    return kernel.render(values);
}

std::string elementwise_paired_kernel_name(std::string_view name) {
    elementwise_kernel_name(name); // checks the name
    return generated_kernel_name("rtcg_ew_", name, "_pairs");
}

std::string elementwise_source(Dialect dialect, std::span<const Argument> arguments, std::string_view operation,
                               std::string_view name, std::string_view preamble, const PairedSnippet* pairs) {
    const std::string kernel_name = elementwise_kernel_name(name); // checks the name
    check_array_arguments(arguments, "ElementwiseKernel", name);

    std::vector<DType> types;
    for (const Argument& argument : arguments) types.push_back(argument.type);
    std::string source = codegen::struct_declarations(types, dialect);
    source += std::string(preamble) + "\n";
    source += render_elementwise_kernel(kernel_values(dialect, arguments, operation, kernel_name));
    if (pairs) {
        codegen::Values values = kernel_values(dialect, arguments, operation, elementwise_paired_kernel_name(name));
        values["pair_pointers"] = template_lines(paired_pointers(*pairs, arguments, "rtcg_start"));
        values["loads"] = template_lines(paired_loads(*pairs, arguments, dialect, "rtcg_k"));
        values["lanes"] =
            std::vector<codegen::Value>{operation_statement(pairs->lanes[0]), operation_statement(pairs->lanes[1])};
        values["lanes_use_index"] = pairs->lanes_use_index;
        values["stores"] = template_lines(paired_stores(*pairs, arguments, "rtcg_k"));
        source += paired_template().render(values);
    }
    const bool complex = codegen::needs_complex_support(types, {operation, preamble});
    return codegen::with_prelude(dialect, source, {.complex = complex});
}

} // namespace detail
} // namespace rtcg
