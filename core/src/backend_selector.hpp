#pragma once
// RTCG_BACKEND-style selectors: "<backend>[:PLATFORM[:DEVICE]]" for a backend whose plug-in groups
// devices in platforms, else "<backend>[:DEVICE]", where each field is an index or a
// case-insensitive part of a name or vendor; an empty field matches all.
#include <rtcg/core/backends.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

struct BackendSelector {
    std::string text;     // as the user wrote it, for messages
    std::string backend;  // one of the known backends
    std::string platform; // for backends with platforms only
    std::string device;
};

// Throws InvalidArgument, saying what is wrong and what is expected, for a malformed selector.
BackendSelector parse_selector(std::string_view text);

bool matches(const BackendSelector& selector, const DeviceDescription& device);

// Devices of every available backend in the default order of preference, which each backend's
// plug-in gives (plugin::Backend::preference).
std::vector<DeviceDescription> devices_in_preference_order(const std::vector<BackendReport>& reports);

// One line per device, and per unavailable backend with the reason.
std::string describe_availability(const std::vector<BackendReport>& reports);

} // namespace rtcg::detail
