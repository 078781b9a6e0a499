#pragma once
// Device buffers and pinned (page-locked, mapped) host buffers.
#include "handles.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <cstddef>
#include <cstdint>
#include <utility>
#include <string>

namespace rtcg::opencl {

class OpenclBuffer final : public plugin::BufferImpl {
public:
    OpenclBuffer(cl_context context, std::size_t bytes, const std::string& device_name);
    // The first `bytes` of a memory object made outside rtcg, through a reference of its own
    // (`memory`, retained by OpenclContext::import_buffer): the caller's reference stays theirs.
    OpenclBuffer(MemHandle memory, std::size_t bytes) noexcept : memory_(std::move(memory)), size_(bytes) {}

    std::size_t size() const noexcept override { return size_; }
    plugin::NativeHandle native_handle() const noexcept override {
        return reinterpret_cast<std::uintptr_t>(memory_.get());
    }
    cl_mem handle() const noexcept { return memory_.get(); }

private:
    MemHandle memory_;
    std::size_t size_;
};

// OpenCL has no call that returns pinned host memory; the portable way is a buffer the driver
// allocates in host memory (CL_MEM_ALLOC_HOST_PTR), mapped for the buffer's whole life.
// Drivers recognise transfers from such a mapping and run them as direct DMA.
class OpenclHostBuffer final : public plugin::HostBufferImpl {
public:
    // `mapping_queue` maps the buffer now and unmaps it on destruction; it must outlive this.
    OpenclHostBuffer(cl_context context, cl_command_queue mapping_queue, std::size_t bytes, const std::string& device_name);
    ~OpenclHostBuffer() override;
    OpenclHostBuffer(const OpenclHostBuffer&) = delete;
    OpenclHostBuffer& operator=(const OpenclHostBuffer&) = delete;

    void* data() noexcept override { return data_; }
    std::size_t size() const noexcept override { return size_; }

private:
    MemHandle memory_;
    cl_command_queue mapping_queue_;
    void* data_ = nullptr;
    std::size_t size_;
};

// Host memory kernels use in place: a CL_MEM_ALLOC_HOST_PTR buffer, mapped into the host's
// address space only while the host uses it (OpenCL leaves a kernel's use of a mapped buffer
// undefined).
class OpenclMappedMemory final : public plugin::MappedMemoryImpl {
public:
    OpenclMappedMemory(cl_context context, std::size_t bytes, const std::string& device_name);

    void* map(plugin::QueueImpl& queue) override;
    void unmap(plugin::QueueImpl& queue, void* data) override;

    // The memory object, for the buffer that kernels take.
    cl_mem handle() const noexcept { return memory_.get(); }

private:
    MemHandle memory_;
    std::size_t size_;
    std::string device_name_;
};

} // namespace rtcg::opencl
