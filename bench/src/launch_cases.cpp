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

#include <string>

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

void add_host_time(Workload& workload, const std::string& name, double microseconds) {
    workload.results.add({name, "-", 1, microseconds * 1e-3, 0});
}

// launch_raw_<api> and latency_raw_<api> of a baseline kernel with launch() and synchronize().
template <class RawKernel>
void time_raw_launches(Workload& workload, RawKernel& raw, const std::string& api, const Counts& counts) {
    add_host_time(workload, "launch_raw_" + api,
                  median_host_us([&] { raw.launch(); }, [&] { raw.synchronize(); }, launches_per_batch,
                                 counts.throughput_batches));
    add_host_time(workload, "latency_raw_" + api,
                  median_host_us([&] { raw.launch(), raw.synchronize(); }, [] {}, 1, counts.latency_samples));
}

void raw_driver_cases(Workload& workload, const std::string& source, const Counts& counts) {
    const DeviceInfo& device = workload.context.device();
    if (device.backend != "cuda") return;
#if RTCG_BENCH_HAVE_CUDA_H
    const std::string& selector = workload.context.selector(); // "cuda:N"
    const int ordinal = std::stoi(selector.substr(selector.find(':') + 1));
    try {
        const CompiledBinary cubin = OfflineCompiler("cuda", device.architecture).compile(source);
        RawDriverKernel raw(ordinal, cubin.bytes, std::string(noop_name));
        time_raw_launches(workload, raw, "driver", counts);
    } catch (const BackendUnavailable& e) {
        workload.results.skip("launch_raw_driver", e.what());
    }
#else
    (void)source, (void)counts;
    workload.results.skip("launch_raw_driver", "rtcg-bench was built without cuda.h (no CUDA Toolkit found by CMake)");
#endif
}

void raw_opencl_cases(Workload& workload, const std::string& source, const Counts& counts) {
    const DeviceInfo& device = workload.context.device();
    if (device.backend != "opencl") return;
#if RTCG_BENCH_HAVE_OPENCL
    try {
        RawOpenCLKernel raw(device.name, source, std::string(noop_name));
        time_raw_launches(workload, raw, "opencl", counts);
    } catch (const BackendError& e) {
        workload.results.skip("launch_raw_opencl", e.what());
    }
#else
    (void)source, (void)counts;
    workload.results.skip("launch_raw_opencl", "rtcg-bench was built without the OpenCL headers");
#endif
}

} // namespace

void run_launch(Workload& workload) {
    const Counts counts = workload.options.quick ? Counts{5, 20} : Counts{50, 500};
    const Context& context = workload.context;
    Queue& queue = context.queue();

    const std::string source = codegen::with_prelude(codegen::dialect_of(context.device()), noop_source);
    const Kernel kernel = context.compile(source).kernel(std::string(noop_name));
    Buffer flag = context.allocate(sizeof(int));
    const int count = 1;
    const LaunchConfig one_warp{Dim3{1}, Dim3{32}};
    const auto launch = [&] { kernel(queue, one_warp, flag, count); };
    const auto finish = [&] { queue.finish(); };

    // The driver-only baseline first, so that both run on a device warmed up the same way.
    raw_driver_cases(workload, source, counts);
    raw_opencl_cases(workload, source, counts);
    add_host_time(workload, "launch_kernel",
                  median_host_us(launch, finish, launches_per_batch, counts.throughput_batches));
    add_host_time(workload, "latency_kernel",
                  median_host_us([&] { launch(), finish(); }, [] {}, 1, counts.latency_samples));

    const ElementwiseKernel touch(context, "int *flag", "if (n < 0) flag[i] = 0", "bench_noop");
    const Array<int> one = Array<int>::zeros(context, 1);
    add_host_time(workload, "launch_elementwise",
                  median_host_us([&] { touch(one); }, finish, launches_per_batch, counts.throughput_batches));
}

} // namespace rtcg::bench
