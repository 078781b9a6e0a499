#pragma once
// What a Context handle points at. Buffers, queues, modules, kernels and events each hold a
// shared_ptr to it, so the backend context outlives everything made in it.
#include "compile_cache.hpp"

#include <rtcg/core/backends.hpp>
#include <rtcg/core/plugin/backend.hpp>
#include <rtcg/core/queue.hpp>

#include <future>
#include <memory>
#include <mutex>
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

    plugin::Backend& backend;
    const DeviceDescription description;
    // Declared before the queue and the memo so it is destroyed after them: they live in it.
    const std::unique_ptr<plugin::ContextImpl> impl;
    const std::string compiler_identity;
    Queue default_queue;

private:
    std::shared_ptr<const LoadedModule> build_uncached(const plugin::CompileRequest& request, const CacheKey& key);

    using Pending = std::shared_future<std::shared_ptr<const LoadedModule>>;
    std::mutex memo_mutex_;
    std::unordered_map<std::string, Pending> memo_;
};

} // namespace rtcg::detail
