#pragma once
// Finds, loads and keeps the backend plug-ins. Each is loaded at most once per process, on first
// use, and stays loaded (its objects may live until exit).
#include <rtcg/core/plugin/backend.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

// The backends whose plug-ins core looks for (RTCG_KNOWN_BACKENDS at build time), in the order
// reports list them and equally preferred devices are chosen.
const std::vector<std::string>& known_backends();

// "cuda and opencl": the known backends for messages.
std::string known_backend_list();

struct LoadedPlugin {
    plugin::Backend* backend = nullptr; // null when the plug-in could not be loaded
    std::string failure;                // why, when it could not
};

// Thread-safe. `name` must be one of known_backends().
const LoadedPlugin& load_plugin(std::string_view name);

// Where plug-ins are looked for, in order: RTCG_PLUGIN_PATH's directories, then
// <dir of librtcg.so>/rtcg/plugins, then <dir of librtcg.so>; then the same two for the directory
// of the file librtcg.so resolves to, when it was loaded through a symbolic link from elsewhere.
std::vector<std::string> plugin_search_path();

} // namespace rtcg::detail
