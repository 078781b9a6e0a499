#pragma once
// What a Context handle points at. Buffers, queues, modules, kernels and events each hold a
// shared_ptr to it, so the backend context outlives everything made in it.
#include "compile_cache.hpp"
#include "host_callbacks.hpp"
#include "memory_pool_state.hpp"
#include "staging_buffers.hpp"

#include <rtcg/core/backends.hpp>
#include <rtcg/core/plugin/backend.hpp>
#include <rtcg/core/queue.hpp>

#include <filesystem>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>

namespace rtcg::detail {

struct LoadedModule {
    std::unique_ptr<plugin::ModuleImpl> impl;
    std::string build_log;
};

struct ContextState : std::enable_shared_from_this<ContextState> {
    ContextState(plugin::Backend& backend, DeviceDescription description);
    ContextState(const ContextState&) = delete;
    ContextState& operator=(const ContextState&) = delete;

    // Memo, then disk cache, then compiler. Concurrent requests for the same program wait for
    // one build instead of compiling it twice; a failed build is not remembered.
    std::shared_ptr<const LoadedModule> build(const plugin::CompileRequest& request);
    // The same for a module linked from several units (Module::link).
    std::shared_ptr<const LoadedModule> link(const plugin::LinkRequest& request);

    // Context::memory_pool's pool, made on first use.
    MemoryPoolState& default_pool();

    plugin::Backend& backend;
    const DeviceDescription description;
    // Declared before the queue, the pool and the memo so it is destroyed after them: they live
    // in it.
    const std::unique_ptr<plugin::ContextImpl> impl;
    // Destroyed before the backend context, once every callback the driver holds has run.
    HostCallbacks host_callbacks;
    const std::string compiler_identity;
    Queue default_queue;
    // Page-locked host buffers for copies to and from other contexts that run on this one's queues.
    StagingBuffers staging_buffers;

private:
    std::once_flag default_pool_once_;
    std::unique_ptr<MemoryPoolState> default_pool_;

    // How one program is made from nothing and loaded from its binary: a compile or a link.
    struct Recipe {
        std::function<plugin::CompileResult()> make;
        std::function<std::unique_ptr<plugin::ModuleImpl>(std::span<const std::byte>)> load;
        std::size_t source_bytes = 0; // for the log
    };
    std::shared_ptr<const LoadedModule> build_memoised(const CacheKey& key, const Recipe& recipe);
    std::shared_ptr<const LoadedModule> build_uncached(const CacheKey& key, const Recipe& recipe);
    // Stores a freshly made binary once it loads back into a module of its own.
    void store_if_loadable(const std::filesystem::path& directory, const CacheKey& key, const Recipe& recipe,
                           std::span<const std::byte> binary);

    using Pending = std::shared_future<std::shared_ptr<const LoadedModule>>;
    std::mutex memo_mutex_;
    std::unordered_map<std::string, Pending> memo_;
};

// Throws OutOfMemory, naming `where`, when `bytes` exceeds the device's largest allocation.
void check_allocation_limit(const DeviceInfo& device, std::size_t bytes, const char* where);

} // namespace rtcg::detail
