#include "cuda_buffer.hpp"

#include <string>

namespace rtcg::cuda {

CudaBuffer::CudaBuffer(const CudaContext& context, std::size_t bytes) : context_(context), size_(bytes) {
    context_.make_current();
    const CUresult result = context_.api().cuMemAlloc(&address_, bytes);
    if (result != CUDA_SUCCESS)
        throw_driver_error(result, "cuMemAlloc",
                           "allocating " + std::to_string(bytes) + " bytes of memory on " + context_.device().name);
}

CudaBuffer::CudaBuffer(const CudaContext& context, CUdeviceptr address, std::size_t bytes, Release release,
                       CUdeviceptr mapping) noexcept
    : context_(context), size_(bytes), address_(address), release_(release), ipc_mapping_(mapping) {}

std::unique_ptr<CudaBuffer> CudaBuffer::borrow(const CudaContext& context, CUdeviceptr foreign, std::size_t bytes) {
    return std::unique_ptr<CudaBuffer>(new CudaBuffer(context, foreign, bytes, Release::keep));
}

std::unique_ptr<CudaBuffer> CudaBuffer::adopt_ipc_mapping(const CudaContext& context, CUdeviceptr mapping,
                                                          std::size_t offset, std::size_t bytes) noexcept {
    return std::unique_ptr<CudaBuffer>(
        new CudaBuffer(context, mapping + offset, bytes, Release::close_ipc_mapping, mapping));
}

std::unique_ptr<CudaBuffer> CudaBuffer::allocate_pitched(const CudaContext& context, std::size_t width_bytes,
                                                         std::size_t rows, std::size_t& pitch) {
    context.make_current();
    CUdeviceptr address = 0;
    // 16 bytes, the widest access a kernel makes (a float4 or a double2), keeps every row
    // aligned for any element type.
    constexpr unsigned int widest_access = 16;
    const CUresult result = context.api().cuMemAllocPitch(&address, &pitch, width_bytes, rows, widest_access);
    if (result != CUDA_SUCCESS)
        throw_driver_error(result, "cuMemAllocPitch",
                           "allocating " + std::to_string(rows) + " rows of " + std::to_string(width_bytes) +
                               " bytes on " + context.device().name);
    // The driver's pitch times the rows it allocated cannot overflow: that much memory exists.
    return std::unique_ptr<CudaBuffer>(new CudaBuffer(context, address, pitch * rows, Release::free));
}

CudaBuffer::~CudaBuffer() {
    if (release_ == Release::keep || !context_.make_current_or_warn()) return;
    if (release_ == Release::free)
        succeeded_or_warn(context_.api().cuMemFree(address_), "cuMemFree");
    else
        succeeded_or_warn(context_.api().cuIpcCloseMemHandle(ipc_mapping_), "cuIpcCloseMemHandle");
}

} // namespace rtcg::cuda
