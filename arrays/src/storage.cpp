#include "storage.hpp"

#include "context_kernels.hpp"

#include <rtcg/arrays/queue_scope.hpp>

namespace rtcg::detail {

// Arrays are created, filled, computed on and read back on their context's current queue
// (queue_scope.hpp), so their blocks come from the context's pool for that queue: a freed
// temporary is reused by the next array at no driver cost, and in queue order (memory_pool.hpp).
std::shared_ptr<ArrayStorage> allocate_storage(const Context& context, std::size_t bytes) {
    return std::make_shared<ArrayStorage>(
        ArrayStorage{context.memory_pool().allocate(bytes, detail::current_queue(context)), ContextKernels::of(context)});
}

} // namespace rtcg::detail
