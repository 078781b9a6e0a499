#pragma once
// Device memory behind arrays. Every array's storage is allocated by allocate_storage, the one
// place that decides where array memory comes from.
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/context.hpp>

#include <cstddef>
#include <memory>

namespace rtcg::detail {

class ContextKernels;

struct ArrayStorage {
    Buffer buffer;
    // Arrays keep their context's generated kernels (fill, arange, ...) alive, so that creating
    // arrays again finds them built.
    std::shared_ptr<ContextKernels> kernels;
};

std::shared_ptr<ArrayStorage> allocate_storage(const Context& context, std::size_t bytes);

} // namespace rtcg::detail
