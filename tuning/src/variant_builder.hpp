#pragma once
// Generating a batch of variants and compiling them on several host threads: compiles dominate
// the cost of tuning, and both NVRTC and OpenCL builds of different programs run in parallel.
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

// Variants in the order of `configurations`, compiled on compile_thread_count(`threads`) host
// threads (rtcg/tuning/parallel_compile.hpp).
std::vector<BuiltVariant> build_variants(const Context& context, const TuningProblem& problem,
                                         const std::vector<Configuration>& configurations, unsigned threads);

} // namespace rtcg::tuning::detail
