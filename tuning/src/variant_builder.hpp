#pragma once
// Generating and compiling a batch of variants on several host threads: compiles dominate the
// cost of tuning, and both NVRTC and OpenCL builds of different programs run in parallel.
#include <rtcg/core/context.hpp>
#include <rtcg/tuning/tuner.hpp>

#include <optional>
#include <string>
#include <vector>

namespace rtcg::tuning::detail {

struct BuiltVariant {
    Configuration configuration;
    GeneratedKernel code;
    std::optional<Kernel> kernel; // empty when generating or compiling failed
    std::string error;            // why, the whole message
};

// Variants in the order of `configurations`. `threads` 0 means one per hardware thread.
std::vector<BuiltVariant> build_variants(const Context& context, const TuningProblem& problem,
                                         const std::vector<Configuration>& configurations, unsigned threads);

// The thread count `requested` stands for (0: one per hardware thread, at most 16).
unsigned compile_thread_count(unsigned requested) noexcept;

} // namespace rtcg::tuning::detail
