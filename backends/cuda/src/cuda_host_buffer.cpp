#include "cuda_host_buffer.hpp"

#include <rtcg/core/error.hpp>

#include <cstdint>
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

CudaManagedMemory::CudaManagedMemory(const CudaContext& context, std::size_t bytes) : context_(context), size_(bytes) {
    context_.make_current();
    const CUresult result = context_.api().cuMemAllocManaged(&address_, bytes, CU_MEM_ATTACH_GLOBAL);
    if (result != CUDA_SUCCESS)
        throw_driver_error(result, "cuMemAllocManaged", "allocating " + std::to_string(bytes) + " bytes of managed memory");
}

CudaManagedMemory::~CudaManagedMemory() {
    if (context_.make_current_or_warn()) succeeded_or_warn(context_.api().cuMemFree(address_), "cuMemFree");
}

void* CudaManagedMemory::map(plugin::QueueImpl& queue) {
    queue.finish();
    return reinterpret_cast<void*>(static_cast<std::uintptr_t>(address_));
}

namespace {

CUmemLocation location_of(const CudaContext& context, MemoryLocation location) noexcept {
    if (location == MemoryLocation::host) return CUmemLocation{CU_MEM_LOCATION_TYPE_HOST, 0};
    return CUmemLocation{CU_MEM_LOCATION_TYPE_DEVICE, static_cast<int>(context.native_handles().device)};
}

void require(const void* function, const char* name) {
    if (!function)
        throw BackendUnavailable(std::string("this NVIDIA driver lacks ") + name + " (CUDA 12.2 and later have it)",
                                 name);
}

} // namespace

void CudaManagedMemory::prefetch(plugin::QueueImpl& queue, MemoryLocation location) {
    const DriverApi& api = context_.api();
    require(reinterpret_cast<const void*>(api.cuMemPrefetchAsync), "cuMemPrefetchAsync");
    context_.make_current();
    const auto stream = reinterpret_cast<CUstream>(static_cast<std::uintptr_t>(queue.native_handle()));
    check(api.cuMemPrefetchAsync(address_, size_, location_of(context_, location), 0, stream), "cuMemPrefetchAsync");
}

void CudaManagedMemory::advise(MemoryAdvice advice) {
    const DriverApi& api = context_.api();
    require(reinterpret_cast<const void*>(api.cuMemAdvise), "cuMemAdvise");
    context_.make_current();
    CUmem_advise which = CU_MEM_ADVISE_SET_READ_MOSTLY;
    MemoryLocation where = MemoryLocation::device;
    switch (advice) {
    case MemoryAdvice::read_mostly: break;
    case MemoryAdvice::prefer_device: which = CU_MEM_ADVISE_SET_PREFERRED_LOCATION; break;
    case MemoryAdvice::prefer_host:
        which = CU_MEM_ADVISE_SET_PREFERRED_LOCATION;
        where = MemoryLocation::host;
        break;
    case MemoryAdvice::accessed_by_device: which = CU_MEM_ADVISE_SET_ACCESSED_BY; break;
    }
    check(api.cuMemAdvise(address_, size_, which, location_of(context_, where)), "cuMemAdvise");
}

} // namespace rtcg::cuda
