// Graph replay against launching one by one: 100 small dependent kernels (x += 1 on 4096
// floats) per repetition, either launched one by one through a prepared rtcg::Kernel or replayed
// as one captured rtcg::Graph (a CUDA graph, an OpenCL command buffer, or a re-enqueue where
// neither exists: the table's row names which). Each way is timed twice, per kernel:
//   graph_one_by_one, graph_replay            device time between events around batches of
//                                             repetitions (timing.hpp): the rate kernels run at;
//   graph_one_by_one_host, graph_replay_host  host time to queue one repetition.
// The ratios one-by-one / graph are printed after the rows.
#include "cases.hpp"
#include "timing.hpp"

#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/graph.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace rtcg::bench {
namespace {

constexpr unsigned elements = 4096;
constexpr int kernels_per_repetition = 100;

constexpr std::string_view add_one_source = R"(
RTCG_KERNEL void rtcg_bench_add_one(RTCG_GLOBAL float* x, unsigned n) {
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i < n) x[i] += 1.0f;
}
)";

// Throws Error unless every element of `x` is `expected`.
void verify(const Context& context, const Buffer& x, float expected, const char* way) {
    const std::vector<float> values = context.to_host<float>(x);
    for (const float value : values)
        if (value != expected)
            throw Error(std::string(way) + " left " + std::to_string(value) + " where " + std::to_string(expected) +
                            " was expected",
                        "graph_replay");
}

} // namespace

void run_graph_replay(Workload& workload) {
    const Context& context = workload.context;
    Queue& queue = context.queue();
    const std::string source = codegen::with_prelude(codegen::dialect_of(context.device()), add_one_source);
    const Kernel add_one = context.compile(source).kernel("rtcg_bench_add_one");
    const LaunchConfig config = LaunchConfig::covering(elements, 256);
    Buffer x = context.allocate(elements * sizeof(float));

    const auto one_by_one = [&] {
        for (int k = 0; k < kernels_per_repetition; ++k) add_one(queue, config, x, elements);
    };
    queue.begin_capture();
    one_by_one();
    Graph graph = queue.end_capture();
    const auto replay = [&] { graph.launch(queue); };

    // Both ways give the same result before either is timed.
    queue.fill(x, 0.0f);
    one_by_one();
    verify(context, x, kernels_per_repetition, "launching one by one");
    queue.fill(x, 0.0f);
    replay();
    replay();
    verify(context, x, 2 * kernels_per_repetition, "replaying the graph");

    const std::size_t warmup = 3;
    const double one_by_one_ms = median_device_ms(
                                     queue, [&](std::size_t) { one_by_one(); }, warmup, workload.plan) /
                                 kernels_per_repetition;
    const double replay_ms = median_device_ms(
                                 queue, [&](std::size_t) { replay(); }, warmup, workload.plan) /
                             kernels_per_repetition;
    const std::size_t batches = workload.options.quick ? 5 : 50;
    const std::vector<double> host_us = median_host_us(
        {{one_by_one, [&] { queue.finish(); }}, {replay, [&] { queue.finish(); }}}, 4, batches);
    const double one_by_one_host_ms = host_us[0] * 1e-3 / kernels_per_repetition;
    const double replay_host_ms = host_us[1] * 1e-3 / kernels_per_repetition;

    const std::string replayed_by = "graph_replay (" + std::string(graph.native()) + ")";
    workload.results.add({"graph_one_by_one", "-", 1, one_by_one_ms, 0});
    workload.results.add({"graph_replay", "-", 1, replay_ms, 0});
    workload.results.add({"graph_one_by_one_host", "-", 1, one_by_one_host_ms, 0});
    workload.results.add({"graph_replay_host", "-", 1, replay_host_ms, 0});
    std::printf("%s: %d kernels per repetition; one by one / graph = %.2f (device time), %.2f (host time)\n",
                replayed_by.c_str(), kernels_per_repetition, one_by_one_ms / replay_ms,
                one_by_one_host_ms / replay_host_ms);
}

} // namespace rtcg::bench
