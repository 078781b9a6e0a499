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

// Page-locked host memory mapped into the device's address space (CU_MEMHOSTALLOC_DEVICEMAP):
// kernels read and write it in place through the device pointer the driver gives for it.
class CudaMappedMemory final : public plugin::MappedMemoryImpl {
public:
    // Allocates `bytes` and finds their device address. Throws OutOfMemory.
    CudaMappedMemory(const CudaContext& context, std::size_t bytes);
    ~CudaMappedMemory() override;
    CudaMappedMemory(const CudaMappedMemory&) = delete;
    CudaMappedMemory& operator=(const CudaMappedMemory&) = delete;

    // The host pointer is valid for good; mapping only waits for the queue's work.
    void* map(plugin::QueueImpl& queue) override;
    // Nothing to do: the host's writes reach the device through the bus as they are made.
    void unmap(plugin::QueueImpl&, void*) override {}

    CUdeviceptr device_address() const noexcept { return device_address_; }

private:
    const CudaContext& context_;
    void* data_ = nullptr;
    CUdeviceptr device_address_ = 0;
};

// Managed memory (cuMemAllocManaged, attached globally): the driver migrates its pages between
// host and device on use. Host access waits for the queue like mapped memory.
class CudaManagedMemory final : public plugin::MappedMemoryImpl {
public:
    // Throws OutOfMemory.
    CudaManagedMemory(const CudaContext& context, std::size_t bytes);
    ~CudaManagedMemory() override;
    CudaManagedMemory(const CudaManagedMemory&) = delete;
    CudaManagedMemory& operator=(const CudaManagedMemory&) = delete;

    void* map(plugin::QueueImpl& queue) override;
    void unmap(plugin::QueueImpl&, void*) override {}
    // cuMemPrefetchAsync / cuMemAdvise (the CUmemLocation forms of CUDA 12.2); BackendUnavailable
    // on older drivers, which lack them.
    void prefetch(plugin::QueueImpl& queue, MemoryLocation location) override;
    void advise(MemoryAdvice advice) override;

    CUdeviceptr address() const noexcept { return address_; }

private:
    const CudaContext& context_;
    const std::size_t size_;
    CUdeviceptr address_ = 0;
};

} // namespace rtcg::cuda
