#include "opencl_queue.hpp"

#include "command_buffer_graph.hpp"
#include "opencl_buffer.hpp"
#include "opencl_event.hpp"
#include "opencl_image.hpp"
#include "opencl_kernel.hpp"
#include "status.hpp"

#include <array>

namespace rtcg::opencl {
namespace {

// Core hands back only buffers this plug-in allocated, in the same context.
cl_mem memory_of(const plugin::BufferImpl& buffer) noexcept {
    return static_cast<const OpenclBuffer&>(buffer).handle();
}

cl_mem image_of(const plugin::ImageImpl& image) noexcept { return static_cast<const OpenclImage&>(image).handle(); }

cl_bool as_cl_bool(bool value) noexcept { return value ? CL_TRUE : CL_FALSE; }

using Triple = std::array<std::size_t, 3>;
Triple origin(const RectLayout& layout) noexcept { return {layout.x_bytes, layout.y, layout.z}; }
Triple extent(const RectRegion& region) noexcept { return {region.width_bytes, region.height, region.depth}; }

} // namespace

// Calls that return no event to the caller pass nullptr for it: an event asked for must be
// released, and nothing here would use it.

void OpenclQueue::write(plugin::BufferImpl& dst, std::size_t dst_offset, const void* src, std::size_t bytes,
                  bool blocking) {
    check(clEnqueueWriteBuffer(queue_.get(), memory_of(dst), as_cl_bool(blocking), dst_offset, bytes, src, 0,
                               nullptr, nullptr),
          "clEnqueueWriteBuffer");
}

void OpenclQueue::read(const plugin::BufferImpl& src, std::size_t src_offset, void* dst, std::size_t bytes,
                 bool blocking) {
    check(clEnqueueReadBuffer(queue_.get(), memory_of(src), as_cl_bool(blocking), src_offset, bytes, dst, 0,
                              nullptr, nullptr),
          "clEnqueueReadBuffer");
}

void OpenclQueue::copy(const plugin::BufferImpl& src, std::size_t src_offset, plugin::BufferImpl& dst,
                 std::size_t dst_offset, std::size_t bytes) {
    if (transfers_ && transfers_->copy(queue_.get(), src, src_offset, dst, dst_offset, bytes))
        return;
    check(clEnqueueCopyBuffer(queue_.get(), memory_of(src), memory_of(dst), src_offset, dst_offset, bytes, 0,
                              nullptr, nullptr),
          "clEnqueueCopyBuffer");
}

void OpenclQueue::fill(plugin::BufferImpl& dst, std::size_t offset, std::size_t bytes, const void* pattern,
                 std::size_t pattern_size) {
    if (transfers_ && transfers_->fill(queue_.get(), dst, offset, bytes, pattern, pattern_size)) return;
    // OpenCL copies the pattern before returning, so it need not outlive the call.
    check(clEnqueueFillBuffer(queue_.get(), memory_of(dst), pattern, pattern_size, offset, bytes, 0, nullptr,
                              nullptr),
          "clEnqueueFillBuffer");
}

void OpenclQueue::launch(plugin::KernelImpl& kernel, const LaunchConfig& config,
                   std::span<const plugin::KernelArgument> args) {
    static_cast<OpenclKernel&>(kernel).enqueue(queue_.get(), config, args);
}

void OpenclQueue::write_rect(plugin::BufferImpl& dst, const void* src, const RectCopy& copy, bool blocking) {
    const Triple buffer_origin = origin(copy.dst), host_origin = origin(copy.src), region = extent(copy.region);
    check(clEnqueueWriteBufferRect(queue_.get(), memory_of(dst), as_cl_bool(blocking), buffer_origin.data(),
                                   host_origin.data(), region.data(), copy.dst.row_pitch, copy.dst.slice_pitch,
                                   copy.src.row_pitch, copy.src.slice_pitch, src, 0, nullptr, nullptr),
          "clEnqueueWriteBufferRect");
}

void OpenclQueue::read_rect(const plugin::BufferImpl& src, void* dst, const RectCopy& copy, bool blocking) {
    const Triple buffer_origin = origin(copy.src), host_origin = origin(copy.dst), region = extent(copy.region);
    check(clEnqueueReadBufferRect(queue_.get(), memory_of(src), as_cl_bool(blocking), buffer_origin.data(),
                                  host_origin.data(), region.data(), copy.src.row_pitch, copy.src.slice_pitch,
                                  copy.dst.row_pitch, copy.dst.slice_pitch, dst, 0, nullptr, nullptr),
          "clEnqueueReadBufferRect");
}

void OpenclQueue::copy_rect(const plugin::BufferImpl& src, plugin::BufferImpl& dst, const RectCopy& copy) {
    const Triple src_origin = origin(copy.src), dst_origin = origin(copy.dst), region = extent(copy.region);
    check(clEnqueueCopyBufferRect(queue_.get(), memory_of(src), memory_of(dst), src_origin.data(), dst_origin.data(),
                                  region.data(), copy.src.row_pitch, copy.src.slice_pitch, copy.dst.row_pitch,
                                  copy.dst.slice_pitch, 0, nullptr, nullptr),
          "clEnqueueCopyBufferRect");
}

std::unique_ptr<plugin::EventImpl> OpenclQueue::record() {
    cl_event event = nullptr;
    check(clEnqueueMarkerWithWaitList(queue_.get(), 0, nullptr, &event), "clEnqueueMarkerWithWaitList");
    return std::make_unique<OpenclEvent>(EventHandle(event));
}

void OpenclQueue::wait_for(plugin::EventImpl& event) {
    const cl_event awaited = static_cast<OpenclEvent&>(event).handle();
    check(clEnqueueBarrierWithWaitList(queue_.get(), 1, &awaited, nullptr), "clEnqueueBarrierWithWaitList");
}

void OpenclQueue::barrier() {
    // Without a wait list, the barrier waits for every command queued before it.
    check(clEnqueueBarrierWithWaitList(queue_.get(), 0, nullptr, nullptr), "clEnqueueBarrierWithWaitList");
}

void OpenclQueue::finish() { check(clFinish(queue_.get()), "clFinish"); }

// Host and buffer pixels are tightly packed: a row pitch and slice pitch of 0 tell OpenCL so.
void OpenclQueue::write_image(plugin::ImageImpl& dst, const plugin::ImageBox& box, const void* host, bool blocking) {
    check(clEnqueueWriteImage(queue_.get(), image_of(dst), as_cl_bool(blocking), box.origin.data(), box.extent.data(), 0,
                              0, host, 0, nullptr, nullptr),
          "clEnqueueWriteImage");
}

void OpenclQueue::read_image(const plugin::ImageImpl& src, const plugin::ImageBox& box, void* host, bool blocking) {
    check(clEnqueueReadImage(queue_.get(), image_of(src), as_cl_bool(blocking), box.origin.data(), box.extent.data(), 0,
                             0, host, 0, nullptr, nullptr),
          "clEnqueueReadImage");
}

void OpenclQueue::copy_image(const plugin::ImageImpl& src, const plugin::ImageBox& box, plugin::ImageImpl& dst,
                             const std::array<std::size_t, 3>& dst_origin) {
    check(clEnqueueCopyImage(queue_.get(), image_of(src), image_of(dst), box.origin.data(), dst_origin.data(),
                             box.extent.data(), 0, nullptr, nullptr),
          "clEnqueueCopyImage");
}

void OpenclQueue::copy_buffer_to_image(const plugin::BufferImpl& src, std::size_t src_offset, plugin::ImageImpl& dst,
                                       const plugin::ImageBox& box) {
    check(clEnqueueCopyBufferToImage(queue_.get(), memory_of(src), image_of(dst), src_offset, box.origin.data(),
                                     box.extent.data(), 0, nullptr, nullptr),
          "clEnqueueCopyBufferToImage");
}

void OpenclQueue::copy_image_to_buffer(const plugin::ImageImpl& src, const plugin::ImageBox& box,
                                       plugin::BufferImpl& dst, std::size_t dst_offset) {
    check(clEnqueueCopyImageToBuffer(queue_.get(), image_of(src), memory_of(dst), box.origin.data(), box.extent.data(),
                                     dst_offset, 0, nullptr, nullptr),
          "clEnqueueCopyImageToBuffer");
}

std::unique_ptr<plugin::GraphImpl> OpenclQueue::build_graph(std::span<const plugin::CapturedCommand> commands) {
    if (!command_buffers_) return nullptr;
    return record_command_buffer(command_buffers_, queue_.get(), commands);
}

} // namespace rtcg::opencl
