#include "opencl_buffer.hpp"

#include "status.hpp"

#include <cstdint>

namespace rtcg::opencl {
namespace {

MemHandle create_buffer(cl_context context, cl_mem_flags flags, std::size_t bytes, const char* kind,
                        const std::string& device_name) {
    cl_int status = CL_SUCCESS;
    MemHandle memory(clCreateBuffer(context, flags, bytes, nullptr, &status));
    check_allocation(status, "clCreateBuffer", bytes, kind, device_name);
    return memory;
}

constexpr const char* pinned_memory = "pinned host memory";

} // namespace

OpenclBuffer::OpenclBuffer(cl_context context, std::size_t bytes, const std::string& device_name)
    : memory_(create_buffer(context, CL_MEM_READ_WRITE, bytes, "device memory", device_name)), size_(bytes) {}

OpenclHostBuffer::OpenclHostBuffer(cl_context context, cl_command_queue mapping_queue, std::size_t bytes,
                       const std::string& device_name)
    : memory_(create_buffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, pinned_memory, device_name)),
      mapping_queue_(mapping_queue), size_(bytes) {
    cl_int status = CL_SUCCESS;
    data_ = clEnqueueMapBuffer(mapping_queue_, memory_.get(), CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0,
                               nullptr, nullptr, &status);
    check_allocation(status, "clEnqueueMapBuffer", bytes, pinned_memory, device_name);
}

OpenclHostBuffer::~OpenclHostBuffer() {
    // Releasing memory_ right after is safe: OpenCL deletes a memory object only once the
    // commands that use it, this unmap included, have finished.
    warn_on_failure(clEnqueueUnmapMemObject(mapping_queue_, memory_.get(), data_, 0, nullptr, nullptr),
                    "clEnqueueUnmapMemObject");
}

OpenclMappedMemory::OpenclMappedMemory(cl_context context, std::size_t bytes, const std::string& device_name)
    : memory_(create_buffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, "mapped host memory",
                            device_name)),
      size_(bytes), device_name_(device_name) {}

namespace {
cl_command_queue queue_of(const plugin::QueueImpl& queue) noexcept {
    return reinterpret_cast<cl_command_queue>(static_cast<std::uintptr_t>(queue.native_handle()));
}
} // namespace

// A blocking map on the queue itself: it runs after the queue's earlier work.
void* OpenclMappedMemory::map(plugin::QueueImpl& queue) {
    cl_int status = CL_SUCCESS;
    void* data = clEnqueueMapBuffer(queue_of(queue), memory_.get(), CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, size_, 0,
                                    nullptr, nullptr, &status);
    check_allocation(status, "clEnqueueMapBuffer", size_, "mapped host memory", device_name_);
    return data;
}

// Queued on the same in-order queue, so the work queued after it sees the host's writes.
void OpenclMappedMemory::unmap(plugin::QueueImpl& queue, void* data) {
    check(clEnqueueUnmapMemObject(queue_of(queue), memory_.get(), data, 0, nullptr, nullptr),
          "clEnqueueUnmapMemObject");
}

} // namespace rtcg::opencl
