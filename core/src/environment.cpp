#include "environment.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace rtcg::detail {

std::optional<std::string> env_string(const char* name) {
    const char* value = std::getenv(name);
    if (!value || !*value) return std::nullopt;
    return std::string(value);
}

bool env_flag(const char* name) {
    auto value = env_string(name);
    if (!value) return false;
    std::transform(value->begin(), value->end(), value->begin(), [](unsigned char c) { return std::tolower(c); });
    return *value == "1" || *value == "true" || *value == "yes" || *value == "on";
}

} // namespace rtcg::detail
