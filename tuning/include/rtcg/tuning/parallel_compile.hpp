#pragma once
/// \file
/// Compiling several programs at once on host threads: run-time compiles (NVRTC, an OpenCL
/// platform's compiler) take most of a tuning run's time, and builds of different programs run in
/// parallel. The tuner compiles its candidates so; a generator that times candidates of its own
/// (the FFT's pass layouts) does likewise.
///
/// \code
///   std::vector<rtcg::tuning::CompileJob> jobs = ...;           // sources, options, kernel names
///   for (const rtcg::tuning::CompiledKernel& k : rtcg::tuning::compile_kernels(ctx, jobs))
///       if (!k.kernel) std::cerr << k.error << "\n";
/// \endcode
#include <rtcg/core/context.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/core/kernel.hpp>
#include <rtcg/core/module.hpp>

#include <optional>
#include <string>
#include <vector>

namespace rtcg::tuning {

/// A program to compile and the kernel to take from it.
struct CompileJob {
    std::string source;      ///< the program, in the context's dialect (or the prelude's neutral one)
    CompileOptions options;  ///< as for Context::compile
    std::string kernel_name; ///< the kernel Module::kernel takes
};

/// A job's kernel, or why there is none.
struct CompiledKernel {
    std::optional<Kernel> kernel; ///< empty where compiling or taking the kernel threw
    std::string error;            ///< that exception's message, where it did
};

/// The host threads `requested` stands for: itself, or for 0 one per hardware thread, at most 16.
RTCG_API unsigned compile_thread_count(unsigned requested) noexcept;

/// Compiles every job on up to compile_thread_count(`threads`) host threads (the calling one among
/// them) and returns their kernels in the jobs' order. A job whose compile throws leaves its message
/// and no kernel; the others go on. Context::compile is thread-safe, the compile cache included.
RTCG_API std::vector<CompiledKernel> compile_kernels(const Context& context, const std::vector<CompileJob>& jobs,
                                                     unsigned threads = 0);

} // namespace rtcg::tuning
