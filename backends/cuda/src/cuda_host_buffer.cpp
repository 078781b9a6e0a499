#include "cuda_host_buffer.hpp"

#include <string>

namespace rtcg::cuda {

CudaHostBuffer::CudaHostBuffer(const CudaContext& context, std::size_t bytes) : context_(context), size_(bytes) {
    context_.make_current();
    const CUresult result = context_.api().cuMemHostAlloc(&data_, bytes, CU_MEMHOSTALLOC_PORTABLE);
    if (result != CUDA_SUCCESS)
        throw_driver_error(result, "cuMemHostAlloc", "allocating " + std::to_string(bytes) + " bytes of page-locked host memory");
}

CudaHostBuffer::~CudaHostBuffer() {
    if (context_.make_current_or_warn()) succeeded_or_warn(context_.api().cuMemFreeHost(data_), "cuMemFreeHost");
}

} // namespace rtcg::cuda
