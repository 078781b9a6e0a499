#pragma once
// Where a pooled Buffer's device memory goes when the buffer is destroyed or released: back to
// its MemoryPool rather than to the driver.
#include <rtcg/core/fwd.hpp>

#include <memory>

namespace rtcg::detail {

class BufferRecycler {
public:
    // Called from Buffer's destructor and release(), so it must not throw: when the block
    // cannot be kept, it is freed to the driver.
    virtual void recycle(std::unique_ptr<plugin::BufferImpl> block) noexcept = 0;

protected:
    ~BufferRecycler() = default; // owned through the pool, never deleted through this interface
};

} // namespace rtcg::detail
