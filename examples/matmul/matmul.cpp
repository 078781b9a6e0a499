// The papers' auto-tuned matrix multiply: the tiled kernel is generated from a configuration
// (tile sizes, work per thread, vector loads, unrolling, prefetching), tuned on the device at
// hand with rtcg::tuning, checked against a double-precision host product, and measured against
// a naive kernel. The tuned configuration is kept in the tuning database, so the next run of the
// same size class starts at once. Exits non-zero when a result is wrong.
#include "matmul_kernels.hpp"
#include "matmul_options.hpp"
#include "matmul_problem.hpp"

#include <rtcg/codegen/dialect.hpp>
#include <rtcg/rtcg.hpp>
#include <rtcg/tuning/tuner.hpp>

#include <algorithm>
#include <cstdio>
#include <limits>

namespace {

using matmul::Matrices;
using matmul::Shape;

struct Measurement {
    std::string configuration;
    double ms = 0;
    std::optional<std::string> mismatch;
    double gflops(const Shape& shape) const { return shape.flops() / (ms * 1e6); }
};

rtcg::tuning::TunerOptions tuner_options(const rtcg::DeviceInfo& device, const matmul::Options& options,
                                         const rtcg::tuning::ParameterSpace& space) {
    rtcg::tuning::TunerOptions tuning;
    const bool cpu = device.type == rtcg::DeviceType::cpu;
    if (cpu)
        tuning.strategy = options.budget ? rtcg::tuning::Strategy(rtcg::tuning::RandomSampling{*options.budget})
                                         : rtcg::tuning::Strategy(rtcg::tuning::Exhaustive{});
    else
        tuning.strategy = rtcg::tuning::LocalSearch{options.budget.value_or(48), 1, matmul::tiled_starts(space)};
    tuning.retune = options.retune;
    return tuning;
}

// Runs `launch` once on a C full of NaNs, compares with the reference, then times it.
Measurement measure(const rtcg::Context& context, Matrices& matrices,
                    const std::vector<matmul::ReferenceEntry>& reference, const std::function<void()>& launch) {
    rtcg::Queue& queue = context.queue();
    queue.fill(matrices.c_gpu, std::numeric_limits<float>::quiet_NaN());
    launch();
    Measurement result;
    result.mismatch = matmul::compare(context.to_host<float>(matrices.c_gpu), matrices.shape, reference);
    result.ms = matmul::median_ms(queue, launch);
    return result;
}

// The configuration named on the command line, compiled, or else the tuner's pick.
rtcg::tuning::TunedKernel choose_kernel(const rtcg::Context& context, const rtcg::tuning::TuningProblem& problem,
                                        const matmul::Options& options) {
    if (options.configuration.empty())
        return rtcg::tuning::tune(context, problem,
                                  tuner_options(context.device(), options, problem.space));
    rtcg::tuning::Configuration configuration = problem.space.parse(options.configuration);
    if (const auto violated = problem.space.violated_constraint(configuration))
        throw rtcg::InvalidArgument("--config " + options.configuration + " breaks the constraint: " + *violated,
                                    "matmul");
    rtcg::tuning::GeneratedKernel code = problem.generate(configuration);
    rtcg::Kernel kernel = context.compile(code.source, code.options).kernel(code.kernel_name);
    return rtcg::tuning::TunedKernel{std::move(configuration), std::move(kernel), std::move(code), 0.0, false, {}};
}

struct Comparison {
    rtcg::tuning::TunedKernel tuned;
    Measurement tiled, naive;
};

Comparison tune_and_compare(const rtcg::Context& context, const Shape& shape, const matmul::Options& options) {
    const auto matrices = matmul::random_matrices(context, shape, 2024);
    const auto reference = std::make_shared<const std::vector<matmul::ReferenceEntry>>(matmul::reference_entries(*matrices));
    const auto problem = matmul::tuning_problem(context, matrices, reference);
    auto tuned = choose_kernel(context, problem, options);
    if (!options.report_path.empty() && !tuned.from_database) tuned.report.write_csv(options.report_path);

    const auto dialect = rtcg::codegen::dialect_of(context.device());
    const auto naive_code = matmul::naive_kernel(dialect);
    const rtcg::Kernel naive = context.compile(naive_code.source).kernel(naive_code.kernel_name);
    Matrices& m = *matrices;
    Comparison comparison{std::move(tuned), {}, {}};
    const auto& best = comparison.tuned;
    comparison.tiled = measure(context, m, *reference, [&] {
        best.kernel(context.queue(), matmul::tiled_launch(best.configuration, shape), m.a_gpu, m.b_gpu, m.c_gpu, shape.m,
                    shape.n, shape.k);
    });
    comparison.tiled.configuration = best.configuration.to_string();
    comparison.naive = measure(context, m, *reference, [&] {
        naive(context.queue(), matmul::naive_launch(shape), m.a_gpu, m.b_gpu, m.c_gpu, shape.m, shape.n, shape.k);
    });
    comparison.naive.configuration = "naive";
    return comparison;
}

int run_once(const rtcg::Context& context, const matmul::Options& options) {
    const Shape& shape = options.shape;
    std::printf("C = A * B with M=%d N=%d K=%d on %s (%s)\n", shape.m, shape.n, shape.k, context.selector().c_str(),
                context.device().name.c_str());
    const Comparison result = tune_and_compare(context, shape, options);
    if (!options.configuration.empty())
        std::printf("configuration given: %s\n", result.tiled.configuration.c_str());
    else if (result.tuned.from_database)
        std::printf("tuned configuration from the tuning database: %s\n", result.tiled.configuration.c_str());
    else
        std::printf("tuned over %zu variants (%zu pruned by constraints): %s\n", result.tuned.report.variants.size(),
                    result.tuned.report.pruned, result.tiled.configuration.c_str());
    if (options.show) std::printf("%s\n", result.tuned.code.source.c_str());
    int status = 0;
    for (const Measurement* m : {&result.tiled, &result.naive}) {
        std::printf("%-6s %10.3f ms %10.2f GFLOP/s  %s\n", m == &result.tiled ? "tiled" : "naive", m->ms,
                    m->gflops(shape), m->mismatch ? m->mismatch->c_str() : "matches the host product");
        if (m->mismatch) status = 1;
    }
    return status;
}

std::string csv_safe(std::string text) {
    std::replace(text.begin(), text.end(), ',', ';');
    return text;
}

int run_bench(const rtcg::Context& context, const matmul::Options& options) {
    std::printf("backend,device,size,kernel,configuration,ms,gflops,check\n");
    int status = 0;
    for (const std::int32_t size : options.bench_sizes) {
        const Shape shape{size, size, size};
        const Comparison result = tune_and_compare(context, shape, options);
        for (const Measurement* m : {&result.tiled, &result.naive}) {
            std::printf("%s,%s,%d,%s,%s,%.4f,%.1f,%s\n", context.selector().c_str(), csv_safe(context.device().name).c_str(),
                        size, m == &result.tiled ? "tuned" : "naive", csv_safe(m->configuration).c_str(), m->ms,
                        m->gflops(shape), m->mismatch ? "WRONG" : "ok");
            if (m->mismatch) {
                std::fprintf(stderr, "size %d, %s kernel: %s\n", size, m == &result.tiled ? "tuned" : "naive",
                             m->mismatch->c_str());
                status = 1;
            }
        }
        std::fflush(stdout);
    }
    return status;
}

} // namespace

int main(int argc, char** argv) {
    try {
        const matmul::Options options = matmul::parse_options(argc, argv);
        const auto context = rtcg::Context::from_environment();
        return options.bench_sizes.empty() ? run_once(context, options) : run_bench(context, options);
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
