#pragma once
// Page-locked host memory: transfers from and to it run at full speed and truly asynchronously.
#include "cuda_context.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <cstddef>

namespace rtcg::cuda {

class CudaHostBuffer final : public plugin::HostBufferImpl {
public:
    // Allocates `bytes`, usable with every context (CU_MEMHOSTALLOC_PORTABLE). Throws OutOfMemory.
    CudaHostBuffer(const CudaContext& context, std::size_t bytes);
    ~CudaHostBuffer() override;
    CudaHostBuffer(const CudaHostBuffer&) = delete;
    CudaHostBuffer& operator=(const CudaHostBuffer&) = delete;

    void* data() noexcept override { return data_; }
    std::size_t size() const noexcept override { return size_; }

private:
    const CudaContext& context_;
    const std::size_t size_;
    void* data_ = nullptr;
};

} // namespace rtcg::cuda
