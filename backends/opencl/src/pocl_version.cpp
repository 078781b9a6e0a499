#include "pocl_version.hpp"

#include <charconv>

namespace rtcg::opencl {

std::optional<int> pocl_major_release(std::string_view platform_version) {
    constexpr std::string_view marker = "PoCL ";
    const std::size_t at = platform_version.find(marker);
    if (at == std::string_view::npos) return std::nullopt;
    const std::string_view release = platform_version.substr(at + marker.size());
    int major = 0;
    const auto [end, error] = std::from_chars(release.data(), release.data() + release.size(), major);
    if (error != std::errc{} || end == release.data()) return std::nullopt;
    return major;
}

bool pocl_miscounts_concurrent_launches(std::string_view platform_version) {
    constexpr int first_fixed_release = 7;
    const std::optional<int> major = pocl_major_release(platform_version);
    return major && *major < first_fixed_release;
}

} // namespace rtcg::opencl
