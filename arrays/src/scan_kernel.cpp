// ScanKernel: built once per context through ContextKernels; each call binds its arguments and
// runs the single pass, or the three kernels of reduce-then-scan, on the call's queue with
// temporaries from the context's memory pool.
#include "argument_binding.hpp"
#include "queue_checks.hpp"
#include "contiguous_staging.hpp"
#include "context_kernels.hpp"
#include "policies/chosen_policy.hpp"
#include "scan_program.hpp"

#include <rtcg/arrays/scan.hpp>
#include <rtcg/arrays/layout_check.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/module.hpp>
#include <rtcg/core/queue.hpp>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace rtcg {
namespace {

using codegen::Argument;
using detail::ScanDescription;
using detail::ScanProgram;
using detail::WorkShape;

std::size_t bytes_per_item(const ScanDescription& description) {
    return description.dtype.size() + (description.is_segment_start_expr.empty() ? 0 : 1);
}

// The compiled kernels of `module`, built from the source for `description` and `target`.
std::variant<Kernel, detail::ReduceThenScan> kernels_of(const Module& module, const ScanDescription& description,
                                                        const codegen::Target& target, const DeviceInfo& device,
                                                        const ScanPolicy& policy) {
    if (detail::scans_in_one_pass(target, description))
        return module.kernel(detail::scan_kernel_name(description, "single"));
    return detail::ReduceThenScan{module.kernel(detail::scan_kernel_name(description, "reduce")),
                                  module.kernel(detail::scan_kernel_name(description, "blocks")),
                                  module.kernel(detail::scan_kernel_name(description, "final")),
                                  detail::max_tile_groups(device, policy)};
}

// The largest work-group every kernel of `kernels` can run, up to `block`.
std::size_t allowed_block(const std::variant<Kernel, detail::ReduceThenScan>& kernels, std::size_t block) {
    if (const Kernel* single = std::get_if<Kernel>(&kernels)) return detail::largest_block_for({single}, block);
    const auto& three = std::get<detail::ReduceThenScan>(kernels);
    return detail::largest_block_for({&three.reduce, &three.blocks, &three.final}, block);
}

// Compiles for the policy's shape; a kernel that cannot run work-groups that large (registers, or
// a device limit below 256 such as some OpenCL drivers') is rebuilt for the largest block all its
// kernels allow.
std::shared_ptr<const ScanProgram> build(const Context& context, const ScanPolicy& policy,
                                         ScanDescription description) {
    for (const Argument& argument : description.arguments) verify_layout(context, argument.type);
    verify_layout(context, description.dtype);
    const DeviceInfo& device = context.device();
    const codegen::Target target = codegen::target_of(device);
    const std::size_t groups = policy.single_pass_groups_per_compute_unit;
    std::size_t max_block = policy.block_size;
    for (;;) {
        const WorkShape shape = detail::choose_tile_shape(device, policy, bytes_per_item(description), max_block);
        const Module module = context.compile(detail::scan_source(target, description, shape, groups),
                                              detail::scan_compile_options(target, description, shape, groups));
        auto kernels = kernels_of(module, description, target, device, policy);
        const std::size_t allowed = allowed_block(kernels, shape.block);
        if (allowed == shape.block || shape.block == 1)
            return std::make_shared<const ScanProgram>(
                ScanProgram{std::move(description), shape, groups, std::move(kernels)});
        max_block = allowed;
    }
}

// Everything the source and the launch shape depend on; the separator cannot occur in C source.
std::string cache_key(std::string_view form, const ScanDescription& d, std::string_view arguments,
                      std::string_view policy) {
    std::string key = "scan\x1f";
    for (std::string_view part : {form, d.dtype.name(), arguments, std::string_view(d.input_expr),
                                  std::string_view(d.scan_expr), std::string_view(d.neutral),
                                  std::string_view(d.output_statement), std::string_view(d.is_segment_start_expr),
                                  std::string_view(d.preamble), std::string_view(d.name)})
        (key += part) += '\x1f';
    key += policy;
    return key;
}

ScanDescription describe(codegen::DType dtype, std::vector<Argument> arguments, ScanSnippets snippets,
                         ScanOptions options) {
    ScanDescription description{std::move(dtype),
                                std::move(arguments),
                                std::move(snippets.input_expr),
                                std::move(snippets.scan_expr),
                                std::move(snippets.neutral),
                                std::move(snippets.output_statement),
                                std::move(options.is_segment_start_expr),
                                std::move(options.preamble),
                                std::move(options.name)};
    detail::check_scan_description(description);
    return description;
}

// Which arguments a call checks the size of: the pointer arguments not in `any_size`.
std::vector<bool> sized_arguments(const ScanDescription& description, const std::vector<std::string>& any_size) {
    const std::vector<Argument>& arguments = description.arguments;
    for (const std::string& name : any_size) {
        const auto named = std::find_if(arguments.begin(), arguments.end(),
                                        [&](const Argument& argument) { return argument.name == name; });
        if (named == arguments.end() || !named->is_pointer)
            throw InvalidArgument("ScanKernel '" + description.name + "': ScanOptions::any_size_arrays names '" +
                                  name + "', which is not a pointer argument of the scan");
    }
    std::vector<bool> sized(arguments.size());
    for (std::size_t k = 0; k < arguments.size(); ++k)
        sized[k] = arguments[k].is_pointer &&
                   std::find(any_size.begin(), any_size.end(), arguments[k].name) == any_size.end();
    return sized;
}

// The scan's size: that of the first array `sized` marks, which every other such array must
// share. InvalidArgument, starting with `label`, naming the arrays otherwise.
std::size_t scan_size(const std::string& label, const std::vector<Argument>& declared, const std::vector<bool>& sized,
                      std::span<const detail::CallArgument> args) {
    std::size_t first = 0;
    while (first < args.size() && !sized[first]) ++first;
    if (first == args.size())
        throw InvalidArgument(label + ": a scan needs an array argument outside ScanOptions::any_size_arrays; it "
                                      "covers the indices of the first one");
    const std::size_t n = args[first].array->size();
    for (std::size_t k = first + 1; k < args.size(); ++k)
        if (sized[k] && args[k].array->size() != n)
            throw InvalidArgument(label + ": the arrays differ in size: '" + declared[first].name + "' has " +
                                  std::to_string(n) + " elements, '" + declared[k].name + "' has " +
                                  std::to_string(args[k].array->size()) +
                                  " (name arrays of other sizes in ScanOptions::any_size_arrays)");
    return n;
}

KernelArgument buffer_argument(const Buffer& buffer) { return kernel_argument(buffer); }
KernelArgument index_argument(const std::int64_t& value) {
    return KernelArgument{nullptr, &value, sizeof value};
}

} // namespace

ScanKernel::ScanKernel(const Context& context, codegen::DType dtype, std::string_view arguments, ScanSnippets snippets,
                       ScanOptions options)
    : kernels_(detail::ContextKernels::of(context)) {
    const std::vector<std::string> any_size = std::move(options.any_size_arrays);
    ScanDescription description =
        describe(std::move(dtype), codegen::parse_arguments(arguments), std::move(snippets), std::move(options));
    sized_ = sized_arguments(description, any_size);
    const auto policy = detail::choose_policy<ScanPolicy>(context.device());
    const std::string key = cache_key("text", description, arguments, policy.cache_key);
    program_ = kernels_->find<ScanProgram>(key);
    if (!program_) program_ = kernels_->insert(key, build(context, policy.policy, std::move(description)));
}

ScanKernel::ScanKernel(const Context& context, codegen::DType dtype, std::vector<Argument> arguments,
                       ScanSnippets snippets, ScanOptions options)
    : kernels_(detail::ContextKernels::of(context)) {
    const std::string printed = codegen::print_arguments(arguments, codegen::Dialect::opencl);
    const std::vector<std::string> any_size = std::move(options.any_size_arrays);
    ScanDescription description =
        describe(std::move(dtype), std::move(arguments), std::move(snippets), std::move(options));
    sized_ = sized_arguments(description, any_size);
    const auto policy = detail::choose_policy<ScanPolicy>(context.device());
    const std::string key = cache_key("parsed", description, printed, policy.cache_key);
    program_ = kernels_->find<ScanProgram>(key);
    if (!program_) program_ = kernels_->insert(key, build(context, policy.policy, std::move(description)));
}

const Context& ScanKernel::context() const noexcept { return kernels_->context(); }
const codegen::DType& ScanKernel::dtype() const noexcept { return program_->description.dtype; }
const std::vector<Argument>& ScanKernel::arguments() const noexcept { return program_->description.arguments; }
const std::string& ScanKernel::name() const noexcept { return program_->description.name; }

std::string ScanKernel::source(const codegen::Target& target) const {
    return detail::scan_source(target, program_->description, program_->shape, program_->single_pass_groups);
}

void ScanKernel::launch(Queue& queue, std::span<const detail::CallArgument> args, std::span<detail::ArgumentSlot> slots,
                        std::span<KernelArgument> packed) const {
    const ScanDescription& description = program_->description;
    const std::string label = "ScanKernel '" + description.name + "'";
    detail::check_kernel_queue(queue, context(), label);
    const std::size_t user = detail::pack_arguments(label, description.arguments, context(), args, slots, packed);
    if (const detail::ContiguousStaging staging(description.arguments, args, nullptr); staging.any()) {
        launch(queue, staging.arguments(), slots, packed);
        staging.write_back();
        return;
    }
    const std::size_t n = scan_size(label, description.arguments, sized_, args);
    if (n == 0) return;

    const std::int64_t count = static_cast<std::int64_t>(n);
    packed[user] = index_argument(count);
    const std::size_t tiles = (n + program_->shape.tile() - 1) / program_->shape.tile();
    const bool segmented = !description.is_segment_start_expr.empty();
    MemoryPool pool = context().memory_pool();
    const std::size_t value_size = description.dtype.size();

    // Scratch from the pool for the call's queue: released when the call returns, and handed out
    // again only for work queued after these kernels (memory_pool.hpp, "Asynchrony").
    if (const Kernel* single = std::get_if<Kernel>(&program_->kernels)) {
        const detail::ScanTileStates::Grant states = kernels_->scan_tile_states(queue).next(context(), queue, tiles);
        const Buffer values =
            detail::scan_publishes_packed(description) ? Buffer() : pool.allocate(2 * tiles * value_size, queue);
        packed[user + 1] = buffer_argument(*states.states);
        packed[user + 2] = buffer_argument(values.size() ? values : *states.states);
        packed[user + 3] = KernelArgument{nullptr, &states.epoch, sizeof states.epoch};
        single->launch(queue, LaunchConfig{Dim3{tiles}, Dim3{program_->shape.block}, 0}, packed.first(user + 4));
        return;
    }

    // Each group streams a contiguous chunk of whole tiles; the last group's may be shorter.
    const detail::ReduceThenScan& three = std::get<detail::ReduceThenScan>(program_->kernels);
    const std::size_t tiles_per_group = (tiles + three.max_groups - 1) / three.max_groups;
    const std::size_t chunk = tiles_per_group * program_->shape.tile();
    const std::size_t groups = (n + chunk - 1) / chunk;
    const std::int64_t chunk_size = static_cast<std::int64_t>(chunk);
    const std::int64_t group_count = static_cast<std::int64_t>(groups);
    const Buffer totals = pool.allocate(groups * value_size, queue);
    const Buffer prefixes = pool.allocate((groups + 1) * value_size, queue);
    const Buffer starts = segmented ? pool.allocate(groups, queue) : Buffer();

    packed[user + 1] = index_argument(chunk_size);
    std::size_t next = user + 2;
    if (segmented) packed[next++] = buffer_argument(starts);
    packed[next++] = buffer_argument(totals);
    const LaunchConfig tiles_launch{Dim3{groups}, Dim3{program_->shape.block}, 0};
    three.reduce.launch(queue, tiles_launch, packed.first(next));

    std::vector<KernelArgument> scan_totals{buffer_argument(totals)};
    if (segmented) scan_totals.push_back(buffer_argument(starts));
    scan_totals.push_back(buffer_argument(prefixes));
    scan_totals.push_back(index_argument(group_count));
    three.blocks.launch(queue, LaunchConfig{Dim3{1}, Dim3{program_->shape.block}, 0}, scan_totals);

    packed[user + 2] = buffer_argument(prefixes);
    three.final.launch(queue, tiles_launch, packed.first(user + 3));
}

} // namespace rtcg
