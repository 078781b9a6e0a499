// Compile costs, each the host time of constructing a Module (compile or cache lookup, and
// loading the result), for the lin_comb ElementwiseKernel's source made unique by a nonce in
// its name (so that no cache, rtcg's or the driver's, has seen it):
//   compile_first_process  the first build of a new process: the compiler's own start-up too;
//   compile_first          a build from source (NVRTC / clBuildProgram), the process warm;
//   compile_memory_hit     the same source again in that process: the in-process cache;
//   compile_disk_hit       the same source in a new process: the disk cache.
// Each runs in a child process with an empty, temporary RTCG_CACHE_DIR, so that the parent's
// caches take no part; the children check rtcg's cache counters, so each number is what its
// name says.
#include "cases.hpp"
#include "child_process.hpp"

#include <rtcg/arrays/elementwise_source.hpp>
#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/compile_cache.hpp>
#include <rtcg/core/error.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <unistd.h>

namespace rtcg::bench {
namespace {

// Source 0 pays the process's start-up costs; the others are the steady-state samples.
constexpr std::size_t probe_sources = 4;
constexpr std::chrono::seconds child_limit{300};

std::string probe_source(const Context& context, const std::string& nonce, std::size_t k) {
    const codegen::DType f32 = codegen::DType::float32();
    const std::vector<codegen::Argument> arguments{
        codegen::Argument::scalar(f32, "a"), codegen::Argument::pointer(f32, "x", codegen::AddressSpace::global, true),
        codegen::Argument::scalar(f32, "b"), codegen::Argument::pointer(f32, "y", codegen::AddressSpace::global, true),
        codegen::Argument::pointer(f32, "z")};
    return elementwise_source(codegen::dialect_of(context.device()), arguments, "z[i] = a * x[i] + b * y[i]",
                              "probe_" + nonce + "_" + std::to_string(k));
}

// Builds `source` and checks that the cache counters moved as `expect` says.
double timed_build(const Context& context, const std::string& source, std::vector<Module>& keep,
                   std::uint64_t CompileCacheStats::*expected_counter, const char* expected) {
    reset_compile_cache_stats();
    const auto start = std::chrono::steady_clock::now();
    keep.emplace_back(context, source);
    const auto stop = std::chrono::steady_clock::now();
    const CompileCacheStats stats = compile_cache_stats();
    if (stats.*expected_counter != 1 || (expected_counter != &CompileCacheStats::compiles && stats.compiles != 0))
        throw Error(std::string("expected a ") + expected + ", but the cache counted " +
                        std::to_string(stats.compiles) + " compiles, " + std::to_string(stats.memory_hits) +
                        " memory hits and " + std::to_string(stats.disk_hits) + " disk hits",
                    "rtcg-bench compile probe");
    return std::chrono::duration<double, std::milli>(stop - start).count();
}

double median_after_first(const std::vector<double>& samples) {
    return median(std::vector<double>(samples.begin() + 1, samples.end()));
}

// Removes the temporary cache directory however the probes end.
struct TemporaryDirectory {
    std::filesystem::path path;
    TemporaryDirectory() {
        std::string pattern = (std::filesystem::temp_directory_path() / "rtcg-bench-cache-XXXXXX").string();
        if (!::mkdtemp(pattern.data())) throw Error("cannot create " + pattern, "mkdtemp");
        path = pattern;
    }
    ~TemporaryDirectory() {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
};

} // namespace

int run_compile_probe(const Options& options) {
    const Context context = Context::from_environment();
    if (!compile_cache_directory())
        throw Error("the disk cache is off (RTCG_NO_CACHE or RTCG_DEBUG is set)", "rtcg-bench compile probe");
    std::vector<std::string> sources;
    for (std::size_t k = 0; k < probe_sources; ++k) sources.push_back(probe_source(context, options.probe_nonce, k));

    std::vector<Module> keep; // alive, so that the in-process cache still holds them
    std::vector<double> builds, hits;
    if (options.compile_probe == "build") {
        for (const std::string& source : sources)
            builds.push_back(timed_build(context, source, keep, &CompileCacheStats::compiles, "compile"));
        for (const std::string& source : sources)
            hits.push_back(timed_build(context, source, keep, &CompileCacheStats::memory_hits, "memory hit"));
        std::printf("compile_first_process %.6g\ncompile_first %.6g\ncompile_memory_hit %.6g\n", builds[0],
                    median_after_first(builds), median_after_first(hits));
    } else if (options.compile_probe == "disk") {
        for (const std::string& source : sources)
            hits.push_back(timed_build(context, source, keep, &CompileCacheStats::disk_hits, "disk hit"));
        std::printf("compile_disk_hit %.6g\n", median_after_first(hits));
    } else {
        throw InvalidArgument("unknown probe '" + options.compile_probe + "' (build or disk)",
                              "rtcg-bench --compile-probe");
    }
    return 0;
}

void run_compile(Workload& workload) {
    const TemporaryDirectory cache;
    const std::string nonce = std::to_string(::getpid()) + "_" +
                              std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
    const std::vector<std::pair<std::string, std::string>> environment{{"RTCG_CACHE_DIR", cache.path.string()}};
    std::string output;
    for (const char* probe : {"build", "disk"})
        output += run_self({std::string("--compile-probe=") + probe, "--probe-nonce=" + nonce}, environment,
                           child_limit);

    std::istringstream lines(output);
    std::vector<Measurement> measurements;
    std::string name;
    double milliseconds = 0;
    while (lines >> name >> milliseconds) measurements.push_back({name, "-", 1, milliseconds, 0});
    if (!lines.eof() || measurements.size() != 4)
        throw Error("unexpected probe output: '" + output + "'", "rtcg-bench compile probe");
    for (const Measurement& m : measurements) workload.results.add(m);
}

} // namespace rtcg::bench
