#pragma once
// What an ElementwiseKernel shares with every equal one built later: its declaration, its text
// (for source()) and its compiled kernels with the launch shape chosen for them.
#include "element_pairing.hpp"

#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/template_value.hpp>
#include <rtcg/core/kernel.hpp>

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

// The kernel for two indices per step and the pairing it was generated for.
struct PairedElementwise {
    PairedSnippet snippet;
    Kernel kernel;
    std::size_t block_size = 1;
};

// The arguments of an operation that is exactly `out[i] = x[i]` (tiled_copy.hpp).
struct CopiedArguments {
    std::size_t out = 0; // the written argument's position
    std::size_t x = 0;   // the read argument's position
};

struct ElementwiseProgram {
    // Its key among the context's kernels, which the kernels of its broadcast calls extend.
    std::string key;
    std::vector<codegen::Argument> arguments;
    std::string operation;
    std::string name;
    std::string preamble;
    Kernel kernel;
    std::size_t block_size = 1;
    std::size_t min_indices_per_work_item = 1;
    std::size_t max_groups = 1;
    // Where the operation allows two indices per step and that kernel compiled.
    std::optional<PairedElementwise> paired;
    // Where the operation is a plain copy between two arguments, which broadcast calls may tile.
    std::optional<CopiedArguments> copy;
};

// elementwise_source with the paired kernel for `pairs`, or without one when it is null.
std::string elementwise_source(codegen::Dialect dialect, std::span<const codegen::Argument> arguments,
                               std::string_view operation, std::string_view name, std::string_view preamble,
                               const PairedSnippet* pairs);

// The operation as a statement. A line comment at its end would swallow a semicolon on its line.
std::string operation_statement(std::string_view operation);

// The one-index kernel, kernel/elementwise.rtcg, rendered with `values` (its name, parameters,
// pointers and operation statement).
std::string render_elementwise_kernel(const codegen::Values& values);

// "rtcg_ew_" + name + "_pairs".
std::string elementwise_paired_kernel_name(std::string_view name);

} // namespace rtcg::detail
