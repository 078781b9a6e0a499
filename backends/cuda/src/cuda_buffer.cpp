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

CudaBuffer::CudaBuffer(const CudaContext& context, CUdeviceptr address, std::size_t bytes, bool owned) noexcept
    : context_(context), size_(bytes), address_(address), owned_(owned) {}

std::unique_ptr<CudaBuffer> CudaBuffer::borrow(const CudaContext& context, CUdeviceptr foreign, std::size_t bytes) {
    return std::unique_ptr<CudaBuffer>(new CudaBuffer(context, foreign, bytes, false));
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
    return std::unique_ptr<CudaBuffer>(new CudaBuffer(context, address, pitch * rows, true));
}

CudaBuffer::~CudaBuffer() {
    if (owned_ && context_.make_current_or_warn()) succeeded_or_warn(context_.api().cuMemFree(address_), "cuMemFree");
}

} // namespace rtcg::cuda
