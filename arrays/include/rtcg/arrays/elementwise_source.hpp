#pragma once
/// \file
/// The source of an ElementwiseKernel, for either dialect: what the kernel compiles, and what
/// tests compile with NVRTC where no GPU is. Pure text, no device.
///
/// The kernel is named rtcg_ew_<name> (PoCL renames kernels that share a name with an OpenCL
/// built-in such as `rotate`) and takes each pointer argument `x` as a base pointer and an element
/// offset, which it adds before the operation runs, so that `x` is the array's first element. A
/// grid-stride loop over k in [0, n) sets the 64-bit index `i = start + k * step` and runs the
/// operation; `n` (rtcg_index_t) is the number of indices the call covers.
///
/// Where the operation touches some float32, int32, uint32 or float64 arrays only at `x[i]` (the
/// rules are in arrays/src/element_pairing.hpp), a second kernel, rtcg_ew_<name>_pairs, takes the
/// same parameters and runs the operation at two adjacent indices per step, moving those arrays as
/// 2-vectors. Calls with step 1 whose arrays line up for it (an even element offset) launch that
/// one instead.
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/export.hpp>

#include <span>
#include <string>
#include <string_view>

namespace rtcg {

/// The complete source (prelude included) for `dialect`. The prelude's complex support is added
/// when an argument's type is or contains a complex type, or when the operation or the preamble
/// names cfloat or cdouble; declared structs among the arguments' types are declared before the
/// preamble. InvalidArgument when `name` is not a C identifier, an argument is named `i` or `n`
/// (the kernel's own names) or points to local memory (arrays live in global or constant memory).
RTCG_API std::string elementwise_source(codegen::Dialect dialect, std::span<const codegen::Argument> arguments,
                                        std::string_view operation, std::string_view name,
                                        std::string_view preamble = {});

/// The name the generated kernel has: "rtcg_ew_" + name, or, where that is over 64 characters,
/// "rtcg_ew_" + the name's beginning + '_' + 16 hex digits of a hash of the whole name (the same in
/// every run), in 64 characters.
RTCG_API std::string elementwise_kernel_name(std::string_view name);

} // namespace rtcg
