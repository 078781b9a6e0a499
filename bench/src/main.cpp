// rtcg-bench: times rtcg's kernels on the backend RTCG_BACKEND names (bench/README.md).
// Exit status: 0 when every case ran, 1 when some failed (the others still ran), 2 for a bad
// command line, 77 when the backend is not available here.
#include "cases.hpp"

#include <rtcg/arrays/policy.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::bench {
namespace {

struct Group {
    std::string_view name;
    void (*run)(Workload&);
};

constexpr Group groups[] = {
    {"copy", run_copy},     {"lin_comb", run_lin_comb}, {"lin_comb_expr", run_lin_comb_expr},
    {"fused", run_fused},   {"fused_expr", run_fused_expr}, {"contiguous_add", run_contiguous_add},
    {"strided_add", run_strided_add}, {"transpose", run_transpose}, {"permute3d", run_permute3d},
    {"cumsum_axis0", run_cumsum_axis0}, {"cumsum_axis1", run_cumsum_axis1}, {"sort_axis1", run_sort_axis1},
    {"sum_axis0", run_sum_axis0}, {"sum_axis1", run_sum_axis1}, {"argmax_axis1", run_argmax_axis1},
    {"mean_axes02", run_mean_axes02}, {"take", run_take}, {"take_raise", run_take_raise}, {"mask_select", run_mask_select},
    {"concatenate", run_concatenate}, {"sum", run_sum},
    {"dot", run_dot},       {"cumsum", run_cumsum},     {"sort", run_sort},
    {"spmv_poisson3d", run_spmv_poisson3d}, {"spmv_poisson2d", run_spmv_poisson2d}, {"cg_poisson3d", run_cg_poisson3d},
    {"cg1_poisson3d", run_cg1_poisson3d},
    {"stencil_poisson3d", run_stencil_poisson3d}, {"cg_stencil3d", run_cg_stencil3d},
    {"bicgstab_poisson3d", run_bicgstab_poisson3d}, {"gmres_poisson3d", run_gmres_poisson3d},
    {"spmv_rmat", run_spmv_rmat}, {"spmm_poisson3d", run_spmm_poisson3d},
    {"launch", run_launch}, {"graph_replay", run_graph_replay}, {"compile", run_compile}, {"fft", run_fft},
    {"rfft", run_rfft},
};
static_assert(std::size(groups) == std::size(case_groups), "every case group has its function");

// "rtcg-cuda", "rtcg-opencl-nvidia": the backend as RTCG_BACKEND named it, else as found.
std::string system_name(const Options& options, const Context& context) {
    if (!options.system.empty()) return options.system;
    const char* selector = std::getenv("RTCG_BACKEND");
    std::string name = "rtcg-" + std::string(selector && *selector ? selector : context.device().backend);
    std::replace(name.begin(), name.end(), ':', '-');
    return name;
}

std::optional<Context> open_context() {
    try {
        return Context::from_environment();
    } catch (const BackendUnavailable& e) {
        std::printf("skipped: %s\n", e.what());
        return std::nullopt;
    }
}

// Overrides `device`'s policy of one algorithm from "algorithm:field=value,...", the fields it
// leaves out as the device's policy has them (rtcg/arrays/policy.hpp). InvalidArgument for an
// unknown algorithm, field or value.
template <TuningPolicy Policy>
bool override_named(const DeviceInfo& device, std::string_view algorithm, std::string_view fields) {
    if (algorithm != Policy::algorithm) return false;
    override_policy(device, parse_policy<Policy>(fields, policy_for<Policy>(device)));
    return true;
}

void override_policies(const DeviceInfo& device, const std::vector<std::string>& policies) {
    for (const std::string& text : policies) {
        const std::size_t colon = text.find(':');
        const std::string_view algorithm = std::string_view(text).substr(0, colon);
        const std::string_view fields = colon == std::string::npos ? std::string_view() : std::string_view(text).substr(colon + 1);
        if (!(override_named<ElementwisePolicy>(device, algorithm, fields) ||
              override_named<RandomPolicy>(device, algorithm, fields) ||
              override_named<ReductionPolicy>(device, algorithm, fields) ||
              override_named<AxisReductionPolicy>(device, algorithm, fields) ||
              override_named<ScanPolicy>(device, algorithm, fields) || override_named<SortPolicy>(device, algorithm, fields) ||
              override_named<TransposePolicy>(device, algorithm, fields)))
            throw InvalidArgument("no algorithm '" + std::string(algorithm) + "' has a policy", "rtcg-bench --policy");
        std::printf("policy override: %s\n", text.c_str());
    }
}

int run(const Options& options) {
    const std::optional<Context> opened = open_context();
    if (!opened) return 77;
    const Context& context = *opened;
    const DeviceInfo& device = context.device();
    override_policies(device, options.policies);
    std::printf("device: %s (%s; %s, %s; driver %s)\n", device.name.c_str(), context.selector().c_str(),
                device.platform.c_str(), device.version.c_str(), device.driver_version.c_str());

    Results results(system_name(options, context), options.csv_path);
    Workload workload{context, options, results, options.quick ? TimingPlan::quick() : TimingPlan::standard()};
    int failures = 0;
    for (const Group& group : groups) {
        if (!options.wants(group.name)) continue;
        try {
            group.run(workload);
        } catch (const std::exception& e) {
            // One broken case must not cost the others' numbers.
            std::fprintf(stderr, "failed: %.*s: %s\n", static_cast<int>(group.name.size()), group.name.data(), e.what());
            ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}

} // namespace
} // namespace rtcg::bench

int main(int argc, char** argv) {
    using namespace rtcg::bench;
    Options options;
    try {
        options = parse_options(argc, argv);
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "rtcg-bench: %s\n", e.what());
        return 2;
    }
    if (options.list) {
        for (std::string_view group : case_groups)
            std::printf("%.*s\n", static_cast<int>(group.size()), group.data());
        return 0;
    }
    try {
        return options.compile_probe.empty() ? run(options) : run_compile_probe(options);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "rtcg-bench: %s\n", e.what());
        return 1;
    }
}
