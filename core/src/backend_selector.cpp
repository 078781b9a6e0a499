#include "backend_selector.hpp"

#include "plugin_loader.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cctype>

namespace rtcg::detail {
namespace {

const char* const selector_syntax =
    "expected cuda[:DEVICE] or opencl[:PLATFORM[:DEVICE]], each field an index or part of a name "
    "(e.g. cuda:0, opencl:nvidia, opencl:pocl:0)";

std::string lowercase(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

bool is_index(std::string_view field) {
    return !field.empty() && std::all_of(field.begin(), field.end(), [](unsigned char c) { return std::isdigit(c); });
}

// An index field matches that index; a word matches part of any of the names.
bool field_matches(const std::string& field, std::size_t index, std::initializer_list<std::string_view> names) {
    if (field.empty()) return true;
    if (is_index(field)) return std::to_string(index) == field;
    const std::string wanted = lowercase(field);
    return std::any_of(names.begin(), names.end(),
                       [&](std::string_view name) { return lowercase(name).find(wanted) != std::string::npos; });
}

std::vector<std::string> split_fields(std::string_view text) {
    std::vector<std::string> fields;
    std::size_t start = 0;
    while (true) {
        const std::size_t end = text.find(':', start);
        fields.emplace_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) return fields;
        start = end + 1;
    }
}

int preference_rank(const DeviceDescription& d) {
    if (d.info.backend == "cuda") return 0;
    switch (d.info.type) {
    case DeviceType::gpu: return 1;
    case DeviceType::cpu: return 2;
    default: return 3;
    }
}

} // namespace

BackendSelector parse_selector(std::string_view text) {
    const std::string where = "RTCG_BACKEND";
    auto invalid = [&](const std::string& why) {
        return InvalidArgument("'" + std::string(text) + "' is not a backend selector: " + why + "; " + selector_syntax, where);
    };
    if (text.find_first_of(" \t\n") != std::string_view::npos) throw invalid("it contains white space");
    const auto fields = split_fields(text);
    BackendSelector selector{std::string(text), lowercase(fields[0]), {}, {}};
    if (selector.backend.empty()) throw invalid("the backend name is missing");
    if (selector.backend == "cuda") {
        if (fields.size() > 2) throw invalid("CUDA has no platforms, so at most one field follows 'cuda'");
        if (fields.size() == 2) selector.device = fields[1];
    } else if (selector.backend == "opencl") {
        if (fields.size() > 3) throw invalid("too many fields");
        if (fields.size() >= 2) selector.platform = fields[1];
        if (fields.size() == 3) selector.device = fields[2];
    } else {
        throw invalid("unknown backend '" + fields[0] + "'");
    }
    return selector;
}

bool matches(const BackendSelector& selector, const DeviceDescription& device) {
    if (selector.backend != device.info.backend) return false;
    return field_matches(selector.platform, device.platform_index, {device.platform, device.platform_vendor}) &&
           field_matches(selector.device, device.device_index, {device.info.name, device.info.vendor});
}

std::vector<DeviceDescription> devices_in_preference_order(const std::vector<BackendReport>& reports) {
    std::vector<DeviceDescription> devices;
    for (const auto& report : reports) devices.insert(devices.end(), report.devices.begin(), report.devices.end());
    std::stable_sort(devices.begin(), devices.end(),
                     [](const auto& a, const auto& b) { return preference_rank(a) < preference_rank(b); });
    return devices;
}

std::string describe_availability(const std::vector<BackendReport>& reports) {
    std::string text;
    for (const auto& report : reports) {
        if (!report.available) {
            text += "  " + report.name + ": unavailable: " + report.reason + "\n";
            continue;
        }
        for (const auto& d : report.devices)
            text += "  " + d.selector + ": " + d.platform + " / " + d.info.name + " (" + to_string(d.info.type) + ")\n";
    }
    return text;
}

} // namespace rtcg::detail

namespace rtcg {

std::vector<BackendReport> backend_reports() {
    std::vector<BackendReport> reports;
    for (const std::string_view name : detail::known_backends) {
        BackendReport report{std::string(name), false, {}, {}};
        const auto& plugin = detail::load_plugin(name);
        if (!plugin.backend) {
            report.reason = plugin.failure;
            reports.push_back(std::move(report));
            continue;
        }
        try {
            for (const auto& entry : plugin.backend->devices()) {
                const std::string selector = name == "cuda"
                                                 ? "cuda:" + std::to_string(entry.device_index)
                                                 : "opencl:" + std::to_string(entry.platform_index) + ":" +
                                                       std::to_string(entry.device_index);
                report.devices.push_back(
                    {selector, entry.platform, entry.platform_vendor, entry.platform_index, entry.device_index, entry.info});
            }
            report.available = !report.devices.empty();
            if (!report.available) report.reason = "no devices";
        } catch (const BackendUnavailable& e) {
            report.reason = e.why();
        }
        reports.push_back(std::move(report));
    }
    return reports;
}

} // namespace rtcg
