#include "context_kernels.hpp"

#include <iterator>

namespace rtcg::detail {

std::shared_ptr<ContextKernels> ContextKernels::of(const Context& context) {
    static std::mutex registry_mutex;
    static std::unordered_map<const ContextState*, std::weak_ptr<ContextKernels>> registry;

    const std::lock_guard lock(registry_mutex);
    auto& entry = registry[context.state().get()];
    if (auto existing = entry.lock()) return existing;
    auto created = std::make_shared<ContextKernels>(context);
    entry = created;
    // Entries of contexts that are gone would otherwise pile up in long-running programs.
    for (auto it = registry.begin(); it != registry.end();)
        it = it->second.expired() ? registry.erase(it) : std::next(it);
    return created;
}

std::shared_ptr<const void> ContextKernels::find_any(const std::string& key) const {
    const std::lock_guard lock(mutex_);
    const auto found = programs_.find(key);
    return found == programs_.end() ? nullptr : found->second;
}

std::shared_ptr<const void> ContextKernels::insert_any(const std::string& key, std::shared_ptr<const void> program) {
    const std::lock_guard lock(mutex_);
    return programs_.try_emplace(key, std::move(program)).first->second;
}

const Buffer& ContextKernels::group_counter(Queue& queue) {
    const std::lock_guard lock(mutex_);
    const auto [entry, inserted] = group_counters_.try_emplace(queue.id());
    if (inserted) {
        try {
            entry->second = context_.allocate(sizeof(std::uint32_t));
            queue.fill(entry->second, std::uint32_t{0});
        } catch (...) {
            group_counters_.erase(entry);
            throw;
        }
    }
    return entry->second;
}

ScanTileStates& ContextKernels::scan_tile_states(const Queue& queue) {
    const std::lock_guard lock(mutex_);
    std::unique_ptr<ScanTileStates>& states = scan_tile_states_[queue.id()];
    if (!states) states = std::make_unique<ScanTileStates>();
    return *states;
}

} // namespace rtcg::detail
