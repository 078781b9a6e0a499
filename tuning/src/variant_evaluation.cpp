#include "variant_evaluation.hpp"

#include "variant_timing.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

namespace rtcg::tuning::detail {
namespace {

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

VariantRecord skipped(const BuiltVariant& variant, VariantStatus status, const std::string& why) {
    // The report keeps one line; the whole story (a build log, say) goes to the debug log.
    plugin::logger().debug("tuning: {} {}: {}", variant.configuration.to_string(), to_string(status), why);
    return VariantRecord{variant.configuration, status, std::numeric_limits<double>::quiet_NaN(), first_line(why)};
}

} // namespace

VariantRecord evaluate_variant(const TuningProblem& problem, const BuiltVariant& variant, Queue& queue,
                               const TimingOptions& timing, std::optional<double> best_ms) {
    if (!variant.kernel) return skipped(variant, VariantStatus::compile_failed, variant.error);
    const Kernel& kernel = *variant.kernel;
    const std::size_t limit = kernel.attributes().max_threads_per_block;
    if (limit != 0 && variant.code.threads_per_block > limit)
        return skipped(variant, VariantStatus::too_large,
                       "needs " + std::to_string(variant.code.threads_per_block) + " threads per block, " +
                           kernel.name() + " allows " + std::to_string(limit) + " on this device");

    const auto launch_once = [&] { problem.launch(kernel, variant.configuration, queue); };
    try {
        if (problem.reset) problem.reset(queue);
        launch_once();
        queue.finish();
        if (const auto mismatch = problem.check(queue))
            return skipped(variant, VariantStatus::wrong_result, *mismatch);
        return VariantRecord{variant.configuration, VariantStatus::timed,
                             time_variant(queue, launch_once, timing, best_ms), {}};
    } catch (const Error& e) {
        return skipped(variant, VariantStatus::launch_failed, e.what());
    }
}

} // namespace rtcg::tuning::detail
