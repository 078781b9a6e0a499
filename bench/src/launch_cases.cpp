// Launch costs, all in host time:
//   launch_kernel       one call of a prepared rtcg::Kernel (arguments packed and checked);
//   launch_elementwise  one call of an ElementwiseKernel (its argument checks included);
//   launch_raw_driver   one cuLaunchKernel of the same cubin in the same process (CUDA only);
//   launch_raw_opencl   clSetKernelArg for both arguments and one clEnqueueNDRangeKernel of the
//                       same source, built in a context of its own (OpenCL only);
//   latency_kernel      launch of the empty kernel until Queue::finish returns;
//   latency_raw_driver  the same through cuLaunchKernel and cuStreamSynchronize (CUDA only);
//   latency_raw_opencl  the same through clEnqueueNDRangeKernel and clFinish (OpenCL only).
#include "cases.hpp"
#include "timing.hpp"

#if RTCG_BENCH_HAVE_CUDA_H
#include "raw_driver.hpp"
#endif
#if RTCG_BENCH_HAVE_OPENCL
#include "raw_opencl.hpp"
#endif

#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/offline_compiler.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rtcg::bench {
namespace {

constexpr std::string_view noop_name = "rtcg_bench_noop";
// Takes a buffer and a value like a real kernel, and never writes: `count` is always 1.
constexpr std::string_view noop_source = R"(
RTCG_KERNEL void rtcg_bench_noop(RTCG_GLOBAL int* flag, int count) {
    if (count < 0) flag[0] = count;
}
)";

// Launches per timed batch: enough to dwarf the clock's cost, few enough that the queue
// never fills up and blocks the host (CUDA queues about a thousand launches).
constexpr std::size_t launches_per_batch = 256;

struct Counts {
    std::size_t throughput_batches;
    std::size_t latency_samples;
};

// The same kernel launched without rtcg, in the same process: through the driver API the
// backend wraps (launch_raw_<api>).
struct RawLaunch {
    std::string api;
    HostWork launch; // call: one launch; drain: wait for it
};

std::optional<RawLaunch> raw_driver_launch(Workload& workload, const std::string& source) {
#if RTCG_BENCH_HAVE_CUDA_H
    const DeviceInfo& device = workload.context.device();
    const std::string& selector = workload.context.selector(); // "cuda:N"
    const int ordinal = std::stoi(selector.substr(selector.find(':') + 1));
    try {
        const CompiledBinary cubin = OfflineCompiler("cuda", device.architecture).compile(source);
        auto raw = std::make_shared<RawDriverKernel>(ordinal, cubin.bytes, std::string(noop_name));
        return RawLaunch{"driver", {[raw] { raw->launch(); }, [raw] { raw->synchronize(); }}};
    } catch (const BackendUnavailable& e) {
        workload.results.skip("launch_raw_driver", e.what());
    }
#else
    (void)source;
    workload.results.skip("launch_raw_driver", "rtcg-bench was built without cuda.h (no CUDA Toolkit found by CMake)");
#endif
    return std::nullopt;
}

std::optional<RawLaunch> raw_opencl_launch(Workload& workload, const std::string& source) {
#if RTCG_BENCH_HAVE_OPENCL
    try {
        auto raw = std::make_shared<RawOpenCLKernel>(workload.context.device().name, source, std::string(noop_name));
        return RawLaunch{"opencl", {[raw] { raw->launch(); }, [raw] { raw->synchronize(); }}};
    } catch (const BackendError& e) {
        workload.results.skip("launch_raw_opencl", e.what());
    }
#else
    (void)source;
    workload.results.skip("launch_raw_opencl", "rtcg-bench was built without the OpenCL headers");
#endif
    return std::nullopt;
}

std::optional<RawLaunch> raw_launch(Workload& workload, const std::string& source) {
    const std::string& backend = workload.context.device().backend;
    if (backend == "cuda") return raw_driver_launch(workload, source);
    if (backend == "opencl") return raw_opencl_launch(workload, source);
    return std::nullopt;
}

void add_host_times(Workload& workload, const std::vector<std::string>& names, const std::vector<double>& microseconds) {
    for (std::size_t k = 0; k < names.size(); ++k)
        workload.results.add({names[k], "-", 1, microseconds[k] * 1e-3, 0});
}

// Host time from one launch to its completion: `launch`'s call, then its drain, one at a time.
double latency_us(const HostWork& launch, std::size_t samples) {
    return median_host_us({{[&] { launch.call(), launch.drain(); }, [] {}}}, 1, samples).front();
}

} // namespace

void run_launch(Workload& workload) {
    const Counts counts = workload.options.quick ? Counts{5, 20} : Counts{50, 500};
    const Context& context = workload.context;
    Queue& queue = context.queue();

    // The raw driver and OpenCL launches compile the same text themselves.
    const std::string source = codegen::with_prelude(codegen::dialect_of(context.device()), noop_source);
    const Kernel kernel = context.compile(source).kernel(std::string(noop_name));
    Buffer flag = context.allocate(sizeof(int));
    const int count = 1;
    const LaunchConfig one_warp{Dim3{1}, Dim3{32}};
    const auto launch = [&] { kernel(queue, one_warp, flag, count); };
    const auto finish = [&] { queue.finish(); };
    const ElementwiseKernel touch(context, "int *flag", "if (n < 0) flag[i] = 0", {.name = "bench_noop"});
    const Array<int> one = Array<int>::zeros(context, 1);

    // rtcg's and the raw call's launches take their batches in turn (timing.hpp). Their
    // latencies do not: the raw OpenCL kernel has a context of its own, and NVIDIA's driver took
    // 145 us to run a kernel right after one of the other context's (against 9 us in a row).
    const HostWork rtcg_launch{launch, finish};
    std::vector<std::string> throughput_names{"launch_kernel", "launch_elementwise"};
    std::vector<HostWork> throughput{rtcg_launch, {[&] { touch(one); }, finish}};
    const std::optional<RawLaunch> raw = raw_launch(workload, source);
    if (raw) {
        throughput_names.push_back("launch_raw_" + raw->api);
        throughput.push_back(raw->launch);
    }
    add_host_times(workload, throughput_names, median_host_us(throughput, launches_per_batch, counts.throughput_batches));
    add_host_times(workload, {"latency_kernel"}, {latency_us(rtcg_launch, counts.latency_samples)});
    if (raw) add_host_times(workload, {"latency_raw_" + raw->api}, {latency_us(raw->launch, counts.latency_samples)});
}

} // namespace rtcg::bench
