#include "opencl_buffer.hpp"

#include "status.hpp"

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

} // namespace rtcg::opencl
