#pragma once
// The environment variables rtcg reads, in one place.
#include <optional>
#include <string>

namespace rtcg::detail {

// The variable's value when set and non-empty.
std::optional<std::string> env_string(const char* name);
// A yes/no variable: 1, true, yes, on or 0, false, no, off, in any case; unset or empty is false.
// Any other value is InvalidArgument naming the variable, the value and the accepted values.
bool env_flag(const char* name);

inline constexpr const char* backend_variable = "RTCG_BACKEND";
inline constexpr const char* plugin_path_variable = "RTCG_PLUGIN_PATH";
inline constexpr const char* cache_dir_variable = "RTCG_CACHE_DIR";
inline constexpr const char* cache_max_size_variable = "RTCG_CACHE_MAX_SIZE";
inline constexpr const char* no_cache_variable = "RTCG_NO_CACHE";
inline constexpr const char* debug_variable = "RTCG_DEBUG";

} // namespace rtcg::detail
