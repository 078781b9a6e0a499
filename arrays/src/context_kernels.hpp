#pragma once
// The generated kernels built for one context, found by a key that names everything their source
// depends on. Each generator keeps its own program type (ElementwiseProgram, ReductionProgram,
// ...) here; keys start with the generator's name, so one key never names two types. One ContextKernels exists per context while anything holds it (ElementwiseKernels
// and arrays of the context do); a process-wide registry finds it without keeping it alive, so a
// context and its kernels go away once nothing uses them.
#include "scan_tile_states.hpp"

#include <rtcg/core/buffer.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/queue.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace rtcg::detail {

class ContextKernels {
public:
    explicit ContextKernels(Context context) : context_(std::move(context)) {}

    static std::shared_ptr<ContextKernels> of(const Context& context);

    const Context& context() const noexcept { return context_; }

    template <class Program>
    std::shared_ptr<const Program> find(const std::string& key) const {
        return std::static_pointer_cast<const Program>(find_any(key));
    }
    // Keeps `program` under `key`, unless another thread was first: then returns that one.
    template <class Program>
    std::shared_ptr<const Program> insert(const std::string& key, std::shared_ptr<const Program> program) {
        return std::static_pointer_cast<const Program>(insert_any(key, std::move(program)));
    }

    // A 32-bit word of device memory, zero, for kernels on `queue` that count their finished
    // work-groups (a reduction whose last group folds): each such kernel leaves it zero again, and
    // a queue runs its kernels one after another, so no two of them count on it at once. Made
    // (and zeroed on `queue`) on a queue's first request, then kept as long as these kernels are:
    // like the memory pool's blocks, a word per queue that ever asked.
    const Buffer& group_counter(Queue& queue);

    // The tile states that single-pass scans on `queue` keep from one to the next
    // (scan_tile_states.hpp), made on a queue's first scan and kept as long as these kernels are.
    ScanTileStates& scan_tile_states(const Queue& queue);

private:
    std::shared_ptr<const void> find_any(const std::string& key) const;
    std::shared_ptr<const void> insert_any(const std::string& key, std::shared_ptr<const void> program);

    // Held so that the registry's key (the context's state) cannot be reused while this lives.
    Context context_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, std::shared_ptr<const void>> programs_;
    std::unordered_map<std::uint64_t, Buffer> group_counters_; // by queue id
    std::unordered_map<std::uint64_t, std::unique_ptr<ScanTileStates>> scan_tile_states_; // by queue id
};

} // namespace rtcg::detail
