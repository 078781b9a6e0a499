#pragma once
// Device memory.
#include "cuda_context.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <cstddef>

namespace rtcg::cuda {

class CudaBuffer final : public plugin::BufferImpl {
public:
    // Allocates `bytes` (never 0: core does not ask for empty buffers). Throws OutOfMemory.
    CudaBuffer(const CudaContext& context, std::size_t bytes);
    ~CudaBuffer() override;
    CudaBuffer(const CudaBuffer&) = delete;
    CudaBuffer& operator=(const CudaBuffer&) = delete;

    std::size_t size() const noexcept override { return size_; }
    CUdeviceptr address() const noexcept { return address_; }
    // cuLaunchKernel takes each argument by the address of its value; for a buffer argument the
    // value is the device pointer, so launches point at this member.
    const CUdeviceptr* address_storage() const noexcept { return &address_; }

private:
    const CudaContext& context_;
    const std::size_t size_;
    CUdeviceptr address_ = 0;
};

} // namespace rtcg::cuda
