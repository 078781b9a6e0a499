// The text of an elementwise kernel: declarations the arguments need, the user's preamble, then a
// kernel that offsets its pointers and runs the operation in a grid-stride loop.
#include "array_kernel_text.hpp"

#include <rtcg/arrays/elementwise_source.hpp>
#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <vector>

namespace rtcg {

using codegen::Argument;
using codegen::Dialect;
using codegen::DType;

std::string elementwise_kernel_name(std::string_view name) {
    if (!detail::is_c_identifier(name))
        throw InvalidArgument("ElementwiseKernel: the name '" + std::string(name) + "' is not a C identifier");
    return "rtcg_ew_" + std::string(name);
}

std::string elementwise_source(Dialect dialect, std::span<const Argument> arguments, std::string_view operation,
                               std::string_view name, std::string_view preamble) {
    const std::string kernel_name = elementwise_kernel_name(name);
    detail::check_array_arguments(arguments, "ElementwiseKernel", name);

    std::vector<DType> types;
    for (const Argument& argument : arguments) types.push_back(argument.type);
    std::string source = codegen::struct_declarations(types, dialect);
    source += std::string(preamble) + "\n";
    source += "RTCG_KERNEL void " + kernel_name + "(\n" + detail::array_parameters(arguments, dialect) + ")\n{\n";
    source += detail::array_pointer_setup(arguments, dialect);
    // Unrolling lets a compiler that knows the arrays apart (restrict pointers, as fused
    // expressions declare them when their output aliases no input) issue the loads of several
    // indices before the first store: the bytes in flight that a 4-byte element alone cannot
    // supply. Without restrict it changes nothing.
    source += "    const rtcg_index_t rtcg_stride = (rtcg_index_t)RTCG_GLOBAL_SIZE(0);\n"
              "#pragma unroll 4\n"
              "    for (rtcg_index_t rtcg_k = (rtcg_index_t)RTCG_GLOBAL_ID(0); rtcg_k < n; rtcg_k += rtcg_stride) {\n"
              "        const rtcg_index_t i = rtcg_start + rtcg_k * rtcg_step;\n"
              "        " + std::string(operation) + ";\n"
              "    }\n}\n";
    const bool complex = detail::names_complex(operation) || detail::names_complex(preamble) ||
                         std::any_of(types.begin(), types.end(), detail::contains_complex);
    return codegen::with_prelude(dialect, source, {.complex = complex});
}

} // namespace rtcg
