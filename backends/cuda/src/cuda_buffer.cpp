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

CudaBuffer::CudaBuffer(const CudaContext& context, CUdeviceptr foreign, std::size_t bytes) noexcept
    : context_(context), size_(bytes), address_(foreign), owned_(false) {}

std::unique_ptr<CudaBuffer> CudaBuffer::borrow(const CudaContext& context, CUdeviceptr foreign, std::size_t bytes) {
    return std::unique_ptr<CudaBuffer>(new CudaBuffer(context, foreign, bytes));
}

CudaBuffer::~CudaBuffer() {
    if (owned_ && context_.make_current_or_warn()) succeeded_or_warn(context_.api().cuMemFree(address_), "cuMemFree");
}

} // namespace rtcg::cuda
