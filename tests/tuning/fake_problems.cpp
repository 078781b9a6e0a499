#include "fake_problems.hpp"

#include "../support/test_context.hpp"

#include <rtcg/codegen/template.hpp>

#include <unistd.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>

namespace rtcg::test {
namespace {

constexpr std::uint32_t elements = 1000; // not a multiple of any block: the guards matter

constexpr const char* copy_template = R"(
RTCG_KERNEL void rtcg_tuning_copy(RTCG_GLOBAL const float* in, RTCG_GLOBAL float* out, unsigned n) {
    const size_t first = RTCG_GROUP_ID(0) * {{ block * items }} + RTCG_LOCAL_ID(0);
{% for k in range(items) %}
    if (first + {{ k * block }} < n) out[first + {{ k * block }}] = 2.0f * in[first + {{ k * block }}]{% if flavour == "wrong" %} + 1.0f{% endif %};
{% endfor %}
{% if flavour == "broken" %}
    out[0] = no_such_variable;
{% endif %}
}
)";

constexpr const char* busy_source = R"(
RTCG_KERNEL void rtcg_tuning_busy(RTCG_GLOBAL unsigned* out, unsigned n, unsigned work) {
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i >= n) return;
    unsigned h = (unsigned)i;
    for (unsigned k = 0; k < work; ++k) h = h * 1664525u + 1013904223u;
    out[i] = h;
}
)";

std::size_t groups(std::size_t n, std::size_t per_group) { return (n + per_group - 1) / per_group; }

// The landscape: 4096 dependent iterations at the optimum (x=2, y=3), three times as many per
// step away from it. Long enough that the loop, not the launch overhead, sets the time on a GPU;
// steep enough, and run by one work-group, that PoCL's thread scheduling noise never swaps two
// neighbours.
constexpr std::uint32_t landscape_items = 64;

unsigned busy_work(const tuning::Configuration& c) {
    unsigned work = 4096;
    for (std::int64_t step = std::abs(c.integer("x") - 2) + std::abs(c.integer("y") - 3); step > 0; --step) work *= 3;
    return work;
}

} // namespace

std::string copy_source(codegen::Dialect dialect, const tuning::Configuration& configuration) {
    static const codegen::Template source(copy_template, "copy");
    return codegen::with_prelude(dialect, source.render(configuration.template_values()));
}

tuning::TuningProblem copy_problem(std::vector<std::string> flavours, std::shared_ptr<LaunchCounter> counter,
                                   std::string kernel) {
    const Context& ctx = context();
    std::vector<float> input(elements);
    for (std::uint32_t i = 0; i < elements; ++i) input[i] = static_cast<float>(i) * 0.5f - 100.0f;
    auto in = std::make_shared<Buffer>(ctx.to_device(input));
    auto out = std::make_shared<Buffer>(ctx.allocate(elements * sizeof(float)));
    const auto dialect = codegen::dialect_of(ctx.device());

    tuning::ParameterSpace space;
    space.integer("block", {16, 32}).integer("items", {1, 2, 4}).choice("flavour", std::move(flavours));
    space.constraint("block * items <= 64",
                     [](const tuning::Configuration& c) { return c.integer("block") * c.integer("items") <= 64; });

    tuning::TuningProblem problem;
    problem.kernel = std::move(kernel);
    problem.size_class = "n" + std::to_string(elements);
    problem.space = std::move(space);
    problem.generate = [dialect](const tuning::Configuration& c) {
        const bool oversized = c.choice("flavour") == "oversized";
        return tuning::GeneratedKernel{copy_source(dialect, c), "rtcg_tuning_copy", {},
                                       static_cast<std::size_t>(c.integer("block")) * (oversized ? 1u << 20 : 1u)};
    };
    problem.launch = [in, out, counter](const Kernel& k, const tuning::Configuration& c, Queue& queue) {
        ++counter->launches;
        const auto block = static_cast<std::size_t>(c.integer("block"));
        k(queue, LaunchConfig{groups(elements, block * static_cast<std::size_t>(c.integer("items"))), block}, *in,
          *out, elements);
    };
    problem.reset = [out](Queue& queue) { queue.fill(*out, std::numeric_limits<float>::quiet_NaN()); };
    problem.check = [out, input](Queue& queue) -> std::optional<std::string> {
        std::vector<float> result(elements);
        queue.read(*out, std::span<float>(result));
        for (std::uint32_t i = 0; i < elements; ++i)
            if (result[i] != 2.0f * input[i])
                return "out[" + std::to_string(i) + "] is " + std::to_string(result[i]) + ", not " +
                       std::to_string(2.0f * input[i]);
        return std::nullopt;
    };
    return problem;
}

tuning::TuningProblem landscape_problem(std::shared_ptr<LaunchCounter> counter) {
    const Context& ctx = context();
    auto out = std::make_shared<Buffer>(ctx.allocate(landscape_items * sizeof(std::uint32_t)));
    const std::string source = codegen::with_prelude(codegen::dialect_of(ctx.device()), busy_source);
    const auto last_work = std::make_shared<unsigned>(0);

    tuning::TuningProblem problem;
    problem.kernel = "tests/landscape";
    problem.size_class = "n" + std::to_string(landscape_items);
    problem.space.integer("x", {0, 1, 2, 3, 4, 5}).integer("y", {0, 1, 2, 3, 4, 5});
    problem.generate = [source](const tuning::Configuration&) {
        return tuning::GeneratedKernel{source, "rtcg_tuning_busy", {}, 64};
    };
    problem.launch = [out, counter, last_work](const Kernel& k, const tuning::Configuration& c, Queue& queue) {
        ++counter->launches;
        *last_work = busy_work(c);
        k(queue, LaunchConfig{1, landscape_items}, *out, landscape_items, *last_work);
    };
    problem.check = [out, last_work](Queue& queue) -> std::optional<std::string> {
        std::vector<std::uint32_t> result(landscape_items);
        queue.read(*out, std::span<std::uint32_t>(result));
        for (std::uint32_t i = 0; i < landscape_items; ++i) {
            std::uint32_t h = i;
            for (unsigned k = 0; k < *last_work; ++k) h = h * 1664525u + 1013904223u;
            if (result[i] != h) return "out[" + std::to_string(i) + "] differs";
        }
        return std::nullopt;
    };
    return problem;
}

TemporaryDirectory::TemporaryDirectory() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("rtcg-tuning-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
}

TemporaryDirectory::~TemporaryDirectory() {
    std::error_code ignored; // a leftover temporary directory is not worth failing a test over
    std::filesystem::remove_all(path_, ignored);
}

tuning::TunerOptions quiet_options(tuning::Strategy strategy, const std::filesystem::path* directory) {
    tuning::TunerOptions options;
    options.strategy = strategy;
    options.database = directory ? std::optional(tuning::TuningDatabase(*directory)) : std::nullopt;
    options.progress = tuning::Progress::off;
    options.timing.samples = 3;
    options.timing.min_sample_ms = 0.2;
    return options;
}

} // namespace rtcg::test
