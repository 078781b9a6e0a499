#pragma once
// Shared virtual memory (OpenCL 2.0) as managed memory: one clSVMAlloc allocation that the host
// and kernels address alike. Kernels and copies reach it through a buffer made over it
// (clCreateBuffer with CL_MEM_USE_HOST_PTR and the SVM pointer, which OpenCL 2.0 defines to use
// the shared memory itself), so every queue operation and the kernel-argument path stay those of
// ordinary buffers, and the kernel's pointer is the host's.
//
// The plug-in builds against the OpenCL 1.2 API; this file's source alone declares the 2.0 calls,
// and calls them only on devices whose CL_DEVICE_VERSION is 2.0 or later.
#include "handles.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <cstddef>
#include <string>

namespace rtcg::opencl {

struct SvmSupport {
    bool coarse = false; // CL_DEVICE_SVM_COARSE_GRAIN_BUFFER
    bool fine = false;   // CL_DEVICE_SVM_FINE_GRAIN_BUFFER
};

// None on devices before OpenCL 2.0 (`device_version` is CL_DEVICE_VERSION) or where the query
// fails (OpenCL 3.0 makes SVM optional).
SvmSupport svm_support(cl_device_id device, const std::string& device_version);

class SvmMemory final : public plugin::MappedMemoryImpl {
public:
    // Allocates `bytes` of SVM and the buffer over it. Throws OutOfMemory.
    SvmMemory(cl_context context, std::size_t bytes, Coherence coherence, const std::string& device_name);

    // Coarse: clEnqueueSVMMap (blocking, after the queue's work). Fine: waits for the queue.
    void* map(plugin::QueueImpl& queue) override;
    // Coarse: clEnqueueSVMUnmap, waited for, so that the memory is never freed under it.
    void unmap(plugin::QueueImpl& queue, void* data) override;

    // The buffer over the memory, for the BufferImpl kernels take.
    cl_mem handle() const noexcept { return memory_.get(); }

private:
    void* pointer_;
    std::size_t size_;
    Coherence coherence_;
    // Made after the pointer it is over. The SVM allocation goes when this buffer is deleted,
    // which OpenCL does only once every command that uses it has finished: a destructor callback
    // frees it.
    MemHandle memory_;
};

} // namespace rtcg::opencl
