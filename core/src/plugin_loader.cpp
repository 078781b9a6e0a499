#include "plugin_loader.hpp"

#include "environment.hpp"

#include <rtcg/core/plugin/support.hpp>

#include <dlfcn.h>

#include <filesystem>
#include <map>
#include <mutex>
#include <system_error>

namespace rtcg::detail {
namespace {

// The directories librtcg.so was loaded from: the path the dynamic loader used, then, when that
// path is a symbolic link into another directory (a library linked into /usr/lib from an install
// prefix elsewhere), the directory of the file it resolves to, where the plug-ins were installed.
std::vector<std::filesystem::path> core_library_directories() {
    Dl_info info{};
    if (dladdr(reinterpret_cast<const void*>(&core_library_directories), &info) == 0 || !info.dli_fname) return {};
    const std::filesystem::path loaded = std::filesystem::path(info.dli_fname).lexically_normal();
    std::vector<std::filesystem::path> dirs{loaded.parent_path()};
    std::error_code error;
    const std::filesystem::path resolved = std::filesystem::canonical(loaded, error);
    if (!error && !std::filesystem::equivalent(resolved.parent_path(), dirs.front(), error))
        dirs.push_back(resolved.parent_path());
    return dirs;
}

LoadedPlugin open_plugin(std::string_view name) {
    const std::string file = "librtcg-" + std::string(name) + ".so";
    std::string searched;
    for (const auto& dir : plugin_search_path()) {
        const auto candidate = std::filesystem::path(dir) / file;
        searched += (searched.empty() ? "" : ", ") + dir;
        if (!std::filesystem::exists(candidate)) continue;

        // RTLD_LOCAL: each plug-in's dependencies (libOpenCL, ...) stay out of the global namespace.
        void* handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) return {nullptr, "cannot load " + candidate.string() + ": " + dlerror()};
        auto create = reinterpret_cast<rtcg_plugin_create_fn>(dlsym(handle, RTCG_PLUGIN_ENTRY_POINT));
        if (!create) {
            dlclose(handle);
            return {nullptr, candidate.string() + " is not an rtcg plug-in (no " RTCG_PLUGIN_ENTRY_POINT ")"};
        }
        plugin::Backend* backend = create(plugin::abi_version);
        if (!backend) {
            dlclose(handle);
            return {nullptr, candidate.string() + " was built for another rtcg plug-in ABI than " +
                                 std::to_string(plugin::abi_version)};
        }
        plugin::logger().debug("loaded the {} plug-in from {}", name, candidate.string());
        // Never dlclose a working plug-in: objects it made may outlive every rtcg handle.
        return {backend, {}};
    }
    return {nullptr, file + " not found (searched: " + searched + ")"};
}

} // namespace

std::vector<std::string> plugin_search_path() {
    std::vector<std::string> dirs;
    if (auto path = env_string(plugin_path_variable)) {
        std::size_t start = 0;
        while (start <= path->size()) {
            const std::size_t end = std::min(path->find(':', start), path->size());
            if (end > start) dirs.push_back(path->substr(start, end - start));
            start = end + 1;
        }
    }
    for (const auto& own : core_library_directories()) {
        dirs.push_back((own / RTCG_PLUGIN_SUBDIR).string());
        dirs.push_back(own.string());
    }
    return dirs;
}

const std::vector<std::string>& known_backends() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> split;
        const std::string_view configured = RTCG_KNOWN_BACKENDS;
        std::size_t start = 0;
        while (start <= configured.size()) {
            const std::size_t end = std::min(configured.find(',', start), configured.size());
            if (end > start) split.emplace_back(configured.substr(start, end - start));
            start = end + 1;
        }
        return split;
    }();
    return names;
}

std::string known_backend_list() {
    const auto& names = known_backends();
    std::string text;
    for (std::size_t k = 0; k < names.size(); ++k)
        text += (k == 0 ? "" : k + 1 == names.size() ? " and " : ", ") + names[k];
    return text;
}

const LoadedPlugin& load_plugin(std::string_view name) {
    static std::mutex mutex;
    static std::map<std::string, LoadedPlugin, std::less<>> loaded;
    std::lock_guard lock(mutex);
    if (auto it = loaded.find(name); it != loaded.end()) return it->second;
    return loaded.emplace(std::string(name), open_plugin(name)).first->second;
}

} // namespace rtcg::detail
