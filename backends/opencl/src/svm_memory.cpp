// The one source of the plug-in that sees OpenCL 2.0 declarations (svm_memory.hpp says why).
#undef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 200
#include <CL/cl.h>

#include "svm_memory.hpp"

#include "status.hpp"

#include <rtcg/core/error.hpp>

#include <cstdint>
#include <string_view>

namespace rtcg::opencl {
namespace {

cl_command_queue queue_of(const plugin::QueueImpl& queue) noexcept {
    return reinterpret_cast<cl_command_queue>(static_cast<std::uintptr_t>(queue.native_handle()));
}

// "OpenCL 2.0 ..." and later; "OpenCL 1.2 ..." and malformed versions are not.
bool at_least_2_0(const std::string& device_version) {
    constexpr std::string_view prefix = "OpenCL ";
    if (device_version.size() <= prefix.size() || device_version.compare(0, prefix.size(), prefix) != 0) return false;
    return device_version[prefix.size()] >= '2' && device_version[prefix.size()] <= '9';
}

struct SvmRelease {
    cl_context context;
    void* pointer;
};

void CL_CALLBACK free_svm(cl_mem, void* user_data) {
    const auto* release = static_cast<SvmRelease*>(user_data);
    clSVMFree(release->context, release->pointer);
    delete release;
}

MemHandle buffer_over(cl_context context, void* pointer, std::size_t bytes, const std::string& device_name) {
    cl_int status = CL_SUCCESS;
    MemHandle memory(clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes, pointer, &status));
    if (status != CL_SUCCESS) {
        clSVMFree(context, pointer);
        check_allocation(status, "clCreateBuffer", bytes, "managed (SVM) memory", device_name);
    }
    auto* release = new SvmRelease{context, pointer};
    const cl_int registered = clSetMemObjectDestructorCallback(memory.get(), free_svm, release);
    if (registered != CL_SUCCESS) {
        delete release;
        // The buffer goes first, then the memory under it; nothing has used either yet.
        { MemHandle doomed(std::move(memory)); }
        clSVMFree(context, pointer);
        check(registered, "clSetMemObjectDestructorCallback");
    }
    return memory;
}

void* allocate_svm(cl_context context, std::size_t bytes, Coherence coherence, const std::string& device_name) {
    const cl_svm_mem_flags flags =
        CL_MEM_READ_WRITE | (coherence == Coherence::fine ? CL_MEM_SVM_FINE_GRAIN_BUFFER : cl_svm_mem_flags{0});
    void* pointer = clSVMAlloc(context, flags, bytes, 0);
    // clSVMAlloc returns no status: a null pointer is all it says.
    if (!pointer) check_allocation(CL_OUT_OF_RESOURCES, "clSVMAlloc", bytes, "managed (SVM) memory", device_name);
    return pointer;
}

} // namespace

SvmSupport svm_support(cl_device_id device, const std::string& device_version) {
    if (!at_least_2_0(device_version)) return {};
    cl_device_svm_capabilities capabilities = 0;
    if (clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof capabilities, &capabilities, nullptr) != CL_SUCCESS)
        return {};
    return {(capabilities & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER) != 0,
            (capabilities & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) != 0};
}

SvmMemory::SvmMemory(cl_context context, std::size_t bytes, Coherence coherence, const std::string& device_name)
    : pointer_(allocate_svm(context, bytes, coherence, device_name)), size_(bytes), coherence_(coherence),
      memory_(buffer_over(context, pointer_, bytes, device_name)) {}

void* SvmMemory::map(plugin::QueueImpl& queue) {
    if (coherence_ == Coherence::fine) {
        queue.finish();
        return pointer_;
    }
    check(clEnqueueSVMMap(queue_of(queue), CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, pointer_, size_, 0, nullptr, nullptr),
          "clEnqueueSVMMap");
    return pointer_;
}

void SvmMemory::unmap(plugin::QueueImpl& queue, void* data) {
    if (coherence_ == Coherence::fine) return;
    cl_event done = nullptr;
    check(clEnqueueSVMUnmap(queue_of(queue), data, 0, nullptr, &done), "clEnqueueSVMUnmap");
    const EventHandle owned(done);
    check(clWaitForEvents(1, &done), "clWaitForEvents");
}

} // namespace rtcg::opencl
