#pragma once
// Reading a kernel's parameters from its definition in the source, for plug-ins whose driver does
// not say what each parameter takes (CUDA) or does not always (OpenCL, for a program loaded from a
// binary). Core checks launch arguments against what this finds (KernelImpl::parameters).
#include <rtcg/core/export.hpp>
#include <rtcg/core/plugin/backend.hpp>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::plugin {

// How a pointer parameter with no address-space word (__global, __constant, __local) is read.
enum class UnqualifiedPointers {
    global,  // CUDA: every pointer parameter points to global memory
    unknown, // OpenCL: every pointer parameter names its space, so one that seems not to hides it
             // in something rtcg cannot read
};

// The parameters of kernel `kernel` as its definition (or declaration) in `source` gives them,
// read after expanding the macros `source` and the -D options among `options` define, and the
// source's typedefs: each one's kind and its declaration, with size 0. A parameter whose type
// rtcg cannot see through (an image, a type from an #include'd file) is of unknown kind. nullopt
// when the source does not define `kernel` (a name made by a macro, a kernel in an #include'd
// file), when its definitions under different #if branches disagree, or when its parameter list
// uses a macro that cannot be expanded without evaluating conditionals. The caller compares the
// count with the driver's before trusting it.
RTCG_API std::optional<std::vector<KernelParameter>> declared_parameters(std::string_view source,
                                                                         std::span<const std::string> options,
                                                                         std::string_view kernel,
                                                                         UnqualifiedPointers unqualified);

// The parameters of `kernel` as the first of `sources` (the units of a link, each read with its own
// options) that defines it gives them; nullopt when none does.
RTCG_API std::optional<std::vector<KernelParameter>> declared_parameters(std::span<const CompileRequest> sources,
                                                                         std::string_view kernel,
                                                                         UnqualifiedPointers unqualified);

// The longest identifier in `source` outside comments and literals, preprocessor directives
// included, for drivers that fail on long names; empty when there is none. A name that a macro
// pastes together (##) is not seen.
RTCG_API std::string_view longest_identifier(std::string_view source);

} // namespace rtcg::plugin
