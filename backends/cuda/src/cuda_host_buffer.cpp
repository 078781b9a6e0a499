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

CudaMappedMemory::CudaMappedMemory(const CudaContext& context, std::size_t bytes) : context_(context) {
    context_.make_current();
    const CUresult result =
        context_.api().cuMemHostAlloc(&data_, bytes, CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP);
    if (result != CUDA_SUCCESS)
        throw_driver_error(result, "cuMemHostAlloc",
                           "allocating " + std::to_string(bytes) + " bytes of mapped host memory");
    const CUresult mapped = context_.api().cuMemHostGetDevicePointer(&device_address_, data_, 0);
    if (mapped != CUDA_SUCCESS) {
        succeeded_or_warn(context_.api().cuMemFreeHost(data_), "cuMemFreeHost");
        throw_driver_error(mapped, "cuMemHostGetDevicePointer", "mapping host memory for " + context_.device().name);
    }
}

CudaMappedMemory::~CudaMappedMemory() {
    if (context_.make_current_or_warn()) succeeded_or_warn(context_.api().cuMemFreeHost(data_), "cuMemFreeHost");
}

void* CudaMappedMemory::map(plugin::QueueImpl& queue) {
    queue.finish();
    return data_;
}

} // namespace rtcg::cuda
