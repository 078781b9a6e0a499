#pragma once
// RTCG_BACKEND-style selectors: "cuda[:DEVICE]" and "opencl[:PLATFORM[:DEVICE]]", where each
// field is an index or a case-insensitive part of a name or vendor; an empty field matches all.
#include <rtcg/core/backends.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

struct BackendSelector {
    std::string text;     // as the user wrote it, for messages
    std::string backend;  // "cuda" or "opencl"
    std::string platform; // OpenCL only
    std::string device;
};

// Throws InvalidArgument, saying what is wrong and what is expected, for a malformed selector.
BackendSelector parse_selector(std::string_view text);

bool matches(const BackendSelector& selector, const DeviceDescription& device);

// Devices of every available backend in the default order of preference: CUDA devices, then
// OpenCL GPUs, then OpenCL CPUs, then other OpenCL devices.
std::vector<DeviceDescription> devices_in_preference_order(const std::vector<BackendReport>& reports);

// "cuda: unavailable (libcuda.so.1 not found ...)\nopencl: opencl:0:0 <name> (cpu)\n..."
std::string describe_availability(const std::vector<BackendReport>& reports);

} // namespace rtcg::detail
