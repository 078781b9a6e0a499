// ElementwiseKernel: built once per context through ContextKernels, then each call binds its
// arguments and launches.
#include "argument_binding.hpp"
#include "queue_checks.hpp"
#include "broadcast_elementwise.hpp"
#include "call_layout.hpp"
#include "contiguous_staging.hpp"
#include "context_kernels.hpp"
#include "elementwise_program.hpp"
#include "paired_compile.hpp"
#include "launch_shape.hpp"
#include "policies/chosen_policy.hpp"
#include "tiled_copy.hpp"

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/elementwise_source.hpp>
#include <rtcg/arrays/layout_check.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>

#include <algorithm>
#include <optional>

namespace rtcg {
namespace {

using codegen::Argument;
using detail::ElementwiseProgram;

// Compiles the operation with its paired kernel where the operation allows one (see
// paired_compile.hpp for when it is left out).
std::shared_ptr<const ElementwiseProgram> build(const Context& context, const ElementwisePolicy& policy,
                                                std::string key, std::vector<Argument> arguments, std::string_view operation,
                                                std::string name, std::string_view preamble) {
    const codegen::Dialect dialect = codegen::dialect_of(context.device());
    std::optional<detail::PairedSnippet> pairs = detail::pair_snippet(operation, arguments, preamble, true);
    for (const Argument& argument : arguments) verify_layout(context, argument.type);
    const Module module = detail::compile_with_pairs(context, pairs, [&](const detail::PairedSnippet* paired) {
        return detail::elementwise_source(dialect, arguments, operation, name, preamble, paired);
    });
    Kernel kernel = module.kernel(elementwise_kernel_name(name));
    const std::size_t block = detail::block_size(kernel, context.device(), policy.block_size);
    std::optional<detail::PairedElementwise> paired;
    if (pairs) {
        Kernel paired_kernel = module.kernel(detail::elementwise_paired_kernel_name(name));
        const std::size_t paired_block = detail::block_size(paired_kernel, context.device(), policy.block_size);
        paired = detail::PairedElementwise{std::move(*pairs), std::move(paired_kernel), paired_block};
    }
    std::optional<detail::CopiedArguments> copy = detail::copied_arguments(arguments, operation, preamble);
    return std::make_shared<const ElementwiseProgram>(ElementwiseProgram{
        std::move(key), std::move(arguments), std::string(operation), std::move(name), std::string(preamble), std::move(kernel), block,
        policy.min_indices_per_work_item,
        detail::max_groups(context.device(), policy, detail::operation_cost(operation)), std::move(paired), copy});
}

// Everything the source and the launch shape depend on; the separator cannot occur in C source.
std::string cache_key(std::string_view form, std::string_view arguments, std::string_view operation,
                      std::string_view name, std::string_view preamble, std::string_view policy) {
    std::string key = "elementwise\x1f";
    key.reserve(key.size() + form.size() + arguments.size() + operation.size() + name.size() + preamble.size() +
                policy.size() + 5);
    for (std::string_view part : {form, arguments, operation, name, preamble}) (key += part) += '\x1f';
    key += policy;
    return key;
}

} // namespace

ElementwiseKernel::ElementwiseKernel(const Context& context, std::string_view arguments, std::string_view operation,
                                     ElementwiseOptions options)
    : kernels_(detail::ContextKernels::of(context)) {
    const auto policy = detail::choose_policy<ElementwisePolicy>(context.device());
    const std::string key = cache_key("text", arguments, operation, options.name, options.preamble, policy.cache_key);
    program_ = kernels_->find<ElementwiseProgram>(key);
    if (!program_)
        program_ = kernels_->insert(key, build(context, policy.policy, key, codegen::parse_arguments(arguments), operation,
                                               std::move(options.name), options.preamble));
}

ElementwiseKernel::ElementwiseKernel(const Context& context, std::vector<Argument> arguments,
                                     std::string_view operation, ElementwiseOptions options)
    : kernels_(detail::ContextKernels::of(context)) {
    const auto policy = detail::choose_policy<ElementwisePolicy>(context.device());
    const std::string key = cache_key("parsed", codegen::print_arguments(arguments, codegen::Dialect::opencl),
                                      operation, options.name, options.preamble, policy.cache_key);
    program_ = kernels_->find<ElementwiseProgram>(key);
    if (!program_)
        program_ = kernels_->insert(key, build(context, policy.policy, key, std::move(arguments), operation,
                                               std::move(options.name), options.preamble));
}

const Context& ElementwiseKernel::context() const noexcept { return kernels_->context(); }
const std::vector<Argument>& ElementwiseKernel::arguments() const noexcept { return program_->arguments; }
const std::string& ElementwiseKernel::name() const noexcept { return program_->name; }

std::string ElementwiseKernel::source(codegen::Dialect dialect) const {
    const detail::PairedSnippet* pairs = program_->paired ? &program_->paired->snippet : nullptr;
    return detail::elementwise_source(dialect, program_->arguments, program_->operation, program_->name,
                                      program_->preamble, pairs);
}

void ElementwiseKernel::launch(Queue& queue, const Range* range, std::span<const detail::CallArgument> args,
                               std::span<detail::ArgumentSlot> slots, std::span<KernelArgument> packed,
                               std::size_t min_indices_per_work_item) const {
    const ElementwiseProgram& program = *program_;
    const std::size_t min_indices = min_indices_per_work_item ? min_indices_per_work_item
                                                              : program.min_indices_per_work_item;
    const std::string kernel = "ElementwiseKernel '" + program.name + "'";
    detail::check_kernel_queue(queue, context(), kernel);
    const std::size_t packed_count = detail::pack_arguments(kernel, program.arguments, context(), args, slots, packed);
    const detail::CallLayout layout = detail::call_layout(kernel, program.arguments, args, range);
    if (!layout.flat) {
        if (detail::launch_broadcast(program, *kernels_, queue, layout, range, args, packed.first(packed_count),
                                     min_indices))
            return;
        const detail::ContiguousStaging staging(program.arguments, args, &layout.broadcast_shape);
        launch(queue, range, staging.arguments(), slots, packed, min_indices);
        staging.write_back();
        return;
    }
    const detail::Binding binding = detail::bind_arguments(kernel, program.arguments, context(), range, args, slots, packed);
    if (binding.indices == 0) return;
    const auto run = [&](const Kernel& compiled, std::size_t indices, std::size_t block) {
        const LaunchConfig shape{Dim3{detail::grid_groups(indices, block, min_indices, program.max_groups)},
                                 Dim3{block}, 0};
        compiled.launch(queue, shape, packed.first(binding.packed));
    };
    if (program.paired && detail::pairs_align(program.paired->snippet, args, range))
        run(program.paired->kernel, (binding.indices + 1) / 2, program.paired->block_size);
    else
        run(program.kernel, binding.indices, program.block_size);
}

std::string ElementwiseKernel::call_source(std::span<const detail::CallArgument> args) const {
    const ElementwiseProgram& program = *program_;
    const std::string kernel = "ElementwiseKernel '" + program.name + "'";
    std::vector<detail::ArgumentSlot> slots(args.size() + 3);
    std::vector<KernelArgument> packed(2 * args.size() + 3);
    detail::pack_arguments(kernel, program.arguments, context(), args, slots, packed);
    const detail::CallLayout layout = detail::call_layout(kernel, program.arguments, args, nullptr);
    if (!layout.flat)
        if (std::optional<std::string> text = detail::broadcast_call_source(program, context().device(), layout, nullptr))
            return *text;
    // Flat calls, and broadcast ones staged through contiguous stand-ins, run the flat kernel.
    return source(codegen::dialect_of(context().device()));
}

} // namespace rtcg
