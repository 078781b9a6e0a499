#include "variant_builder.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

namespace rtcg::tuning::detail {
namespace {

void build_one(const Context& context, const TuningProblem& problem, BuiltVariant& variant) {
    try {
        variant.code = problem.generate(variant.configuration);
        variant.kernel = context.compile(variant.code.source, variant.code.options).kernel(variant.code.kernel_name);
    } catch (const std::exception& e) {
        // Generators may refuse a configuration with any exception; the variant is skipped.
        variant.error = e.what();
    }
}

} // namespace

unsigned compile_thread_count(unsigned requested) noexcept {
    if (requested != 0) return requested;
    return std::clamp(std::thread::hardware_concurrency(), 1u, 16u);
}

std::vector<BuiltVariant> build_variants(const Context& context, const TuningProblem& problem,
                                         const std::vector<Configuration>& configurations, unsigned threads) {
    std::vector<BuiltVariant> variants(configurations.size());
    for (std::size_t i = 0; i < configurations.size(); ++i) variants[i].configuration = configurations[i];

    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t i = next++; i < variants.size(); i = next++) build_one(context, problem, variants[i]);
    };
    const std::size_t helpers = std::min<std::size_t>(compile_thread_count(threads), variants.size());
    {
        std::vector<std::jthread> pool;
        for (std::size_t t = 1; t < helpers; ++t) pool.emplace_back(work);
        work();
    } // joins
    return variants;
}

} // namespace rtcg::tuning::detail
