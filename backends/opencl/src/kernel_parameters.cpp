#include "kernel_parameters.hpp"

#include "info.hpp"
#include "status.hpp"

#include <rtcg/core/plugin/kernel_declaration.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <optional>

namespace rtcg::opencl {
namespace {

using plugin::KernelParameter;
using plugin::ParameterKind;

// A global or constant parameter is a pointer, an image or a pipe; only a pointer takes a buffer.
ParameterKind kind_of(cl_kernel_arg_address_qualifier space, const std::string& type) {
    const bool pointer = type.find('*') != std::string::npos;
    switch (space) {
    case CL_KERNEL_ARG_ADDRESS_LOCAL: return ParameterKind::local_pointer;
    case CL_KERNEL_ARG_ADDRESS_GLOBAL:
    case CL_KERNEL_ARG_ADDRESS_CONSTANT: return pointer ? ParameterKind::global_pointer : ParameterKind::unknown;
    case CL_KERNEL_ARG_ADDRESS_PRIVATE: return type == "sampler_t" ? ParameterKind::unknown : ParameterKind::value;
    default: return ParameterKind::unknown;
    }
}

const char* space_word(cl_kernel_arg_address_qualifier space) {
    switch (space) {
    case CL_KERNEL_ARG_ADDRESS_GLOBAL: return "__global ";
    case CL_KERNEL_ARG_ADDRESS_CONSTANT: return "__constant ";
    case CL_KERNEL_ARG_ADDRESS_LOCAL: return "__local ";
    default: return "";
    }
}

// nullopt where the driver keeps no argument info for the kernel.
std::optional<std::vector<KernelParameter>> reported_parameters(cl_kernel kernel, cl_uint count) {
    std::vector<KernelParameter> parameters;
    for (cl_uint index = 0; index < count; ++index) {
        cl_kernel_arg_address_qualifier space = 0;
        const cl_int status =
            clGetKernelArgInfo(kernel, index, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof space, &space, nullptr);
        if (status == CL_KERNEL_ARG_INFO_NOT_AVAILABLE) return std::nullopt;
        check(status, "clGetKernelArgInfo(CL_KERNEL_ARG_ADDRESS_QUALIFIER)");
        const auto type = kernel_arg_info<std::string>(kernel, index, CL_KERNEL_ARG_TYPE_NAME);
        const auto name = kernel_arg_info<std::string>(kernel, index, CL_KERNEL_ARG_NAME);
        parameters.push_back({kind_of(space, type), 0, space_word(space) + type + (name.empty() ? "" : " " + name)});
    }
    return parameters;
}

} // namespace

std::vector<KernelParameter> kernel_parameters(cl_kernel kernel, const std::string& name, cl_uint count,
                                               std::span<const plugin::CompileRequest> built_from) {
    if (auto reported = reported_parameters(kernel, count)) return std::move(*reported);
    auto declared = plugin::declared_parameters(built_from, name, plugin::UnqualifiedPointers::unknown);
    if (declared && declared->size() == count) return std::move(*declared);
    plugin::logger().debug("kernel '{}': the driver has no argument info and its definition could not be read; "
                           "its arguments are checked by size alone",
                           name);
    return std::vector<KernelParameter>(count);
}

} // namespace rtcg::opencl
