#pragma once
// Device memory: allocated here, imported from outside rtcg and used without being freed, or
// another process's, opened through CUDA IPC and unmapped when done.
#include "cuda_context.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <cstddef>

namespace rtcg::cuda {

class CudaBuffer final : public plugin::BufferImpl {
public:
    // Allocates `bytes` (never 0: core does not ask for empty buffers). Throws OutOfMemory.
    CudaBuffer(const CudaContext& context, std::size_t bytes);
    // Wraps `bytes` from `foreign`, memory made outside rtcg that CudaContext::import_buffer
    // checked; never frees it.
    static std::unique_ptr<CudaBuffer> borrow(const CudaContext& context, CUdeviceptr foreign, std::size_t bytes);
    // `bytes` from `offset` of another process's allocation that cuIpcOpenMemHandle mapped at
    // `mapping`; closes the mapping when destroyed.
    static std::unique_ptr<CudaBuffer> adopt_ipc_mapping(const CudaContext& context, CUdeviceptr mapping,
                                                         std::size_t offset, std::size_t bytes) noexcept;
    // `rows` rows of `width_bytes` from cuMemAllocPitch, for accesses of up to 16 bytes; the
    // driver's pitch goes to `pitch`. Throws OutOfMemory.
    static std::unique_ptr<CudaBuffer> allocate_pitched(const CudaContext& context, std::size_t width_bytes,
                                                        std::size_t rows, std::size_t& pitch);
    ~CudaBuffer() override;
    CudaBuffer(const CudaBuffer&) = delete;
    CudaBuffer& operator=(const CudaBuffer&) = delete;

    std::size_t size() const noexcept override { return size_; }
    plugin::NativeHandle native_handle() const noexcept override { return address_; }
    CUdeviceptr address() const noexcept { return address_; }
    // cuLaunchKernel takes each argument by the address of its value; for a buffer argument the
    // value is the device pointer, so launches point at this member.
    const CUdeviceptr* address_storage() const noexcept { return &address_; }
    const CudaContext& context() const noexcept { return context_; }

private:
    // What the destructor does with the memory.
    enum class Release { free, keep, close_ipc_mapping };
    CudaBuffer(const CudaContext& context, CUdeviceptr address, std::size_t bytes, Release release,
               CUdeviceptr mapping = 0) noexcept;

    const CudaContext& context_;
    const std::size_t size_;
    CUdeviceptr address_ = 0;
    const Release release_ = Release::free;
    const CUdeviceptr ipc_mapping_ = 0; // where cuIpcOpenMemHandle mapped the whole allocation
};

} // namespace rtcg::cuda
