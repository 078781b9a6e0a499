#include "expression_kernel.hpp"

#include "expression_lowering.hpp"

#include <rtcg/codegen/syntax.hpp>

#include <algorithm>

namespace rtcg::detail {
namespace {

using codegen::DType;

// Whether `target` shares storage with an array the expression reads: then no pointer is restrict.
bool shares_storage(const std::vector<CallArgument>& values, const ArrayData* target) {
    return target && std::any_of(values.begin(), values.end(), [&](const CallArgument& v) {
               return v.array && &v.array->buffer() == &target->buffer();
           });
}

std::vector<codegen::Argument> kernel_arguments(const DType& target_type, const std::vector<codegen::Argument>& inputs,
                                                bool restrict_pointers) {
    std::vector<codegen::Argument> arguments{codegen::Argument::pointer(target_type, "out")};
    arguments.insert(arguments.end(), inputs.begin(), inputs.end());
    for (codegen::Argument& argument : arguments) argument.is_restrict = argument.is_pointer && restrict_pointers;
    return arguments;
}

// The 2-vector a 4-byte element type loads as; empty for other types.
std::string pair_vector(const DType& type) {
    if (type == DType::float32()) return "float2";
    if (type == DType::int32()) return "int2";
    if (type == DType::uint32()) return "uint2";
    return {};
}

bool reads_elements(const CallArgument& value) { return value.array && !value.broadcast; }

} // namespace

EvaluationKernel evaluation_kernel(const ExprNode& source, const DType& target_type, codegen::Dialect dialect,
                                   const ArrayData* target) {
    DeviceFunctions functions(dialect);
    LoweredExpression lowered = lower(source, dialect, functions);
    return EvaluationKernel{kernel_arguments(target_type, lowered.arguments, !shares_storage(lowered.values, target)),
                            "out[i] = " + lowered.text, functions.definitions(), std::move(lowered.values)};
}

std::optional<PairedLanes> paired_lanes(const ExprNode& source, const std::optional<DType>& written,
                                       codegen::Dialect dialect, DeviceFunctions& functions, const ArrayData* target) {
    LoweredExpression lowered = lower(source, dialect, functions, "_lane0");
    bool vectors = written && !pair_vector(*written).empty();
    if (vectors && target && target->offset() % 2 != 0) return std::nullopt;
    std::string loads;
    for (std::size_t k = 0; k < lowered.values.size(); ++k) {
        if (!reads_elements(lowered.values[k])) continue;
        const codegen::Argument& argument = lowered.arguments[k];
        const std::string& name = argument.name;
        const std::string vector = pair_vector(argument.type);
        if (vector.empty()) {
            loads += "const " + argument.type.c_name(dialect) + " " + name + "_lane0 = " + name + "[rtcg_first], " +
                     name + "_lane1 = " + name + "[rtcg_first + 1];\n";
            continue;
        }
        if (lowered.values[k].array->offset() % 2 != 0) return std::nullopt;
        vectors = true;
        loads += "const rtcg_" + vector + " rtcg_pair_" + name + " = *((RTCG_GLOBAL const rtcg_" + vector + "*)(" +
                 name + " + rtcg_first));\nconst " + argument.type.c_name(dialect) + " " + name + "_lane0 = rtcg_pair_" +
                 name + ".x, " + name + "_lane1 = rtcg_pair_" + name + ".y;\n";
    }
    if (!vectors) return std::nullopt;
    // The same tree lowered twice more: the second lane reads the values loaded for it, and the
    // lone last element reads memory.
    std::string lane1 = lower(source, dialect, functions, "_lane1").text;
    std::string alone = lower(source, dialect, functions, "[rtcg_first]").text;
    lowered.arguments.push_back(codegen::Argument::scalar(DType::int64(), "count"));
    return PairedLanes{std::move(loads),         std::move(lowered.text),      std::move(lane1),
                       std::move(alone),         std::move(lowered.arguments), std::move(lowered.values)};
}

Range paired_range(std::int64_t elements) { return Range{0, (elements + 1) / 2, 1}; }

std::optional<EvaluationKernel> paired_evaluation_kernel(const ExprNode& source, const DType& target_type,
                                                         codegen::Dialect dialect, const ArrayData* target) {
    DeviceFunctions functions(dialect);
    std::optional<PairedLanes> lanes = paired_lanes(source, target_type, dialect, functions, target);
    if (!lanes) return std::nullopt;
    const std::string out_vector = pair_vector(target_type);
    const std::string store = out_vector.empty() ? "out[rtcg_first] = " + lanes->lane0 + ";\nout[rtcg_first + 1] = " +
                                                       lanes->lane1 + ";\n"
                                                 : "*((RTCG_GLOBAL rtcg_" + out_vector + "*)(out + rtcg_first)) = rtcg_make_" +
                                                       out_vector + "(" + lanes->lane0 + ", " + lanes->lane1 + ");\n";
    // Every load of a pair comes before its stores, so an output that is also an input (x = 2 * x)
    // reads its old values.
    codegen::syntax::Printer body(dialect);
    body.indent(); // the operation's lines after the first go inside the elementwise loop
    body.indent();
    body.line("if (rtcg_first + 1 < count) {");
    body.indent();
    body.lines(lanes->loads + store);
    body.dedent();
    body.line("} else {");
    body.indent();
    body.line("out[rtcg_first] = " + lanes->alone + ";");
    body.dedent();
    body.line("}");
    std::string operation = "const rtcg_index_t rtcg_first = 2 * i;\n" + body.take();
    operation.pop_back(); // the elementwise loop ends the operation with ";\n"
    const bool restrict_pointers = !shares_storage(lanes->values, target);
    return EvaluationKernel{kernel_arguments(target_type, lanes->arguments, restrict_pointers), std::move(operation),
                            functions.definitions(), std::move(lanes->values), true};
}

} // namespace rtcg::detail
