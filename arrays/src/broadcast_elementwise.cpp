#include "broadcast_elementwise.hpp"

#include "array_kernel_text.hpp"
#include "context_kernels.hpp"
#include "device_sources.hpp"
#include "index_division.hpp"
#include "launch_shape.hpp"
#include "policies/chosen_policy.hpp"
#include "strided_snippet.hpp"
#include "tiled_copy.hpp"

#include <rtcg/arrays/elementwise_source.hpp>
#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/template.hpp>
#include <rtcg/core/module.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace rtcg::detail {
namespace {

using codegen::Argument;

std::string extent_name(std::size_t axis) { return "rtcg_extent_" + std::to_string(axis); }
std::string stride_name(const Argument& argument, std::size_t axis) {
    return "rtcg_stride_" + argument.name + "_" + std::to_string(axis);
}

// The layout's parameters after the launch parameters: the extents of the merged axes but the
// first (which the index count bounds), then each strided array's strides.
std::vector<std::string> layout_parameters(const ElementwiseProgram& program, const CallLayout& layout) {
    std::vector<std::string> names;
    for (std::size_t axis = 1; axis < layout.shape.size(); ++axis) names.push_back(extent_name(axis));
    for (std::size_t k = 0; k < program.arguments.size(); ++k)
        if (layout.access[k] == ArrayAccess::strided)
            for (std::size_t axis = 0; axis < layout.shape.size(); ++axis)
                names.push_back(stride_name(program.arguments[k], axis));
    return names;
}

// The kernel for one layout, or none where the call has to be staged.
struct BroadcastProgram {
    std::optional<Kernel> kernel;
    std::size_t block_size = 1;
};

std::shared_ptr<const BroadcastProgram> build(const ElementwiseProgram& program, const Context& context,
                                              const CallLayout& layout) {
    const std::optional<std::string> operation =
        strided_snippet(program.operation, program.arguments, layout.access, program.preamble);
    if (!operation) return std::make_shared<const BroadcastProgram>();
    const codegen::Dialect dialect = codegen::dialect_of(context.device());
    const Module module = context.compile(broadcast_elementwise_source(dialect, program, layout, *operation));
    Kernel kernel = module.kernel(elementwise_kernel_name(program.name));
    const std::size_t block = block_size(kernel, context.device(), program.block_size);
    return std::make_shared<const BroadcastProgram>(BroadcastProgram{std::move(kernel), block});
}

} // namespace

std::size_t parameter_bytes(std::span<const KernelArgument> packed_arguments, std::size_t values) {
    std::size_t bytes = values * sizeof(std::int64_t);
    for (const KernelArgument& argument : packed_arguments) bytes += argument.value ? argument.size : sizeof(std::uint64_t);
    return bytes;
}

std::optional<std::string> broadcast_call_source(const ElementwiseProgram& program, const DeviceInfo& device,
                                                 const CallLayout& layout, const Range* range) {
    const codegen::Dialect dialect = codegen::dialect_of(device);
    const TransposePolicy policy = choose_policy<TransposePolicy>(device).policy;
    if (const std::optional<TiledCopyLayout> tiled = tiled_copy_layout(program, layout, range, policy, device))
        return tiled_copy_source(dialect, program, *tiled);
    const std::optional<std::string> operation =
        strided_snippet(program.operation, program.arguments, layout.access, program.preamble);
    if (!operation) return std::nullopt;
    return broadcast_elementwise_source(dialect, program, layout, *operation);
}

std::string broadcast_elementwise_source(codegen::Dialect dialect, const ElementwiseProgram& program,
                                         const CallLayout& layout, std::string_view operation) {
    std::vector<codegen::DType> types;
    for (const Argument& argument : program.arguments) types.push_back(argument.type);
    std::string source = codegen::struct_declarations(types, dialect);
    source += program.preamble + "\n";

    std::string parameters = array_parameters(program.arguments, dialect);
    for (const std::string& name : layout_parameters(program, layout)) parameters += ",\nrtcg_index_t " + name;

    const std::size_t dimensions = layout.shape.size();
    const bool strided = std::find(layout.access.begin(), layout.access.end(), ArrayAccess::strided) != layout.access.end();
    if (strided) {
        (source += device::thread::index_division) += '\n';
        source += strided_offset_function("rtcg_strided_offset", dimensions, layout.narrow());
        // Macros, not functions: they read the kernel's parameters where the operation uses them.
        for (std::size_t k = 0; k < program.arguments.size(); ++k) {
            if (layout.access[k] != ArrayAccess::strided) continue;
            std::string call = "rtcg_strided_offset((e)";
            for (std::size_t axis = 1; axis < dimensions; ++axis) call += ", " + extent_name(axis);
            for (std::size_t axis = 0; axis < dimensions; ++axis) call += ", " + stride_name(program.arguments[k], axis);
            source += "#define " + strided_element_macro(program.arguments[k].name) + "(e) " + call + ")\n";
        }
    }
    source += render_elementwise_kernel({{"name", elementwise_kernel_name(program.name)},
                                         {"parameters", template_lines(parameters)},
                                         {"pointers", template_lines(array_pointer_setup(program.arguments, dialect))},
                                         {"operation", operation_statement(operation)},
                                         {"two_lanes", program.paired.has_value()}});
    const bool complex = codegen::needs_complex_support(types, {program.operation, program.preamble});
    return codegen::with_prelude(dialect, source, {.complex = complex});
}

bool launch_broadcast(const ElementwiseProgram& program, ContextKernels& kernels, Queue& queue,
                      const CallLayout& layout, const Range* range, std::span<const CallArgument> args,
                      std::span<const KernelArgument> packed_arguments, std::size_t min_indices_per_work_item) {
    const std::size_t count = range ? range->size() : layout.indices;
    if (count == 0) return true;
    const DeviceInfo& device = kernels.context().device();
    const ChosenPolicy<TransposePolicy> transpose = choose_policy<TransposePolicy>(device);
    if (const std::optional<TiledCopyLayout> tiled = tiled_copy_layout(program, layout, range, transpose.policy, device))
        if (launch_tiled_copy(program, kernels, queue, *tiled, transpose, packed_arguments)) return true;

    std::vector<std::int64_t> values{range ? range->start : 0, range ? range->step : 1,
                                     static_cast<std::int64_t>(count)};
    for (std::size_t axis = 1; axis < layout.shape.size(); ++axis)
        values.push_back(extent_argument(layout.shape[axis], layout.narrow()));
    for (std::size_t k = 0; k < args.size(); ++k)
        if (layout.access[k] == ArrayAccess::strided)
            values.insert(values.end(), layout.strides[k].begin(), layout.strides[k].end());
    if (parameter_bytes(packed_arguments, values.size()) > parameter_bytes_limit) return false;

    const std::string key = program.key + '\x1f' + layout.signature();
    std::shared_ptr<const BroadcastProgram> built = kernels.find<BroadcastProgram>(key);
    if (!built) built = kernels.insert(key, build(program, kernels.context(), layout));
    if (!built->kernel) return false;

    std::vector<KernelArgument> packed(packed_arguments.begin(), packed_arguments.end());
    for (const std::int64_t& value : values) packed.push_back(KernelArgument{nullptr, &value, sizeof value});
    const LaunchConfig shape{Dim3{grid_groups(count, built->block_size, min_indices_per_work_item, program.max_groups)},
                             Dim3{built->block_size}, 0};
    built->kernel->launch(queue, shape, packed);
    return true;
}

} // namespace rtcg::detail
