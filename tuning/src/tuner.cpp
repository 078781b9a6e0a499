#include "progress_display.hpp"
#include "search.hpp"
#include "variant_builder.hpp"
#include "variant_evaluation.hpp"

#include <rtcg/core/plugin/support.hpp>
#include <rtcg/tuning/parallel_compile.hpp>
#include <rtcg/tuning/tuner.hpp>

#include <chrono>
#include <cstdio>
#include <map>

namespace rtcg::tuning {
namespace {

constexpr const char* where = "tuning::tune";

void check_problem(const TuningProblem& problem, const TunerOptions& options) {
    const auto missing = [&](const char* what) {
        throw InvalidArgument("the problem for '" + problem.kernel + "' has no " + what, where);
    };
    if (problem.kernel.empty()) missing("kernel name");
    if (!problem.generate) missing("generate function");
    if (!problem.launch) missing("launch function");
    if (!problem.check) missing("check function");
    if (problem.space.parameters().empty()) missing("parameters");
    const bool no_budget = std::visit(
        [](const auto& strategy) {
            if constexpr (requires { strategy.budget; }) return strategy.budget == 0;
            return false;
        },
        options.strategy);
    if (no_budget) throw InvalidArgument("the strategy's budget is 0 variants", where);
}

std::string milliseconds(double ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g ms", ms);
    return text;
}

// The database's configuration for `key`, generated and compiled; nullopt (with the reason
// logged) when there is none or it no longer fits the problem.
std::optional<TunedKernel> from_database(const Context& context, const TuningProblem& problem,
                                         const TuningDatabase& database, const TuningKey& key) {
    const auto entry = database.find(key);
    if (!entry) return std::nullopt;
    auto& log = plugin::logger();
    try {
        Configuration configuration = problem.space.parse(entry->configuration);
        if (const auto broken = problem.space.violated_constraint(configuration)) {
            log.info("tuning: stored {} for {} breaks '{}'; tuning again", entry->configuration, problem.kernel, *broken);
            return std::nullopt;
        }
        GeneratedKernel code = problem.generate(configuration);
        Kernel kernel = context.compile(code.source, code.options).kernel(code.kernel_name);
        log.debug("tuning: {} [{}] from the database: {}", problem.kernel, problem.size_class, entry->configuration);
        return TunedKernel{std::move(configuration), std::move(kernel), std::move(code), entry->time_ms, true, {}};
    } catch (const Error& e) {
        // A space or generator changed without a new kernel version: the entry is stale.
        log.warn("tuning: stored configuration '{}' of {} is unusable ({}); tuning again", entry->configuration,
                 problem.kernel, e.what());
        return std::nullopt;
    }
}

std::string failure_summary(const TuningReport& report) {
    std::map<std::string, std::size_t> counts;
    for (const auto& variant : report.variants) ++counts[to_string(variant.status)];
    std::string text;
    for (const auto& [status, count] : counts) text += (text.empty() ? "" : ", ") + std::to_string(count) + " " + status;
    return text;
}

} // namespace

TuningFailed::TuningFailed(std::string why, TuningReport report)
    : Error(std::move(why), tuning::where), report_(std::move(report)) {}

TunedKernel tune(const Context& context, const TuningProblem& problem, const TunerOptions& options) {
    check_problem(problem, options);
    const TuningKey key = TuningKey::of(context.device(), problem.kernel, problem.size_class);
    if (options.database && !options.retune)
        if (auto stored = from_database(context, problem, *options.database, key)) return std::move(*stored);

    std::vector<Configuration> valid = problem.space.valid_configurations();
    if (valid.empty())
        throw InvalidArgument("no configuration of '" + problem.kernel + "' meets the constraints (" +
                                  std::to_string(problem.space.combinations()) + " combinations)",
                              where);
    TuningReport report;
    for (const auto& parameter : problem.space.parameters()) report.parameter_names.push_back(parameter.name);
    report.pruned = problem.space.combinations() - valid.size();

    const unsigned threads = compile_thread_count(options.compile_threads);
    const auto search = detail::make_search(options.strategy, problem.space, std::move(valid), 2 * std::size_t{threads});
    detail::ProgressDisplay progress(options.progress,
                                     problem.kernel + " [" + problem.size_class + "] on " + context.device().name,
                                     search->planned());
    const auto start = std::chrono::steady_clock::now();
    Queue queue = context.create_queue();
    std::optional<std::size_t> best; // index into the report
    std::optional<detail::BuiltVariant> best_variant;

    for (auto batch = search->next_batch(); !batch.empty(); batch = search->next_batch()) {
        for (auto& variant : detail::build_variants(context, problem, batch, threads)) {
            const std::optional<double> best_ms = best ? std::optional(report.variants[*best].time_ms) : std::nullopt;
            VariantRecord record = detail::evaluate_variant(problem, variant, queue, options.timing, best_ms);
            const bool timed = record.status == VariantStatus::timed;
            search->record(record.configuration, timed ? std::optional(record.time_ms) : std::nullopt);
            report.variants.push_back(std::move(record));
            if (timed && (!best || report.variants.back().time_ms < report.variants[*best].time_ms)) {
                best = report.variants.size() - 1;
                best_variant = std::move(variant);
            }
            progress.update(report.variants.size(),
                            best ? milliseconds(report.variants[*best].time_ms) + " " +
                                       report.variants[*best].configuration.to_string()
                                 : std::string());
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!best) {
        const std::string summary = "no variant of " + std::to_string(report.variants.size()) + " passed: " +
                                    failure_summary(report);
        progress.finish(summary);
        throw TuningFailed(summary, std::move(report));
    }

    const VariantRecord& winner = report.variants[*best];
    char summary[64];
    std::snprintf(summary, sizeof summary, " (%zu variants in %.1f s)", report.variants.size(), seconds);
    progress.finish(milliseconds(winner.time_ms) + " " + winner.configuration.to_string() + summary);
    if (options.database) {
        try {
            options.database->store(key, TuningEntry{winner.configuration.to_string(), winner.time_ms});
        } catch (const Error& e) {
            plugin::logger().warn("tuning: the result for {} is not kept: {}", problem.kernel, e.what());
        }
    }
    return TunedKernel{winner.configuration, std::move(*best_variant->kernel), std::move(best_variant->code),
                       winner.time_ms, false, std::move(report)};
}

} // namespace rtcg::tuning
