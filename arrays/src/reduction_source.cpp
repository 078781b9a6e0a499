// The text of a reduction: declarations, the user's preamble, the output type's fold and neutral
// element as functions, then the two kernels of reduction_source.hpp.
#include "reduction_source.hpp"

#include "array_kernel_text.hpp"

#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
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

std::string evaluate(std::string_view value, std::size_t item, std::string_view indent) {
    return std::string(indent) + "{ const rtcg_index_t i = (rtcg_index_t)(rtcg_i + " + std::to_string(item) +
           " * rtcg_i_stride); rtcg_v" + std::to_string(item) + " = (" + std::string(value) + "); }\n";
}

// Folds `value` (an expression of i) into rtcg_acc for k = rtcg_k, + rtcg_stride, ... below n,
// with i = rtcg_i, + rtcg_i_stride, ...: whole batches of `items` evaluations with no bounds
// checks, then at most one partial batch in which each evaluation checks its own index. Either
// way a batch's loads are independent of each other, so all of them are in flight at once.
std::string fold_loop(std::string_view value, std::size_t items) {
    const std::string last = std::to_string(items - 1);
    const std::string count = std::to_string(items);
    std::string text = "    for (; rtcg_k + " + last + " * rtcg_stride < n; rtcg_k += " + count +
                       " * rtcg_stride, rtcg_i += " + count + " * rtcg_i_stride) {\n        rtcg_out_t";
    for (std::size_t item = 0; item < items; ++item) text += (item ? ", rtcg_v" : " rtcg_v") + std::to_string(item);
    text += ";\n";
    for (std::size_t item = 0; item < items; ++item) text += evaluate(value, item, "        ");
    text += "        rtcg_acc = rtcg_reduce_op(rtcg_acc, " + fold_tree(0, items - 1) + ");\n    }\n";
    if (items == 1) return text;

    // Here rtcg_k + (items - 1) * rtcg_stride >= n: at most items - 1 indices are left.
    text += "    if (rtcg_k < n) {\n";
    for (std::size_t item = 0; item + 1 < items; ++item)
        text += "        rtcg_out_t rtcg_v" + std::to_string(item) + " = rtcg_reduce_neutral();\n";
    text += evaluate(value, 0, "        ");
    for (std::size_t item = 1; item + 1 < items; ++item)
        text += "        if (rtcg_k + " + std::to_string(item) + " * rtcg_stride < n)\n" +
                evaluate(value, item, "            ");
    text += "        rtcg_acc = rtcg_reduce_op(rtcg_acc, " + fold_tree(0, items - 2) + ");\n    }\n";
    return text;
}

// A tree over the work-group's values in local memory, halving the active work-items each
// step; a barrier after every step, so no work-item reads a value before it is written.
constexpr std::string_view group_fold = R"(    const size_t rtcg_lid = RTCG_LOCAL_ID(0);
    rtcg_scratch[rtcg_lid] = rtcg_acc;
    RTCG_LOCAL_BARRIER();
    for (size_t rtcg_half = RTCG_LOCAL_SIZE(0) / 2; rtcg_half > 0; rtcg_half /= 2) {
        if (rtcg_lid < rtcg_half) {
            rtcg_acc = rtcg_reduce_op(rtcg_acc, rtcg_scratch[rtcg_lid + rtcg_half]);
            rtcg_scratch[rtcg_lid] = rtcg_acc;
        }
        RTCG_LOCAL_BARRIER();
    }
    if (rtcg_lid == 0) rtcg_out[rtcg_out_offset + (rtcg_index_t)RTCG_GROUP_ID(0)] = rtcg_acc;
}
)";

// There are at most a few groups per compute unit, so one batch of 4 per work-item covers
// every partial on today's GPUs; more would only lengthen the source.
constexpr std::size_t partial_items = 4;

std::string scratch(const ReductionShape& shape) {
    return "    RTCG_LOCAL_ARRAY(rtcg_out_t, rtcg_scratch, " + std::to_string(shape.group_size) + ");\n";
}

std::string map_and_reduce_kernel(Dialect dialect, const ReductionDescription& d, const ReductionShape& shape) {
    std::string text = "RTCG_KERNEL void " + reduction_kernel_name(d.name, ReductionPass::map_and_reduce) + "(\n" +
                       array_parameters(d.arguments, dialect) +
                       ",\n    RTCG_GLOBAL rtcg_out_t *rtcg_out, rtcg_index_t rtcg_out_offset)\n{\n";
    text += scratch(shape);
    text += array_pointer_setup(d.arguments, dialect);
    // Indices advance by additions; unsigned, so stepping past the end of the range cannot overflow.
    text += R"(    const rtcg_index_t rtcg_stride = (rtcg_index_t)RTCG_GLOBAL_SIZE(0);
    const rtcg_uindex_t rtcg_i_stride = (rtcg_uindex_t)rtcg_stride * (rtcg_uindex_t)rtcg_step;
    rtcg_index_t rtcg_k = (rtcg_index_t)RTCG_GLOBAL_ID(0);
    rtcg_uindex_t rtcg_i = (rtcg_uindex_t)rtcg_start + (rtcg_uindex_t)rtcg_k * (rtcg_uindex_t)rtcg_step;
    rtcg_out_t rtcg_acc = rtcg_reduce_neutral();
)";
    text += fold_loop(d.map_expr, shape.items_per_thread);
    return text + std::string(group_fold);
}

std::string partials_kernel(const ReductionDescription& d, const ReductionShape& shape) {
    std::string text = "RTCG_KERNEL void " + reduction_kernel_name(d.name, ReductionPass::reduce_partials) +
                       "(\n    RTCG_GLOBAL const rtcg_out_t *rtcg_partials, rtcg_index_t n,\n"
                       "    RTCG_GLOBAL rtcg_out_t *rtcg_out, rtcg_index_t rtcg_out_offset)\n{\n";
    text += scratch(shape);
    text += R"(    const rtcg_index_t rtcg_stride = (rtcg_index_t)RTCG_LOCAL_SIZE(0);
    const rtcg_uindex_t rtcg_i_stride = (rtcg_uindex_t)rtcg_stride;
    rtcg_index_t rtcg_k = (rtcg_index_t)RTCG_LOCAL_ID(0);
    rtcg_uindex_t rtcg_i = (rtcg_uindex_t)rtcg_k;
    rtcg_out_t rtcg_acc = rtcg_reduce_neutral();
)";
    text += fold_loop("rtcg_partials[i]", partial_items);
    return text + std::string(group_fold);
}

void check_reduction(const ReductionDescription& d) {
    if (!is_c_identifier(d.name))
        throw InvalidArgument("ReductionKernel: the name '" + d.name + "' is not a C identifier");
    for (const auto& [what, text] : {std::pair{"neutral", &d.neutral}, std::pair{"reduce_expr", &d.reduce_expr},
                                     std::pair{"map_expr", &d.map_expr}})
        if (text->find_first_not_of(" \t\r\n") == std::string::npos)
            throw InvalidArgument(label(d) + ": " + what + " is empty; it must be a C expression");
    check_array_arguments(d.arguments, "ReductionKernel", d.name);
}

} // namespace

std::string reduction_kernel_name(std::string_view name, ReductionPass pass) {
    return "rtcg_reduce_" + std::string(name) + (pass == ReductionPass::reduce_partials ? "_partials" : "");
}

std::string reduction_source(Dialect dialect, const ReductionDescription& d, const ReductionShape& shape) {
    check_reduction(d);
    std::vector<DType> types{d.dtype_out};
    for (const codegen::Argument& argument : d.arguments) types.push_back(argument.type);

    std::string source = codegen::struct_declarations(types, dialect);
    source += d.preamble + "\n";
    source += "typedef " + d.dtype_out.c_name(dialect) + " rtcg_out_t;\n";
    source += "RTCG_DEVICE rtcg_out_t rtcg_reduce_neutral(void) { return (" + d.neutral + "); }\n";
    source += "RTCG_DEVICE rtcg_out_t rtcg_reduce_op(rtcg_out_t a, rtcg_out_t b) { return (" + d.reduce_expr + "); }\n";
    source += map_and_reduce_kernel(dialect, d, shape);
    source += partials_kernel(d, shape);

    const bool complex = std::any_of(types.begin(), types.end(), contains_complex) || names_complex(d.neutral) ||
                         names_complex(d.reduce_expr) || names_complex(d.map_expr) || names_complex(d.preamble);
    return codegen::with_prelude(dialect, source, {.complex = complex});
}

} // namespace rtcg::detail
