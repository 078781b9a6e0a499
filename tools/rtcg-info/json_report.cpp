#include "json_report.hpp"

#include <rtcg/core/json_text.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace rtcg_info {
namespace {

std::string number(std::uint64_t value) { return std::to_string(value); }

std::string triple(const std::array<std::size_t, 3>& d) {
    return "[" + number(d[0]) + ", " + number(d[1]) + ", " + number(d[2]) + "]";
}

std::string device_json(const rtcg::DeviceDescription& device) {
    const rtcg::DeviceInfo& i = device.info;
    return "{\"selector\": " + rtcg::json_quoted(device.selector) + ", \"name\": " + rtcg::json_quoted(i.name) +
           ", \"platform\": " + rtcg::json_quoted(device.platform) + ", \"platform_vendor\": " + rtcg::json_quoted(device.platform_vendor) +
           ", \"vendor\": " + rtcg::json_quoted(i.vendor) + ", \"type\": " + rtcg::json_quoted(rtcg::to_string(i.type)) +
           ", \"architecture\": " + rtcg::json_quoted(i.architecture) + ", \"version\": " + rtcg::json_quoted(i.version) +
           ", \"driver_version\": " + rtcg::json_quoted(i.driver_version) + ", \"compute_units\": " + number(i.compute_units) +
           ", \"clock_mhz\": " + number(i.clock_mhz) + ", \"global_memory_bytes\": " + number(i.global_memory_bytes) +
           ", \"max_allocation_bytes\": " + number(i.max_allocation_bytes) +
           ", \"local_memory_bytes\": " + number(i.local_memory_bytes) +
           ", \"static_local_memory_bytes\": " + number(i.static_local_memory_bytes) +
           ", \"constant_memory_bytes\": " + number(i.constant_memory_bytes) +
           ", \"max_work_group_size\": " + number(i.max_work_group_size) +
           ", \"max_work_item_sizes\": " + triple(i.max_work_item_sizes) +
           ", \"max_grid_size\": " + triple(i.max_grid_size) + ", \"simd_width\": " + number(i.simd_width) +
           ", \"address_bits\": " + number(i.address_bits) +
           ", \"supports_fp64\": " + (i.supports_fp64 ? "true" : "false") +
           ", \"out_of_order_queues\": " + (i.out_of_order_queues ? "true" : "false") + "}";
}

// The cache's directory and, where it is on, its entries and limit; a limit that cannot be read
// (a malformed RTCG_CACHE_MAX_SIZE) is given as the error it raises.
std::string cache_json() {
    const auto directory = rtcg::compile_cache_directory();
    if (!directory) return "{\"directory\": null}";
    std::string json = "{\"directory\": " + rtcg::json_quoted(directory->string());
    try {
        std::uint64_t bytes = 0;
        const auto entries = rtcg::compile_cache_entries(*directory);
        for (const auto& entry : entries) bytes += entry.bytes;
        json += ", \"entries\": " + number(entries.size()) + ", \"bytes\": " + number(bytes);
    } catch (const rtcg::Error& e) {
        json += ", \"error\": " + rtcg::json_quoted(e.what());
    }
    try {
        json += ", \"size_limit\": " + number(rtcg::compile_cache_size_limit());
    } catch (const rtcg::Error& e) {
        json += ", \"size_limit_error\": " + rtcg::json_quoted(e.what());
    }
    return json + "}";
}

} // namespace

void print_json(const std::vector<rtcg::BackendReport>& reports) {
    std::string json = "{\"version\": " + rtcg::json_quoted(rtcg::version()) + ",\n \"compile_cache\": " + cache_json() +
                       ",\n \"backends\": [";
    for (std::size_t b = 0; b < reports.size(); ++b) {
        const rtcg::BackendReport& report = reports[b];
        json += std::string(b ? ",\n  " : "\n  ") + "{\"name\": " + rtcg::json_quoted(report.name) +
                ", \"available\": " + (report.available ? "true" : "false");
        if (!report.available) json += ", \"reason\": " + rtcg::json_quoted(report.reason);
        json += ", \"devices\": [";
        for (std::size_t d = 0; d < report.devices.size(); ++d)
            json += std::string(d ? ",\n    " : "\n    ") + device_json(report.devices[d]);
        json += "]}";
    }
    json += "]}\n";
    std::fputs(json.c_str(), stdout);
}

} // namespace rtcg_info
