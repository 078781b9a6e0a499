// ReductionKernel: built once per context through ContextKernels; each call binds its arguments
// like an elementwise kernel and launches one or two kernels (reduction_source.hpp).
#include "argument_binding.hpp"
#include "queue_checks.hpp"
#include "context_kernels.hpp"
#include "paired_compile.hpp"
#include "policies/chosen_policy.hpp"
#include "axis_reduction_launch.hpp"
#include "contiguous_staging.hpp"
#include "reduction_along_axes.hpp"
#include "reduction_launch.hpp"
#include "reduction_program.hpp"
#include "reduction_source.hpp"

#include <rtcg/arrays/reduction.hpp>
#include <rtcg/arrays/layout_check.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/memory_pool.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace rtcg::detail {
namespace {

using codegen::Argument;

std::string label(const ReductionDescription& description) { return "ReductionKernel '" + description.name + "'"; }

// Compiles both passes and, where the map expression allows, the paired first pass (see
// paired_compile.hpp for when it is left out).
std::shared_ptr<const ReductionProgram> build(const Context& context, const ReductionPolicy& policy,
                                               ReductionDescription description) {
    const DeviceInfo& device = context.device();
    const codegen::Target target = codegen::target_of(device);
    const WorkShape shape = reduction_shape(device, policy, description.dtype_out, label(description));
    verify_layout(context, description.dtype_out);
    for (const Argument& argument : description.arguments) verify_layout(context, argument.type);

    std::optional<PairedSnippet> pairs = reduction_pairs(description);
    const Module module = compile_with_pairs(context, pairs, [&](const PairedSnippet* paired) {
        return reduction_source(target, description, shape, paired);
    });
    Kernel first = module.kernel(reduction_kernel_name(description.name, ReductionPass::map_and_reduce));
    Kernel second = module.kernel(reduction_kernel_name(description.name, ReductionPass::reduce_partials));
    const std::size_t first_group = launch_group_size(first, shape);
    const std::size_t second_group = launch_group_size(second, shape);
    const std::size_t max_groups = resident_groups(device, policy, first, first_group);
    std::optional<PairedFirstPass> paired;
    if (pairs) {
        Kernel paired_kernel = module.kernel(reduction_kernel_name(description.name, ReductionPass::pairs));
        const std::size_t paired_group = launch_group_size(paired_kernel, shape);
        const std::size_t paired_max_groups = resident_groups(device, policy, paired_kernel, paired_group);
        paired = PairedFirstPass{std::move(*pairs), std::move(paired_kernel), paired_group, paired_max_groups};
    }
    return std::make_shared<const ReductionProgram>(
        ReductionProgram{std::move(description), shape, std::move(first), std::move(second), first_group, second_group,
                         max_groups, last_group_folds(target), std::move(paired)});
}

// Everything the source and the launch shape depend on; the separator cannot occur in C source.
std::string cache_key(std::string_view form, const codegen::DType& dtype_out, std::string_view arguments,
                      const ReductionSnippets& snippets, const ReductionOptions& options, std::string_view policy) {
    std::string key = "reduction\x1f";
    for (std::string_view part : {form, dtype_out.name(), arguments, std::string_view(snippets.map_expr),
                                  std::string_view(snippets.reduce_expr), std::string_view(snippets.neutral),
                                  std::string_view(options.name), std::string_view(options.preamble)})
        (key += part) += '\x1f';
    key += policy;
    return key;
}

ReductionDescription describe(codegen::DType dtype_out, std::vector<Argument> arguments, ReductionSnippets snippets,
                              ReductionOptions options) {
    return ReductionDescription{
        std::move(dtype_out),         std::move(snippets.neutral), std::move(snippets.reduce_expr),
        std::move(snippets.map_expr), std::move(arguments),        std::move(options.preamble),
        std::move(options.name)};
}

// The context's program under `key`, or the one built from describe() (which parses and checks,
// so that an equal kernel built again does neither) with `policy`.
template <class Describe>
std::shared_ptr<const ReductionProgram> find_or_build(ContextKernels& kernels, const std::string& key,
                                                      const ReductionPolicy& policy, Describe describe) {
    if (auto found = kernels.find<ReductionProgram>(key)) return found;
    return kernels.insert(key, build(kernels.context(), policy, describe()));
}

KernelArgument buffer_argument(const Buffer& buffer) {
    return kernel_argument(buffer);
}
KernelArgument index_argument(const std::int64_t& value) {
    return KernelArgument{nullptr, &value, sizeof value};
}

} // namespace

UntypedReductionKernel::UntypedReductionKernel(const Context& context, codegen::DType dtype_out,
                                               std::string_view arguments, ReductionSnippets snippets,
                                               ReductionOptions options)
    : kernels_(ContextKernels::of(context)) {
    const auto policy = choose_policy<ReductionPolicy>(context.device());
    const std::string key = cache_key("text", dtype_out, arguments, snippets, options, policy.cache_key);
    program_ = find_or_build(*kernels_, key, policy.policy, [&] {
        return describe(std::move(dtype_out), codegen::parse_arguments(arguments), std::move(snippets),
                        std::move(options));
    });
}

UntypedReductionKernel::UntypedReductionKernel(const Context& context, codegen::DType dtype_out,
                                               std::vector<Argument> arguments, ReductionSnippets snippets,
                                               ReductionOptions options)
    : kernels_(ContextKernels::of(context)) {
    const auto policy = choose_policy<ReductionPolicy>(context.device());
    const std::string key = cache_key("parsed", dtype_out, codegen::print_arguments(arguments, codegen::Dialect::opencl),
                                      snippets, options, policy.cache_key);
    program_ = find_or_build(*kernels_, key, policy.policy, [&] {
        return describe(std::move(dtype_out), std::move(arguments), std::move(snippets), std::move(options));
    });
}

const Context& UntypedReductionKernel::context() const noexcept { return kernels_->context(); }
const codegen::DType& UntypedReductionKernel::dtype_out() const noexcept { return program_->description.dtype_out; }
const std::vector<Argument>& UntypedReductionKernel::arguments() const noexcept {
    return program_->description.arguments;
}
const std::string& UntypedReductionKernel::name() const noexcept { return program_->description.name; }

std::string UntypedReductionKernel::source(const codegen::Target& target) const {
    const PairedSnippet* pairs = program_->paired ? &program_->paired->snippet : nullptr;
    return reduction_source(target, program_->description, program_->shape, pairs);
}

ArrayData UntypedReductionKernel::launch(Queue& queue, std::span<const CallArgument> args, const Range* range) const {
    ArrayData result(context(), dtype_out(), {});
    launch_into(queue, args, result, range);
    return result;
}

void UntypedReductionKernel::launch_into(Queue& queue, std::span<const CallArgument> args, const ArrayData& result,
                                         const Range* range) const {
    const ReductionProgram& program = *program_;
    const std::string kernel = label(program.description);
    check_kernel_queue(queue, context(), kernel);
    if (result.dtype() != dtype_out() || result.size() != 1 || result.context() != context())
        throw InvalidArgument(kernel + ": the result must be one element of " + std::string(dtype_out().name()) +
                              " in the kernel's context, not an array of shape " + shape_text(result.shape()) +
                              " of " + std::string(result.dtype().name()) +
                              (result.context() != context() ? " in another context" : ""));
    if (const ContiguousStaging staging(program.description.arguments, args, nullptr); staging.any()) {
        launch_into(queue, staging.arguments(), result, range);
        staging.write_back();
        return;
    }

    // The user's arguments and the index range as bind_arguments packs them, then the output and,
    // where the last group folds, the partials and the counter.
    std::vector<ArgumentSlot> slots(args.size() + 3);
    std::vector<KernelArgument> packed(2 * args.size() + 7);
    const Binding binding =
        bind_arguments(kernel, program.description.arguments, context(), range, args, slots, packed);
    const std::int64_t result_offset = static_cast<std::int64_t>(result.offset());
    const auto fold_partials = [&](const Buffer& partials, const std::int64_t& count) {
        const KernelArgument fold[] = {buffer_argument(partials), index_argument(count),
                                               buffer_argument(result.buffer()), index_argument(result_offset)};
        program.reduce_partials.launch(queue, LaunchConfig{Dim3{1}, Dim3{program.reduce_partials_group}, 0}, fold);
    };
    if (binding.indices == 0) {
        // Folding no partials leaves the neutral element. Empty arrays have no buffer to pass, so
        // the result's own stands in for the partials, which are not read.
        fold_partials(result.buffer(), 0);
        return;
    }

    // The paired first pass where the call lines up for it (element_pairing.hpp): the same
    // arguments over half as many steps.
    const bool paired = program.paired && pairs_align(program.paired->snippet, args, range);
    const Kernel& first = paired ? program.paired->kernel : program.map_and_reduce;
    const std::size_t group = paired ? program.paired->group : program.map_and_reduce_group;
    const std::size_t steps = paired ? (binding.indices + 1) / 2 : binding.indices;
    const std::size_t groups =
        first_pass_groups(steps, group, program.shape, paired ? program.paired->max_groups : program.max_groups);
    const std::size_t first_arguments = binding.packed + (program.last_group_folds ? 4 : 2);
    if (groups == 1) {
        packed[binding.packed] = buffer_argument(result.buffer());
        packed[binding.packed + 1] = index_argument(result_offset);
        // A single group neither stores partials nor counts: any buffer stands in for both.
        packed[binding.packed + 2] = packed[binding.packed + 3] = buffer_argument(result.buffer());
        first.launch(queue, LaunchConfig{Dim3{1}, Dim3{group}, 0}, std::span(packed).first(first_arguments));
        return;
    }

    // Scratch from the pool for the call's queue: back in the pool when the call returns, and
    // handed out again only for work queued after these kernels (memory_pool.hpp, "Asynchrony").
    const Buffer partials = context().memory_pool().allocate(groups * dtype_out().size(), queue);
    if (program.last_group_folds) {
        packed[binding.packed] = buffer_argument(result.buffer());
        packed[binding.packed + 1] = index_argument(result_offset);
        packed[binding.packed + 2] = buffer_argument(partials);
        packed[binding.packed + 3] = buffer_argument(kernels_->group_counter(queue));
        first.launch(queue, LaunchConfig{Dim3{groups}, Dim3{group}, 0}, std::span(packed).first(first_arguments));
        return;
    }
    const std::int64_t no_offset = 0;
    packed[binding.packed] = buffer_argument(partials);
    packed[binding.packed + 1] = index_argument(no_offset);
    first.launch(queue, LaunchConfig{Dim3{groups}, Dim3{group}, 0}, std::span(packed).first(first_arguments));
    fold_partials(partials, static_cast<std::int64_t>(groups));
}

std::vector<std::size_t> UntypedReductionKernel::along_shape(const Along& along,
                                                          std::span<const CallArgument> args) const {
    const std::string kernel = label(program_->description);
    const std::vector<std::size_t> shape = reduction_call_shape(kernel, args);
    return kept_shape(shape, folded_axes(kernel, shape, along.axes), along.keepdims);
}

void UntypedReductionKernel::launch_along(Queue& queue, const Along& along, std::span<const CallArgument> args,
                                          const ArrayData& result) const {
    const std::string kernel = label(program_->description);
    check_kernel_queue(queue, context(), kernel);
    const std::vector<std::size_t> shape = along_shape(along, args);
    std::size_t outputs = 1;
    for (const std::size_t extent : shape) outputs *= extent;
    if (result.dtype() != dtype_out() || result.context() != context() || !result.is_contiguous() ||
        result.size() != outputs)
        throw InvalidArgument(kernel + ": the result along the axes must be a C-contiguous array of " +
                              std::string(dtype_out().name()) + " and shape " + shape_text(shape) +
                              " in the kernel's context, not one of shape " + shape_text(result.shape()) + " of " +
                              std::string(result.dtype().name()));
    reduce_snippets_along(program_->description, kernel, along, args, result, queue);
}

} // namespace rtcg::detail
