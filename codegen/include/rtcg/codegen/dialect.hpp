#pragma once
/// \file
/// The kernel language of a backend, and how a code generator spells each dialect-specific
/// construct in it: a generator (or a syntax-tree printer) asks these functions for the words and
/// writes the rest of the kernel once. Hand-written kernels use the prelude's RTCG_* macros
/// instead (rtcg/codegen/prelude.hpp), which spell the same constructs the same way.
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/export.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::codegen {

/// CUDA C++ as NVRTC compiles it, or OpenCL C 1.2 (and later).
enum class Dialect { cuda, opencl };

/// The dialect kernels for `device` are written in: CUDA for the CUDA backend, else OpenCL.
RTCG_API Dialect dialect_of(const DeviceInfo& device);
/// "cuda" or "opencl".
RTCG_API std::string_view to_string(Dialect dialect) noexcept;

/// What generated kernels may use on a device: its dialect and, beyond the language, NVIDIA's warp
/// primitives (rtcg/codegen/prelude.hpp, warp_support) and L2-only loads (the prelude's
/// RTCG_LOAD_L2_ONLY), which CUDA always has and OpenCL has on NVIDIA's driver, whose compiler
/// takes inline PTX. A Dialect alone names a target with what the dialect always has: warp
/// primitives in CUDA, none in OpenCL.
struct Target {
    Dialect dialect; ///< the language
    bool warp_primitives; ///< whether warp ballots, shuffles and inline PTX are there

    /// The dialect's own capabilities: warp primitives in CUDA only.
    Target(Dialect language) noexcept // NOLINT(google-explicit-constructor): a dialect is a target
        : dialect(language), warp_primitives(language == Dialect::cuda) {}
    /// A dialect with warp primitives or without.
    Target(Dialect language, bool has_warp_primitives) noexcept
        : dialect(language), warp_primitives(has_warp_primitives) {}
};

/// The target of `device`: OpenCL devices have warp primitives on NVIDIA's platform with warps of 32.
RTCG_API Target target_of(const DeviceInfo& device);

/// The compiler options that give a kernel RTCG_LAUNCH_BOUNDS(block, min_groups)'s register cap
/// where the source cannot: OpenCL on NVIDIA's platform (the target with warp primitives), whose
/// compiler takes `-cl-nv-maxrregcount`, gets a multiprocessor's 65536 registers shared by
/// `min_groups` groups of `block` work-items, each group a whole number of warps of 32, each
/// work-item's registers a multiple of 8 (as the hardware allocates them), at least 16; none where
/// that leaves 255 or more, the most a work-item can have (the option alone changes how NVIDIA's
/// compiler builds a kernel). Other targets get none (CUDA has the attribute; other OpenCL
/// platforms have no such option).
RTCG_API std::vector<std::string> launch_bounds_options(const Target& target, std::size_t block,
                                                        std::size_t min_groups);

/// Where a pointer points or a variable lives: OpenCL's address spaces; CUDA's thread-local,
/// global, __shared__ and __constant__ memory.
enum class AddressSpace { private_space, global, local, constant };

/// The work-item index queries, each per dimension 0, 1, 2. In CUDA's terms: threadIdx,
/// blockIdx, blockDim, gridDim, blockIdx * blockDim + threadIdx and gridDim * blockDim.
enum class IndexQuery { global_id, local_id, group_id, local_size, num_groups, global_size };

/// Written before a kernel's return type: `extern "C" __global__` (unmangled names, so that
/// Module::kernel finds them) or `__kernel`.
RTCG_API std::string_view kernel_qualifier(Dialect dialect);

/// Written before a helper function's return type: `__device__ inline` or `inline`.
RTCG_API std::string_view device_function_qualifier(Dialect dialect);

/// Written after the `*` of a pointer that aliases no other: `__restrict__` or `restrict`.
RTCG_API std::string_view restrict_qualifier(Dialect dialect);

/// Written before the pointee type of a pointer, parameter or variable: OpenCL's `__global`,
/// `__local`, `__constant` or nothing for private memory. CUDA pointers are generic, so only
/// constant memory has a word there, `const`: a CUDA kernel reads constant data through an
/// ordinary pointer, and `const` keeps generated code from writing where OpenCL could not. So a
/// constant pointer's pointee takes no `const` of the generator's own: CUDA would see two.
RTCG_API std::string_view pointer_space(Dialect dialect, AddressSpace space);

/// Written before a variable declared in `space`: `__shared__` / `__local` for work-group memory
/// (declared at the kernel's outermost scope), `__constant__` / `__constant` for program-scope
/// constant tables, nothing for private variables. OpenCL C 1.2 has no global-space variables,
/// so AddressSpace::global throws InvalidArgument in both dialects.
RTCG_API std::string_view variable_space(Dialect dialect, AddressSpace space);

/// An expression for `query` in `dimension` (0, 1 or 2, else InvalidArgument), parenthesised
/// where needed, whose value is a size_t in both dialects: CUDA's 32-bit built-ins are widened
/// before they are multiplied, so global ids and sizes past 2^32 stay right.
RTCG_API std::string index_expression(Dialect dialect, IndexQuery query, int dimension);

/// A work-group barrier whose fence covers local memory: `__syncthreads()` or
/// `barrier(CLK_LOCAL_MEM_FENCE)`. No trailing semicolon.
RTCG_API std::string_view local_barrier(Dialect dialect);

/// A work-group barrier whose fence covers local and global memory: `__syncthreads()` (which
/// orders both) or `barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)`.
RTCG_API std::string_view global_barrier(Dialect dialect);

} // namespace rtcg::codegen
