// The text of a reduction: declarations, the user's preamble, the output type's fold and neutral
// element as functions, the device files it builds on (arrays/device: block reduce and, where the
// last group folds, the last-group fold), then the kernels of reduction_source.hpp.
#include "reduction_source.hpp"

#include "array_kernel_text.hpp"
#include "device_sources.hpp"

#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/syntax.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <functional>
#include <utility>

namespace rtcg::detail {
namespace {

using codegen::Dialect;
using codegen::DType;

std::string label(const ReductionDescription& d) { return "ReductionKernel '" + d.name + "'"; }

// Fold v_first .. v_last pairwise, neighbours first, so no value waits on a long chain.
std::string fold_tree(std::size_t first, std::size_t last) {
    if (first == last) return "rtcg_v" + std::to_string(first);
    const std::size_t middle = first + (last - first) / 2;
    return "rtcg_reduce_op(" + fold_tree(first, middle) + ", " + fold_tree(middle + 1, last) + ")";
}

// The statements that set rtcg_v<item> to the value at index (or pair) `item` of a batch, whose
// index is rtcg_i + item * rtcg_i_stride.
using Evaluation = std::function<std::string(std::size_t item, std::string_view indent)>;

std::string item_index(std::size_t item) {
    return "(rtcg_index_t)(rtcg_i + " + std::to_string(item) + " * rtcg_i_stride)";
}

// `value`, an expression of i, at each index.
Evaluation at_each_index(std::string value) {
    return [value = std::move(value)](std::size_t item, std::string_view indent) {
        return std::string(indent) + "{ const rtcg_index_t i = " + item_index(item) + "; rtcg_v" +
               std::to_string(item) + " = (" + value + "); }\n";
    };
}

// The map at the pair of indices starting at each index, its lanes combined by the reduction.
Evaluation at_each_pair(const PairedSnippet& pairs, std::span<const codegen::Argument> arguments, Dialect dialect) {
    return [&pairs, arguments, dialect](std::size_t item, std::string_view indent) {
        const std::string in(indent);
        const bool index = pairs.lanes_use_index;
        std::string text = in + "{\n";
        if (index) text += in + "    const rtcg_index_t rtcg_first = " + item_index(item) + ";\n";
        codegen::syntax::Printer loads(dialect);
        for (std::size_t depth = 0; depth < in.size() / 4 + 1; ++depth) loads.indent();
        loads.lines(paired_loads(pairs, arguments, dialect, "rtcg_k + " + std::to_string(item) + " * rtcg_stride"));
        text += loads.take();
        text += in + "    rtcg_reduce_value_t rtcg_lane0, rtcg_lane1;\n";
        text += in + "    { " + (index ? "const rtcg_index_t i = rtcg_first; " : "") + "rtcg_lane0 = (" +
                pairs.lanes[0] + "); }\n";
        text += in + "    { " + (index ? "const rtcg_index_t i = rtcg_first + 1; " : "") + "rtcg_lane1 = (" +
                pairs.lanes[1] + "); }\n";
        return text + in + "    rtcg_v" + std::to_string(item) + " = rtcg_reduce_op(rtcg_lane0, rtcg_lane1);\n" + in +
               "}\n";
    };
}

// Folds `evaluate` into rtcg_acc for k = rtcg_k, + rtcg_stride, ... below `bound`, with
// i = rtcg_i, + rtcg_i_stride, ...: whole batches of `items` evaluations with no bounds checks,
// then at most one partial batch in which each evaluation checks its own index. Either way a
// batch's loads are independent of each other, so all of them are in flight at once.
std::string fold_loop(const Evaluation& evaluate, std::size_t items, std::string_view bound) {
    const std::string last = std::to_string(items - 1);
    const std::string count = std::to_string(items);
    const std::string below = " < " + std::string(bound);
    std::string text = "    for (; rtcg_k + " + last + " * rtcg_stride" + below + "; rtcg_k += " + count +
                       " * rtcg_stride, rtcg_i += " + count + " * rtcg_i_stride) {\n        rtcg_reduce_value_t";
    for (std::size_t item = 0; item < items; ++item) text += (item ? ", rtcg_v" : " rtcg_v") + std::to_string(item);
    text += ";\n";
    for (std::size_t item = 0; item < items; ++item) text += evaluate(item, "        ");
    text += "        rtcg_acc = rtcg_reduce_op(rtcg_acc, " + fold_tree(0, items - 1) + ");\n    }\n";
    if (items == 1) return text;

    // Here rtcg_k + (items - 1) * rtcg_stride >= bound: at most items - 1 indices are left.
    text += "    if (rtcg_k" + below + ") {\n";
    for (std::size_t item = 0; item + 1 < items; ++item)
        text += "        rtcg_reduce_value_t rtcg_v" + std::to_string(item) + " = rtcg_reduce_neutral();\n";
    text += evaluate(0, "        ");
    for (std::size_t item = 1; item + 1 < items; ++item)
        text += "        if (rtcg_k + " + std::to_string(item) + " * rtcg_stride" + below + ")\n" +
                evaluate(item, "            ");
    text += "        rtcg_acc = rtcg_reduce_op(rtcg_acc, " + fold_tree(0, items - 2) + ");\n    }\n";
    return text;
}

// The group's value in work-item 0's rtcg_acc (arrays/device/block/block_reduce.rtcg).
constexpr std::string_view group_fold = R"(    const size_t rtcg_lid = RTCG_LOCAL_ID(0);
    rtcg_acc = rtcg_block_reduce(rtcg_scratch, rtcg_acc, rtcg_lid);
)";

constexpr std::string_view store_group_value =
    "    if (rtcg_lid == 0) rtcg_out[rtcg_out_offset + (rtcg_index_t)RTCG_GROUP_ID(0)] = rtcg_acc;\n}\n";

// There are at most a few groups per compute unit, so one batch of 4 per work-item covers
// every partial on today's GPUs; more would only lengthen the source.
constexpr std::size_t partial_items = 4;

std::string scratch(const ReductionShape& shape) {
    return "    RTCG_LOCAL_ARRAY(rtcg_reduce_value_t, rtcg_scratch, " + std::to_string(shape.group_size) + ");\n";
}

// One work-group folds the `count` values at rtcg_partials into work-item 0's rtcg_acc.
std::string fold_partials(std::string_view count) {
    std::string text = R"(    const rtcg_index_t rtcg_stride = (rtcg_index_t)RTCG_LOCAL_SIZE(0);
    const rtcg_uindex_t rtcg_i_stride = (rtcg_uindex_t)rtcg_stride;
    rtcg_index_t rtcg_k = (rtcg_index_t)RTCG_LOCAL_ID(0);
    rtcg_uindex_t rtcg_i = (rtcg_uindex_t)rtcg_k;
    rtcg_reduce_value_t rtcg_acc = rtcg_reduce_neutral();
)";
    text += fold_loop(at_each_index("rtcg_partials[i]"), partial_items, count);
    return text + std::string(group_fold);
}

// The end of a first pass: its group's value goes to the output (at the group's index), or,
// where the last group folds (arrays/device/agent/last_group_fold.rtcg), one group alone writes
// out[out_offset] directly; otherwise the group that counts itself done last folds every group's
// partial.
std::string first_pass_end(const codegen::Target& target) {
    std::string text(group_fold);
    if (!last_group_folds(target)) return text + std::string(store_group_value);
    text += R"(    if (RTCG_NUM_GROUPS(0) == 1) {
        if (rtcg_lid == 0) rtcg_out[rtcg_out_offset] = rtcg_acc;
        return;
    }
    RTCG_LOCAL int rtcg_last_group;
    if (!rtcg_last_group_arrives(rtcg_partials, rtcg_groups_done, rtcg_acc, rtcg_lid, &rtcg_last_group)) return;
    {
        const rtcg_index_t rtcg_groups = (rtcg_index_t)RTCG_NUM_GROUPS(0);
)";
    // The fold one level deeper, inside its block.
    codegen::syntax::Printer fold(target.dialect);
    fold.indent();
    fold.lines(fold_partials("rtcg_groups") + "    if (rtcg_lid == 0) rtcg_out[rtcg_out_offset] = rtcg_acc;\n");
    return text + fold.take() + "    }\n}\n";
}

// Parameters and the loop's state for a first pass that steps through the indices `step` at a
// time (1, or 2 for pairs).
std::string first_pass_head(const codegen::Target& target, const ReductionDescription& d, const ReductionShape& shape,
                            const std::string& kernel_name, std::string_view step) {
    std::string text = "RTCG_KERNEL void " + kernel_name + "(\n" + array_parameters(d.arguments, target.dialect) +
                       ",\n    RTCG_GLOBAL rtcg_reduce_value_t *rtcg_out, rtcg_index_t rtcg_out_offset";
    if (last_group_folds(target))
        text += ",\n    RTCG_GLOBAL rtcg_reduce_value_t *rtcg_partials, RTCG_GLOBAL unsigned *rtcg_groups_done";
    text += ")\n{\n";
    text += scratch(shape);
    text += array_pointer_setup(d.arguments, target.dialect);
    // Indices advance by additions; unsigned, so stepping past the end of the range cannot overflow.
    const std::string by = std::string(step) + " * ";
    text += "    const rtcg_index_t rtcg_stride = (rtcg_index_t)RTCG_GLOBAL_SIZE(0);\n"
            "    const rtcg_uindex_t rtcg_i_stride = " + by + "(rtcg_uindex_t)rtcg_stride * (rtcg_uindex_t)rtcg_step;\n"
            "    rtcg_index_t rtcg_k = (rtcg_index_t)RTCG_GLOBAL_ID(0);\n"
            "    rtcg_uindex_t rtcg_i = (rtcg_uindex_t)rtcg_start + " + by +
            "(rtcg_uindex_t)rtcg_k * (rtcg_uindex_t)rtcg_step;\n"
            "    rtcg_reduce_value_t rtcg_acc = rtcg_reduce_neutral();\n";
    return text;
}

std::string map_and_reduce_kernel(const codegen::Target& target, const ReductionDescription& d,
                                  const ReductionShape& shape) {
    std::string text = first_pass_head(target, d, shape, reduction_kernel_name(d.name, ReductionPass::map_and_reduce), "1");
    text += fold_loop(at_each_index(d.map_expr), shape.items_per_thread, "n");
    return text + first_pass_end(target);
}

// The first pass over the n / 2 whole pairs (step 1), then the last index of an odd count, alone.
std::string paired_map_and_reduce_kernel(const codegen::Target& target, const ReductionDescription& d,
                                         const ReductionShape& shape, const PairedSnippet& pairs) {
    const Dialect dialect = target.dialect;
    std::string text = first_pass_head(target, d, shape, reduction_kernel_name(d.name, ReductionPass::pairs), "2");
    codegen::syntax::Printer pointers(dialect);
    pointers.indent();
    pointers.lines(paired_pointers(pairs, d.arguments, "rtcg_start"));
    text += pointers.take();
    text += fold_loop(at_each_pair(pairs, d.arguments, dialect), shape.items_per_thread, "n / 2");
    text += "    if (n % 2 != 0 && RTCG_GLOBAL_ID(0) == 0) {\n"
            "        const rtcg_index_t i = rtcg_start + n - 1;\n"
            "        rtcg_acc = rtcg_reduce_op(rtcg_acc, (" + d.map_expr + "));\n    }\n";
    return text + first_pass_end(target);
}

std::string partials_kernel(const ReductionDescription& d, const ReductionShape& shape) {
    std::string text = "RTCG_KERNEL void " + reduction_kernel_name(d.name, ReductionPass::reduce_partials) +
                       "(\n    RTCG_GLOBAL const rtcg_reduce_value_t *rtcg_partials, rtcg_index_t n,\n"
                       "    RTCG_GLOBAL rtcg_reduce_value_t *rtcg_out, rtcg_index_t rtcg_out_offset)\n{\n";
    text += scratch(shape);
    return text + fold_partials("n") + std::string(store_group_value);
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

std::string reduction_source(const codegen::Target& target, const ReductionDescription& d, const ReductionShape& shape,
                             const PairedSnippet* pairs) {
    check_reduction(d);
    const Dialect dialect = target.dialect;
    std::vector<DType> types{d.dtype_out};
    for (const codegen::Argument& argument : d.arguments) types.push_back(argument.type);

    std::string source = codegen::struct_declarations(types, dialect);
    source += d.preamble + "\n";
    source += "typedef " + d.dtype_out.c_name(dialect) + " rtcg_reduce_value_t;\n";
    source += "RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_neutral(void) { return (" + d.neutral + "); }\n";
    source += "RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_op(rtcg_reduce_value_t a, rtcg_reduce_value_t b) { return (" + d.reduce_expr + "); }\n";
    (source += device::block::block_reduce) += '\n';
    if (last_group_folds(target)) (source += device::agent::last_group_fold) += '\n';
    source += map_and_reduce_kernel(target, d, shape);
    if (pairs) source += paired_map_and_reduce_kernel(target, d, shape, *pairs);
    source += partials_kernel(d, shape);

    const bool complex =
        codegen::needs_complex_support(types, {d.neutral, d.reduce_expr, d.map_expr, d.preamble});
    return codegen::with_prelude(dialect, source, {.complex = complex, .warp = last_group_folds(target)});
}

} // namespace rtcg::detail
