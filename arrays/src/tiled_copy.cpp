#include "tiled_copy.hpp"

#include "array_kernel_text.hpp"
#include "broadcast_elementwise.hpp"
#include "context_kernels.hpp"
#include "device_sources.hpp"
#include "index_division.hpp"
#include "launch_shape.hpp"
#include "snippet_tokens.hpp"

#include <rtcg/arrays/elementwise_source.hpp>
#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/template.hpp>
#include <rtcg/core/module.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <set>

namespace rtcg::detail {
namespace {

using codegen::Argument;

const codegen::Template& kernel_template() {
    static const codegen::Template kernel(device::kernel::tiled_copy, "kernel/tiled_copy.rtcg");
    return kernel;
}

// An argument's strides along the call's merged axes: a flat array's are those of C order.
std::vector<std::ptrdiff_t> strides_of(const CallLayout& layout, std::size_t k) {
    if (layout.access[k] == ArrayAccess::strided) return layout.strides[k];
    std::vector<std::ptrdiff_t> packed(layout.shape.size());
    std::ptrdiff_t step = 1;
    for (std::size_t axis = layout.shape.size(); axis-- > 0;) {
        packed[axis] = step;
        step *= static_cast<std::ptrdiff_t>(layout.shape[axis]);
    }
    return packed;
}

// The axis along which an array with `strides` is fastest: the smallest stride that is not 0,
// the last such axis on a tie.
std::size_t fastest_axis(const std::vector<std::ptrdiff_t>& strides) {
    std::size_t fastest = strides.size();
    for (std::size_t axis = strides.size(); axis-- > 0;) {
        if (strides[axis] == 0) continue;
        if (fastest == strides.size() || std::abs(strides[axis]) < std::abs(strides[fastest])) fastest = axis;
    }
    return fastest;
}

CopyStrides copy_strides(const std::vector<std::ptrdiff_t>& strides, std::size_t a, std::size_t w) {
    CopyStrides result{strides[a], strides[w], {}};
    for (std::size_t axis = 0; axis < strides.size(); ++axis)
        if (axis != a && axis != w) result.batch.push_back(strides[axis]);
    return result;
}

// The compiled kernel with the work-group size it was rendered for; no kernel where the compiled
// kernel takes fewer work-items than the tile needs (the elementwise path then runs the call).
struct TiledCopyProgram {
    std::optional<Kernel> kernel;
};

std::shared_ptr<const TiledCopyProgram> build(const ElementwiseProgram& program, const Context& context,
                                              const TiledCopyLayout& layout) {
    const codegen::Dialect dialect = codegen::dialect_of(context.device());
    const Module module = context.compile(tiled_copy_source(dialect, program, layout));
    Kernel kernel = module.kernel(elementwise_kernel_name(program.name));
    const std::size_t limit = kernel.attributes().max_threads_per_block;
    if (limit && limit < layout.tile.work_items()) return std::make_shared<const TiledCopyProgram>();
    return std::make_shared<const TiledCopyProgram>(TiledCopyProgram{std::move(kernel)});
}

} // namespace

std::optional<CopiedArguments> copied_arguments(std::span<const Argument> arguments, std::string_view operation,
                                                std::string_view preamble) {
    const std::vector<SnippetToken> tokens = snippet_tokens(operation);
    const std::size_t length = tokens.size();
    if (length != 9 && !(length == 10 && tokens[9].text == ";")) return std::nullopt;
    const auto is = [&](std::size_t k, std::string_view text) { return tokens[k].text == text; };
    if (!is(1, "[") || !is(2, "i") || !is(3, "]") || !is(4, "=") || !is(6, "[") || !is(7, "i") || !is(8, "]"))
        return std::nullopt;
    const auto position = [&](std::string_view name) -> std::optional<std::size_t> {
        for (std::size_t k = 0; k < arguments.size(); ++k)
            if (arguments[k].name == name && arguments[k].is_pointer) return k;
        return std::nullopt;
    };
    const std::optional<std::size_t> out = position(tokens[0].text);
    const std::optional<std::size_t> x = position(tokens[5].text);
    if (!out || !x || *out == *x || arguments[*out].is_const || arguments[*out].type != arguments[*x].type)
        return std::nullopt;
    const std::set<std::string_view> macros = macro_names(preamble);
    if (macros.count(tokens[0].text) || macros.count(tokens[5].text) || macros.count("i")) return std::nullopt;
    return CopiedArguments{*out, *x};
}

std::size_t TiledCopyLayout::batch_size() const noexcept {
    std::size_t size = 1;
    for (std::size_t extent : batch) size *= extent;
    return size;
}

bool TiledCopyLayout::narrow_batch() const noexcept { return batch_size() <= std::numeric_limits<std::uint32_t>::max(); }

std::string TiledCopyLayout::signature() const {
    return std::to_string(batch.size()) + (narrow_batch() ? "n:" : "w:") +
           std::to_string(tile.edge) + "x" + std::to_string(tile.rows);
}

std::optional<CopyTile> copy_tile(const TransposePolicy& policy, const DeviceInfo& device, std::size_t element_size) {
    std::uint64_t budget = policy.tile_bytes;
    if (device.local_memory_bytes) budget = std::min<std::uint64_t>(budget, device.local_memory_bytes);
    std::size_t edge = policy.tile_edge;
    while (edge >= 2 && static_cast<std::uint64_t>(edge) * (edge + 1) * element_size > budget) edge /= 2;
    std::size_t limit = device.max_work_group_size;
    if (device.max_work_item_sizes[0] && (limit == 0 || device.max_work_item_sizes[0] < limit))
        limit = device.max_work_item_sizes[0];
    std::size_t rows = std::min(policy.tile_rows, edge);
    while (limit && rows > 1 && edge * rows > limit) rows /= 2;
    if (edge < 2 || (limit && edge * rows > limit)) return std::nullopt;
    return CopyTile{edge, rows};
}

std::optional<TiledCopyLayout> tiled_copy_layout(const ElementwiseProgram& program, const CallLayout& layout,
                                                 const Range* range, const TransposePolicy& policy,
                                                 const DeviceInfo& device) {
    if (layout.flat || range || layout.shape.size() < 2) return std::nullopt;
    if (!program.copy) return std::nullopt;
    const auto [out, x] = *program.copy;
    if (layout.access[x] == ArrayAccess::uniform) return std::nullopt;

    const std::vector<std::ptrdiff_t> out_strides = strides_of(layout, out);
    const std::vector<std::ptrdiff_t> x_strides = strides_of(layout, x);
    const std::size_t w = fastest_axis(out_strides);
    const std::size_t a = fastest_axis(x_strides);
    // Fastest along the same axis, or read at one element along the written array's fastest axis
    // (broadcast there), the elementwise kernel reads in runs already.
    if (a == w || x_strides[w] == 0) return std::nullopt;
    if (layout.shape[a] < policy.min_tiled_extent || layout.shape[w] < policy.min_tiled_extent) return std::nullopt;
    const std::optional<CopyTile> tile = copy_tile(policy, device, program.arguments[out].type.size());
    if (!tile) return std::nullopt;

    TiledCopyLayout tiled{.out = out,
                          .x = x,
                          .extent_a = layout.shape[a],
                          .extent_w = layout.shape[w],
                          .batch = {},
                          .out_strides = copy_strides(out_strides, a, w),
                          .x_strides = copy_strides(x_strides, a, w),
                          .tile = *tile};
    for (std::size_t axis = 0; axis < layout.shape.size(); ++axis)
        if (axis != a && axis != w) tiled.batch.push_back(layout.shape[axis]);
    return tiled;
}

std::string tiled_copy_source(codegen::Dialect dialect, const ElementwiseProgram& program,
                              const TiledCopyLayout& layout) {
    std::vector<codegen::DType> types;
    for (const Argument& argument : program.arguments) types.push_back(argument.type);
    std::string source = codegen::struct_declarations(types, dialect);
    source += program.preamble + "\n";

    const std::size_t batch_axes = layout.batch.size();
    if (batch_axes > 0) {
        (source += device::thread::index_division) += '\n';
        source += strided_offset_function("rtcg_strided_offset", batch_axes, layout.narrow_batch());
    }
    const Argument& out = program.arguments[layout.out];
    const Argument& x = program.arguments[layout.x];
    source += kernel_template().render(
        {{"name", elementwise_kernel_name(program.name)},
         {"parameters", template_lines(array_parameters(program.arguments, dialect) + ",")},
         {"pointers", template_lines(array_pointer_setup(program.arguments, dialect))},
         {"type", out.type.c_name(dialect)},
         {"out", out.name},
         {"x", x.name},
         {"edge", static_cast<std::int64_t>(layout.tile.edge)},
         {"rows", static_cast<std::int64_t>(layout.tile.rows)},
         {"row_steps", static_cast<std::int64_t>(layout.tile.edge % layout.tile.rows == 0 ? layout.tile.edge / layout.tile.rows : 0)},
         {"batch_axes", static_cast<std::int64_t>(batch_axes)}});
    const bool complex = codegen::needs_complex_support(types, {program.operation, program.preamble});
    return codegen::with_prelude(dialect, source, {.complex = complex});
}

bool launch_tiled_copy(const ElementwiseProgram& program, ContextKernels& kernels, Queue& queue,
                       const TiledCopyLayout& layout, const ChosenPolicy<TransposePolicy>& policy,
                       std::span<const KernelArgument> packed_arguments) {
    const std::size_t edge = layout.tile.edge;
    const std::size_t tiles_a = (layout.extent_a + edge - 1) / edge;
    const std::size_t tiles_w = (layout.extent_w + edge - 1) / edge;
    // The call's indices fit a size_t, and a tile covers at least one of them, so this cannot wrap.
    const std::size_t tiles = tiles_a * tiles_w * layout.batch_size();

    // The array parameters' start, step and count, which the tiled kernel leaves unused, then its own.
    std::vector<std::int64_t> values{0, 1, 0};
    for (const std::size_t value : {layout.extent_a, layout.extent_w, tiles_a, tiles_w, tiles})
        values.push_back(static_cast<std::int64_t>(value));
    for (const std::ptrdiff_t stride :
         {layout.out_strides.a, layout.out_strides.w, layout.x_strides.a, layout.x_strides.w})
        values.push_back(stride);
    for (std::size_t axis = 1; axis < layout.batch.size(); ++axis)
        values.push_back(extent_argument(layout.batch[axis], layout.narrow_batch()));
    values.insert(values.end(), layout.out_strides.batch.begin(), layout.out_strides.batch.end());
    values.insert(values.end(), layout.x_strides.batch.begin(), layout.x_strides.batch.end());
    if (parameter_bytes(packed_arguments, values.size()) > parameter_bytes_limit) return false;

    const std::string key = program.key + "\x1ftiled copy\x1f" + layout.signature() + policy.cache_key;
    std::shared_ptr<const TiledCopyProgram> built = kernels.find<TiledCopyProgram>(key);
    if (!built) built = kernels.insert(key, build(program, kernels.context(), layout));
    if (!built->kernel) return false;

    std::vector<KernelArgument> packed(packed_arguments.begin(), packed_arguments.end());
    for (const std::int64_t& value : values) packed.push_back(KernelArgument{nullptr, &value, sizeof value});
    const std::size_t groups = grid_groups(
        tiles, 1, 1, max_groups(kernels.context().device(), policy.policy.groups_per_compute_unit));
    const LaunchConfig shape{Dim3{groups}, Dim3{layout.tile.work_items()}, 0};
    built->kernel->launch(queue, shape, packed);
    return true;
}

} // namespace rtcg::detail
