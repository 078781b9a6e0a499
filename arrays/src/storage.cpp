#include "storage.hpp"

#include "context_kernels.hpp"

namespace rtcg::detail {

// Arrays are created, filled, computed on and read back on the context's default queue, so their
// blocks come from the context's pool for that queue: a freed temporary is reused by the next
// array at no driver cost, and in queue order (see memory_pool.hpp).
std::shared_ptr<ArrayStorage> allocate_storage(const Context& context, std::size_t bytes) {
    return std::make_shared<ArrayStorage>(
        ArrayStorage{context.memory_pool().allocate(bytes), ContextKernels::of(context)});
}

} // namespace rtcg::detail
