// rtcg-info: every backend, platform and device rtcg can use here, with its key properties, and
// for each backend that is unavailable, the reason; `rtcg-info --json` prints the same as JSON.
#include "json_report.hpp"

#include <rtcg/core.hpp>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace {

std::string mebibytes(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

std::string dims(const std::array<std::size_t, 3>& d) {
    return std::to_string(d[0]) + " x " + std::to_string(d[1]) + " x " + std::to_string(d[2]);
}

void print_device(const rtcg::DeviceDescription& device) {
    const auto& i = device.info;
    std::printf("  [%s] %s\n", device.selector.c_str(), i.name.c_str());
    std::printf("      platform           %s (%s)\n", device.platform.c_str(), device.platform_vendor.c_str());
    std::printf("      vendor, type       %s, %s\n", i.vendor.c_str(), rtcg::to_string(i.type));
    std::printf("      architecture       %s\n", i.architecture.c_str());
    std::printf("      version            %s\n", i.version.c_str());
    std::printf("      driver             %s\n", i.driver_version.c_str());
    std::printf("      compute units      %u at %u MHz\n", i.compute_units, i.clock_mhz);
    std::printf("      global memory      %s (largest buffer %s)\n", mebibytes(i.global_memory_bytes).c_str(),
                mebibytes(i.max_allocation_bytes).c_str());
    std::printf("      local memory       %llu bytes per block (%llu declared statically)\n",
                static_cast<unsigned long long>(i.local_memory_bytes),
                static_cast<unsigned long long>(i.static_local_memory_bytes));
    std::printf("      constant memory    %llu bytes\n", static_cast<unsigned long long>(i.constant_memory_bytes));
    std::printf("      max block          %zu threads, %s\n", i.max_work_group_size, dims(i.max_work_item_sizes).c_str());
    std::printf("      max grid           %s\n", dims(i.max_grid_size).c_str());
    std::printf("      SIMD width         %u\n", i.simd_width);
    std::printf("      fp64, address bits %s, %u\n", i.supports_fp64 ? "yes" : "no", i.address_bits);
    std::printf("      queues             %s\n", i.out_of_order_queues ? "in order and out of order" : "in order");
}

// Targets the backend compiles for with no device (NVRTC's architectures); a plug-in that
// could not be loaded has none, and its reason is printed above.
void print_offline_targets(const rtcg::BackendReport& report) {
    std::vector<std::string> targets;
    try {
        targets = rtcg::OfflineCompiler::targets(report.name);
    } catch (const rtcg::BackendUnavailable&) {
        return;
    }
    if (targets.empty()) return;
    std::printf("  offline compilation targets:");
    for (const auto& target : targets) std::printf(" %s", target.c_str());
    std::printf("\n");
}

} // namespace

int main(int argc, char** argv) {
    const std::string_view option = argc > 1 ? argv[1] : "";
    if (argc > 2 || (argc == 2 && option != "--json")) {
        std::fprintf(stderr, "usage: rtcg-info [--json]\n");
        return 2;
    }
    try {
        if (option == "--json") {
            rtcg_info::print_json(rtcg::backend_reports());
            return 0;
        }
        std::printf("rtcg %s\n", rtcg::version());
        const auto cache = rtcg::compile_cache_directory();
        std::printf("compile cache: %s\n\n", cache ? cache->c_str() : "off (RTCG_NO_CACHE or RTCG_DEBUG)");
        for (const auto& report : rtcg::backend_reports()) {
            std::printf("%s: %s\n", report.name.c_str(), report.available ? "available" : "unavailable");
            if (!report.available) std::printf("  reason: %s\n", report.reason.c_str());
            for (const auto& device : report.devices) print_device(device);
            print_offline_targets(report);
            std::printf("\n");
        }
        return 0;
    } catch (const rtcg::Error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
