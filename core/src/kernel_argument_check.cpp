#include "launch_checks.hpp"

#include <rtcg/core/error.hpp>

#include <limits>

namespace rtcg::detail {
namespace {

using plugin::KernelParameter;
using plugin::ParameterKind;

constexpr const char* where = "Kernel::launch";
constexpr std::size_t unknown_count = std::numeric_limits<std::size_t>::max();

std::string count_of(std::size_t n, const char* noun) {
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string given(std::size_t n) { return std::to_string(n) + (n == 1 ? " was given" : " were given"); }

std::string passed(const KernelArgument& arg) {
    return arg.buffer ? "a buffer" : "a value of " + count_of(arg.size, "byte");
}

// "its parameter ('int n')" or "its parameter", when the declaration is not known.
std::string parameter(const KernelParameter& p) {
    return p.declaration.empty() ? "its parameter" : "its parameter ('" + p.declaration + "')";
}

std::string last_parameter(const KernelParameter& p) {
    return p.declaration.empty() ? "its last parameter" : "its last parameter ('" + p.declaration + "')";
}

std::string argument_of(std::size_t index, const plugin::KernelImpl& kernel) {
    return "argument " + std::to_string(index) + " of kernel '" + kernel.name() + "'";
}

// Dynamic local memory on OpenCL takes the last parameter, which must then be a __local pointer;
// without it, a kernel whose last parameter is one lacks an argument that only the launch can give.
std::size_t expected_arguments(const plugin::KernelImpl& kernel, const LaunchConfig& config,
                               std::size_t given_count, const ArgumentRules& rules) {
    const std::size_t count = kernel.parameter_count();
    const auto& parameters = kernel.parameters();
    const bool implicit_local = rules.dynamic_local_is_argument && config.dynamic_local_bytes > 0;
    if (!implicit_local) {
        if (given_count + 1 == count && !parameters.empty() && parameters.back().kind == ParameterKind::local_pointer)
            throw InvalidArgument("kernel '" + kernel.name() + "' takes " + count_of(count, "argument") + "; " +
                                      given(given_count) + ": " + last_parameter(parameters.back()) +
                                      " is a __local pointer, which the launch's dynamic_local_bytes must size",
                                  where);
        return count;
    }
    const bool known_not_local = !parameters.empty() && parameters.back().kind != ParameterKind::local_pointer &&
                                 parameters.back().kind != ParameterKind::unknown;
    if (count == 0 || known_not_local)
        throw InvalidArgument("kernel '" + kernel.name() + "' was launched with " +
                                  count_of(config.dynamic_local_bytes, "byte") +
                                  " of dynamic local memory, but has no trailing __local pointer parameter to "
                                  "receive it" +
                                  (count == 0 ? std::string(" (it has no parameters)")
                                              : " (" + last_parameter(parameters.back()) + " is not one)"),
                              where);
    return count - 1;
}

void check_argument(std::size_t index, const KernelArgument& arg, const KernelParameter* p,
                    const plugin::KernelImpl& kernel, std::size_t parameter_count, const ArgumentRules& rules) {
    if (!arg.buffer && !arg.value)
        throw InvalidArgument(argument_of(index, kernel) + " is an empty buffer (zero bytes, released or moved from)",
                              where);
    if (arg.buffer && arg.context != rules.context)
        throw InvalidArgument(argument_of(index, kernel) + " is a buffer of another context than the kernel's", where);
    // A value with a context is an image's handle, which only that context's kernels can use.
    if (!arg.buffer && arg.context && arg.context != rules.context)
        throw InvalidArgument(argument_of(index, kernel) + " is an image of another context than the kernel's", where);
    if (!p) return;
    switch (p->kind) {
    case ParameterKind::local_pointer:
        throw InvalidArgument(argument_of(index, kernel) + " is " + passed(arg) + ", but " + parameter(*p) +
                                  " is a __local pointer, which takes no argument: " +
                                  (index + 1 == parameter_count
                                       ? "the launch's dynamic_local_bytes sizes it"
                                       : "rtcg sizes only a kernel's last parameter as __local memory"),
                              where);
    case ParameterKind::global_pointer:
        if (!arg.buffer)
            throw InvalidArgument(argument_of(index, kernel) + " is " + passed(arg) + ", but " + parameter(*p) +
                                      " is a pointer to device memory, which takes a Buffer",
                                  where);
        break;
    case ParameterKind::value:
        if (arg.buffer)
            throw InvalidArgument(argument_of(index, kernel) + " is a buffer, but " + parameter(*p) + " takes a value" +
                                      (p->size ? " of " + count_of(p->size, "byte") : std::string()),
                                  where);
        break;
    case ParameterKind::unknown: break;
    }
    const std::size_t size = arg.buffer ? rules.pointer_size : arg.size;
    if (p->size != 0 && size != p->size)
        throw InvalidArgument(argument_of(index, kernel) + " is " + passed(arg) + ", but " + parameter(*p) + " takes " +
                                  count_of(p->size, "byte"),
                              where);
}

} // namespace

void check_kernel_arguments(const plugin::KernelImpl& kernel, const LaunchConfig& config,
                            std::span<const KernelArgument> args, const ArgumentRules& rules) {
    const std::size_t count = kernel.parameter_count();
    if (count != unknown_count) {
        const std::size_t expected = expected_arguments(kernel, config, args.size(), rules);
        if (args.size() != expected)
            throw InvalidArgument("kernel '" + kernel.name() + "' takes " + count_of(expected, "argument") +
                                      (expected != count ? " (and its last parameter receives the dynamic local memory)"
                                                         : "") +
                                      "; " + given(args.size()),
                                  where);
    }
    const auto& parameters = kernel.parameters();
    for (std::size_t i = 0; i < args.size(); ++i)
        check_argument(i, args[i], i < parameters.size() ? &parameters[i] : nullptr, kernel, count, rules);
}

} // namespace rtcg::detail
