#include "context_state.hpp"

#include "compile_cache.hpp"

#include <rtcg/core/error.hpp>
#include <rtcg/core/plugin/support.hpp>

#include <chrono>

namespace rtcg::detail {
namespace {

double milliseconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// The module `load` makes of `binary`, once each kernel it lists has been created from it: what the
// disk cache requires of a binary before it stores it or serves it. Throws the backend's Error.
template <class Load>
std::unique_ptr<plugin::ModuleImpl> load_whole_module(const Load& load, std::span<const std::byte> binary) {
    auto module = load(binary);
    for (const auto& name : module->kernel_names()) module->kernel(name);
    return module;
}

} // namespace

ContextState::ContextState(plugin::Backend& backend_, DeviceDescription description_)
    : backend(backend_), description(std::move(description_)), impl(backend.create_context(plugin::DeviceEntry{
                                                                   description.platform, description.platform_vendor,
                                                                   description.platform_index, description.device_index,
                                                                   description.info})),
      compiler_identity(impl->compiler_identity()),
      // The default queue must not own its context (the context owns it): an aliasing pointer
      // with no owner.
      default_queue(std::shared_ptr<ContextState>(std::shared_ptr<void>(), this), impl->create_queue(QueueOrder::in_order)) {}

MemoryPoolState& ContextState::default_pool() {
    std::call_once(default_pool_once_, [this] {
        // Non-owning, like the default queue's pointer: the context owns its pool.
        default_pool_ = std::make_unique<MemoryPoolState>(std::shared_ptr<ContextState>(std::shared_ptr<void>(), this));
    });
    return *default_pool_;
}

void check_allocation_limit(const DeviceInfo& device, std::size_t bytes, const char* where) {
    if (bytes > device.max_allocation_bytes)
        throw OutOfMemory("cannot allocate " + std::to_string(bytes) + " bytes: the largest buffer " + device.name +
                              " allows is " + std::to_string(device.max_allocation_bytes) + " bytes",
                          where);
}

std::shared_ptr<const LoadedModule> ContextState::build(const plugin::CompileRequest& request) {
    const Recipe recipe{[&] { return impl->compile(request); },
                        [&](std::span<const std::byte> binary) { return impl->load(binary, request); },
                        request.source.size()};
    return build_memoised(make_cache_key(description.info.backend, compiler_identity, request), recipe);
}

std::shared_ptr<const LoadedModule> ContextState::link(const plugin::LinkRequest& request) {
    std::size_t source_bytes = 0;
    for (const auto& unit : request.units)
        source_bytes += unit.is_binary() ? unit.binary.size() : unit.request.source.size();
    const Recipe recipe{[&] { return impl->link(request); },
                        [&](std::span<const std::byte> binary) { return impl->load_linked(binary, request); },
                        source_bytes};
    return build_memoised(make_link_cache_key(description.info.backend, compiler_identity, request), recipe);
}

std::shared_ptr<const LoadedModule> ContextState::build_memoised(const CacheKey& key, const Recipe& recipe) {
    std::promise<std::shared_ptr<const LoadedModule>> promise;
    Pending earlier;
    {
        std::lock_guard lock(memo_mutex_);
        auto [it, inserted] = memo_.try_emplace(key.hex);
        if (inserted)
            it->second = promise.get_future().share();
        else
            earlier = it->second;
    }
    if (earlier.valid()) {
        ++cache_counters().memory_hits;
        plugin::logger().debug("in-process compile cache hit for {}", key.hex.substr(0, 16));
        return earlier.get(); // waits when another thread is still building it
    }
    try {
        auto module = build_uncached(key, recipe);
        promise.set_value(module);
        return module;
    } catch (...) {
        promise.set_exception(std::current_exception());
        std::lock_guard lock(memo_mutex_);
        memo_.erase(key.hex);
        throw;
    }
}

std::shared_ptr<const LoadedModule> ContextState::build_uncached(const CacheKey& key, const Recipe& recipe) {
    auto& log = plugin::logger();
    auto& counters = cache_counters();
    const auto directory = disk_cache_directory();
    const std::string short_key = key.hex.substr(0, 16);

    if (directory) {
        if (auto binary = load_cache_entry(*directory, key)) {
            const auto start = std::chrono::steady_clock::now();
            try {
                auto module = std::make_shared<LoadedModule>(LoadedModule{load_whole_module(recipe.load, *binary), {}});
                ++counters.disk_hits;
                log.debug("disk compile cache hit for {} ({} bytes, loaded in {:.2f} ms)", short_key, binary->size(),
                          milliseconds_since(start));
                return module;
            } catch (const Error& e) {
                // The checksum says only that these are the bytes once stored. A driver may reject
                // them (after a change the key did not capture, or a binary stored before rtcg
                // checked binaries): remove the entry and rebuild it from source.
                discard_cache_entry(*directory, key, std::string("the driver rejected its binary: ") + e.what());
            }
        }
        ++counters.disk_misses;
        log.debug("disk compile cache miss for {}", short_key);
    }

    const auto start = std::chrono::steady_clock::now();
    plugin::CompileResult result = recipe.make();
    ++counters.compiles;
    log.debug("compiled {} for {} in {:.1f} ms ({} bytes of source)", short_key, description.selector,
              milliseconds_since(start), recipe.source_bytes);
    if (!result.binary.log.empty()) log.debug("build log for {}:\n{}", short_key, result.binary.log);
    if (directory) store_if_loadable(*directory, key, recipe, result.binary.bytes);
    return std::make_shared<LoadedModule>(LoadedModule{std::move(result.module), std::move(result.binary.log)});
}

void ContextState::store_if_loadable(const std::filesystem::path& directory, const CacheKey& key, const Recipe& recipe,
                                     std::span<const std::byte> binary) {
    // A driver can hand out a binary that does not load: PoCL's shared kernel cache, with several
    // processes building at once, gave truncated ones, and PoCL aborts when it loads them. Stored,
    // such a binary would break every later process; so a binary is stored only once it has been
    // loaded back, and the module compiled from source stays the one in use either way.
    const auto start = std::chrono::steady_clock::now();
    try {
        load_whole_module(recipe.load, binary);
    } catch (const Error& e) {
        ++cache_counters().rejected_binaries;
        plugin::logger().warn("the binary compiled for {} does not load back, so it is not stored in the disk "
                              "cache: {}",
                              key.hex.substr(0, 16), e.what());
        return;
    }
    plugin::logger().debug("the binary compiled for {} loads back ({:.2f} ms); storing it", key.hex.substr(0, 16),
                           milliseconds_since(start));
    store_cache_entry(directory, key, binary);
}

} // namespace rtcg::detail
