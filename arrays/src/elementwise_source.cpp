// The text of an elementwise kernel: declarations the arguments need, the user's preamble, then a
// kernel that offsets its pointers and runs the operation in a grid-stride loop, and, where the
// operation allows (element_pairing.hpp), a second kernel that runs it for two indices per step.
#include "array_kernel_text.hpp"
#include "elementwise_program.hpp"

#include <rtcg/arrays/elementwise_source.hpp>
#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/syntax.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <vector>

namespace rtcg {
namespace {

using codegen::Argument;
using codegen::Dialect;
using codegen::DType;

std::string kernel_head(Dialect dialect, std::span<const Argument> arguments, const std::string& kernel_name) {
    return "RTCG_KERNEL void " + kernel_name + "(\n" + detail::array_parameters(arguments, dialect) + ")\n{\n" +
           detail::array_pointer_setup(arguments, dialect) +
           "    const rtcg_index_t rtcg_stride = (rtcg_index_t)RTCG_GLOBAL_SIZE(0);\n";
}

// The operation as a statement. A line comment at its end would swallow a semicolon on its line.
std::string statement(std::string_view operation) {
    return std::string(operation) + (operation.find("//") == std::string_view::npos ? ";" : "\n;");
}

// The operation at index `index` (null where it does not use `i`), in a block of its own so that
// the lanes' declarations do not clash, and a `continue` or `break` ends this index only.
std::string at_index(std::string_view operation, const char* index, std::string_view indent) {
    const std::string declaration = index ? "const rtcg_index_t i = " + std::string(index) + "; " : "";
    return std::string(indent) + "do { " + declaration + statement(operation) + " } while (0);\n";
}

std::string one_index_kernel(Dialect dialect, std::span<const Argument> arguments, std::string_view operation,
                             std::string_view name) {
    return kernel_head(dialect, arguments, elementwise_kernel_name(name)) +
           "    for (rtcg_index_t rtcg_k = (rtcg_index_t)RTCG_GLOBAL_ID(0); rtcg_k < n; rtcg_k += rtcg_stride) {\n"
           "        const rtcg_index_t i = rtcg_start + rtcg_k * rtcg_step;\n"
           "        " + statement(operation) + "\n"
           "    }\n}\n";
}

// Index k of the loop runs the operation at indices start + 2k and start + 2k + 1, pair k of the
// paired arrays; the last index of an odd count runs alone after the loop. The caller launches it
// over ceil(n / 2) indices with step 1. Inside the loop, the odd count's branch cost every step
// about 4 instructions per index (CUDA 13, sm_90).
std::string paired_kernel(Dialect dialect, std::span<const Argument> arguments, std::string_view operation,
                          std::string_view name, const detail::PairedSnippet& pairs) {
    std::string text = kernel_head(dialect, arguments, detail::elementwise_paired_kernel_name(name));
    codegen::syntax::Printer pair(dialect);
    pair.indent();
    pair.lines(detail::paired_pointers(pairs, arguments, "rtcg_start"));
    pair.lines("for (rtcg_index_t rtcg_k = (rtcg_index_t)RTCG_GLOBAL_ID(0); rtcg_k < n / 2; rtcg_k += rtcg_stride) {\n");
    pair.indent();
    if (pairs.lanes_use_index) pair.lines("const rtcg_index_t rtcg_first = rtcg_start + 2 * rtcg_k;\n");
    pair.lines(detail::paired_loads(pairs, arguments, dialect, "rtcg_k"));
    pair.lines(at_index(pairs.lanes[0], pairs.lanes_use_index ? "rtcg_first" : nullptr, ""));
    pair.lines(at_index(pairs.lanes[1], pairs.lanes_use_index ? "rtcg_first + 1" : nullptr, ""));
    pair.lines(detail::paired_stores(pairs, arguments, "rtcg_k"));
    text += pair.take();
    text += "    }\n    if (n % 2 && RTCG_GLOBAL_ID(0) == 0)\n" + at_index(operation, "rtcg_start + n - 1", "        ") + "}\n";
    return text;
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

std::string elementwise_paired_kernel_name(std::string_view name) {
    elementwise_kernel_name(name); // checks the name
    return generated_kernel_name("rtcg_ew_", name, "_pairs");
}

std::string elementwise_source(Dialect dialect, std::span<const Argument> arguments, std::string_view operation,
                               std::string_view name, std::string_view preamble, const PairedSnippet* pairs) {
    elementwise_kernel_name(name); // checks the name
    check_array_arguments(arguments, "ElementwiseKernel", name);

    std::vector<DType> types;
    for (const Argument& argument : arguments) types.push_back(argument.type);
    std::string source = codegen::struct_declarations(types, dialect);
    source += std::string(preamble) + "\n";
    source += one_index_kernel(dialect, arguments, operation, name);
    if (pairs) source += paired_kernel(dialect, arguments, operation, name, *pairs);
    const bool complex = codegen::needs_complex_support(types, {operation, preamble});
    return codegen::with_prelude(dialect, source, {.complex = complex});
}

} // namespace detail
} // namespace rtcg
