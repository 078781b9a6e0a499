#include "variant_builder.hpp"

#include <rtcg/tuning/parallel_compile.hpp>

#include <exception>
#include <utility>

namespace rtcg::tuning::detail {

std::vector<BuiltVariant> build_variants(const Context& context, const TuningProblem& problem,
                                         const std::vector<Configuration>& configurations, unsigned threads) {
    std::vector<BuiltVariant> variants(configurations.size());
    // The sources first (cheap text), then their compiles on several threads.
    std::vector<CompileJob> jobs;
    std::vector<std::size_t> generated; // the variant of each job
    for (std::size_t i = 0; i < configurations.size(); ++i) {
        BuiltVariant& variant = variants[i];
        variant.configuration = configurations[i];
        try {
            variant.code = problem.generate(variant.configuration);
        } catch (const std::exception& e) {
            // Generators may refuse a configuration with any exception; the variant is skipped.
            variant.error = e.what();
            continue;
        }
        jobs.push_back({variant.code.source, variant.code.options, variant.code.kernel_name});
        generated.push_back(i);
    }
    std::vector<CompiledKernel> kernels = compile_kernels(context, jobs, threads);
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        BuiltVariant& variant = variants[generated[j]];
        variant.kernel = std::move(kernels[j].kernel);
        variant.error = std::move(kernels[j].error);
    }
    return variants;
}

} // namespace rtcg::tuning::detail
