#include "backend_selector.hpp"

#include "plugin_loader.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cctype>
#include <limits>

namespace rtcg::detail {
namespace {

// "<name>[:PLATFORM[:DEVICE]]" or "<name>[:DEVICE]", as the backend's plug-in describes itself;
// "<name>[:...]" for a backend whose plug-in cannot be loaded.
std::string selector_syntax(const std::string& name) {
    const plugin::Backend* backend = load_plugin(name).backend;
    if (!backend) return name + "[:...]";
    return name + (backend->has_platforms() ? "[:PLATFORM[:DEVICE]]" : "[:DEVICE]");
}

std::string expected_selectors() {
    std::string text = "expected ";
    const auto& names = known_backends();
    for (std::size_t k = 0; k < names.size(); ++k)
        text += (k == 0 ? "" : k + 1 == names.size() ? " or " : ", ") + selector_syntax(names[k]);
    return text + ", each field an index or part of a name (e.g. " + names.front() + ":0)";
}

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
    const plugin::Backend* backend = load_plugin(d.info.backend).backend;
    return backend ? backend->preference(d.info) : std::numeric_limits<int>::max();
}

} // namespace

BackendSelector parse_selector(std::string_view text) {
    const std::string where = "RTCG_BACKEND";
    auto invalid = [&](const std::string& why) {
        return InvalidArgument("'" + std::string(text) + "' is not a backend selector: " + why + "; " +
                                   expected_selectors(),
                               where);
    };
    if (text.find_first_of(" \t\n") != std::string_view::npos) throw invalid("it contains white space");
    const auto fields = split_fields(text);
    BackendSelector selector{std::string(text), lowercase(fields[0]), {}, {}};
    if (selector.backend.empty()) throw invalid("the backend name is missing");
    const auto& known = known_backends();
    if (std::find(known.begin(), known.end(), selector.backend) == known.end())
        throw invalid("unknown backend '" + fields[0] + "'");
    // A backend whose plug-in is missing has no devices to match: any fields will do, and the
    // search reports why it is missing.
    const plugin::Backend* backend = load_plugin(selector.backend).backend;
    const bool platforms = !backend || backend->has_platforms();
    if (!platforms && fields.size() > 2)
        throw invalid("'" + selector.backend + "' has no platforms, so at most one field follows it");
    if (fields.size() > 3) throw invalid("too many fields");
    if (platforms && fields.size() >= 2) selector.platform = fields[1];
    if (fields.size() == (platforms ? 3u : 2u)) selector.device = fields.back();
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
    for (const std::string& name : detail::known_backends()) {
        BackendReport report{name, false, {}, {}};
        const auto& plugin = detail::load_plugin(name);
        if (!plugin.backend) {
            report.reason = plugin.failure;
            reports.push_back(std::move(report));
            continue;
        }
        try {
            for (const auto& entry : plugin.backend->devices()) {
                const std::string selector =
                    plugin.backend->has_platforms()
                        ? name + ":" + std::to_string(entry.platform_index) + ":" + std::to_string(entry.device_index)
                        : name + ":" + std::to_string(entry.device_index);
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
