// ReductionKernel along axes (reduction.hpp): the user's snippets as the description of a
// reduction along axes (axis_reduction_launch.hpp). Its kernels move every array's pointer to the
// element a work-item folds, so the map reads each array at index 0: the map may therefore read
// an array only as `x[i]` (the element at the position folded, as CuPy's ReductionKernel names
// operands by value), which is checked before anything runs.
#include "reduction_along_axes.hpp"

#include "axis_reduction_launch.hpp"
#include "contiguous_staging.hpp"
#include "snippet_tokens.hpp"

#include <rtcg/arrays/reduction.hpp>
#include <rtcg/codegen/literal.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <optional>
#include <set>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::DType;

bool names_array(const std::vector<Argument>& arguments, std::string_view name) {
    return std::any_of(arguments.begin(), arguments.end(),
                       [&](const Argument& argument) { return argument.is_pointer && argument.name == name; });
}

// Why the map cannot run along axes, or nothing: an array used other than as `x[i]`, `i` used
// other than inside one, or a name the preamble defines as a macro, which may hide either.
std::optional<std::string> unsupported_use(std::string_view map, const std::vector<Argument>& arguments,
                                           std::string_view preamble) {
    const std::vector<SnippetToken> tokens = snippet_tokens(map);
    const std::set<std::string_view> macros = macro_names(preamble);
    for (std::size_t at = 0; at < tokens.size(); ++at) {
        const SnippetToken& token = tokens[at];
        if (token.kind == SnippetTokenKind::directive) return "it holds a preprocessor line";
        if (token.kind != SnippetTokenKind::identifier) continue;
        if (is_punctuator(tokens, at - 1, ".") || is_punctuator(tokens, at - 1, "->")) continue;
        if (macros.contains(token.text))
            return "it names '" + std::string(token.text) + "', a macro of the preamble, which may hide a use of an array";
        if (names_array(arguments, token.text)) {
            const bool at_i = is_punctuator(tokens, at + 1, "[") && at + 2 < tokens.size() && tokens[at + 2].text == "i" &&
                              is_punctuator(tokens, at + 3, "]");
            if (!at_i) return "it uses the array '" + std::string(token.text) + "' other than as " + std::string(token.text) + "[i]";
            at += 3;
        } else if (token.text == "i") {
            return "it uses i other than as an array's index x[i]";
        }
    }
    return std::nullopt;
}

// The layout's and the launch's parameter names that a user's argument would shadow.
void check_names(const std::vector<Argument>& user, const AxisReductionDescription& d, const AxisLayout& layout,
                 const std::string& label) {
    std::set<std::string> taken{"initial", "divisor"};
    for (const Argument& argument : axis_layout_arguments(d, layout.kept.size(), layout.reduced.size()))
        taken.insert(argument.name);
    for (const Argument& argument : user)
        if (taken.contains(argument.name))
            throw InvalidArgument(label + ": along axes, the argument name '" + argument.name +
                                  "' is taken by the layout's parameters; rename it");
}

// The call's values point at `folded_count`, which must outlive the launch.
AxisCall describe(const ReductionDescription& reduction, std::span<const CallArgument> args, const std::int64_t& folded_count,
                  codegen::Dialect dialect) {
    AxisReductionDescription d{
        .name = reduction.name,
        .value_type = "typedef " + reduction.dtype_out.c_name(dialect) + " rtcg_reduce_value_t;",
        .output_type = reduction.dtype_out,
        .neutral = "return (" + reduction.neutral + ");",
        .op = "return (" + reduction.reduce_expr + ");",
        .map = reduction.map_expr,
        .arguments = reduction.arguments,
        .functions = reduction.preamble,
        .finish = "value",
        .initial = false,
        .divisor = std::nullopt};
    d.arguments.push_back(Argument::scalar(DType::int64(), "n"));
    std::vector<CallArgument> values(args.begin(), args.end());
    values.push_back(CallArgument{nullptr, host_scalar(folded_count)});
    return AxisCall{std::move(d), std::move(values), reduction.dtype_out.size()};
}

} // namespace

std::vector<std::size_t> reduction_call_shape(const std::string& label, std::span<const CallArgument> args) {
    std::vector<std::vector<std::size_t>> shapes;
    for (const CallArgument& arg : args)
        if (arg.array) shapes.push_back(arg.array->shape());
    if (shapes.empty()) throw InvalidArgument(label + ": a call along axes needs an array argument, for its shape");
    return broadcast_shapes(label, shapes);
}

void reduce_snippets_along(const ReductionDescription& reduction, const std::string& label, const Along& along,
                           std::span<const CallArgument> args, const ArrayData& result, Queue& queue) {
    if (const std::optional<std::string> why = unsupported_use(reduction.map_expr, reduction.arguments, reduction.preamble))
        throw InvalidArgument(label + ": map_expr '" + reduction.map_expr + "' cannot run along axes: " + *why +
                              " (along axes, the map reads each array at the element folded, x[i])");
    const std::vector<std::size_t> shape = reduction_call_shape(label, args);
    const std::vector<bool> folded = folded_axes(label, shape, along.axes);
    std::int64_t folded_count = 1;
    for (std::size_t axis = 0; axis < shape.size(); ++axis)
        if (folded[axis]) folded_count *= static_cast<std::int64_t>(shape[axis]);
    const Context& context = result.context();
    const codegen::Dialect dialect = codegen::dialect_of(context.device());
    PreparedAxisCall prepared =
        prepare_axis_call(describe(reduction, args, folded_count, dialect), shape, folded, false, context.device(), dialect);
    check_names(reduction.arguments, prepared.call.description, prepared.layout, label);
    std::optional<ContiguousStaging> staging;
    if (!axis_parameters_fit(prepared)) {
        // Contiguous copies of the call's shape merge into the fewest axes.
        staging.emplace(reduction.arguments, args, &shape);
        prepared = prepare_axis_call(describe(reduction, staging->arguments(), folded_count, dialect), shape, folded,
                                     false, context.device(), dialect);
    }
    launch_axis_call(prepared, nullptr, 0, result, queue);
    if (staging) staging->write_back();
}

} // namespace rtcg::detail
