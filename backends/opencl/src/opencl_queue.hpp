#pragma once
// A command queue with profiling enabled, in order or not. Copies and fills go through the context's
// transfer kernels where it has them (transfer_kernels.hpp), else through the driver's commands.
#include "command_buffer_api.hpp"
#include "handles.hpp"
#include "transfer_kernels.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <array>
#include <cstdint>
#include <memory>

namespace rtcg::opencl {

class OpenclQueue final : public plugin::QueueImpl {
public:
    OpenclQueue(QueueHandle queue, bool out_of_order, std::shared_ptr<TransferKernels> transfers,
                std::shared_ptr<const CommandBufferApi> command_buffers) noexcept
        : queue_(std::move(queue)), out_of_order_(out_of_order), transfers_(std::move(transfers)),
          command_buffers_(std::move(command_buffers)) {}

    void write(plugin::BufferImpl& dst, std::size_t dst_offset, const void* src, std::size_t bytes,
               bool blocking) override;
    void read(const plugin::BufferImpl& src, std::size_t src_offset, void* dst, std::size_t bytes,
              bool blocking) override;
    void copy(const plugin::BufferImpl& src, std::size_t src_offset, plugin::BufferImpl& dst,
              std::size_t dst_offset, std::size_t bytes) override;
    void fill(plugin::BufferImpl& dst, std::size_t offset, std::size_t bytes, const void* pattern,
              std::size_t pattern_size) override;
    void launch(plugin::KernelImpl& kernel, const LaunchConfig& config,
                std::span<const plugin::KernelArgument> args) override;
    std::unique_ptr<plugin::EventImpl> record() override;
    void wait_for(plugin::EventImpl& event) override;
    void barrier() override;
    bool out_of_order() const noexcept override { return out_of_order_; }
    void finish() override;
    plugin::NativeHandle native_handle() const noexcept override {
        return reinterpret_cast<std::uintptr_t>(queue_.get());
    }
    void write_rect(plugin::BufferImpl& dst, const void* src, const RectCopy& copy, bool blocking) override;
    void read_rect(const plugin::BufferImpl& src, void* dst, const RectCopy& copy, bool blocking) override;
    void copy_rect(const plugin::BufferImpl& src, plugin::BufferImpl& dst, const RectCopy& copy) override;

    // Images: clEnqueue{Write,Read,Copy}Image, clEnqueueCopyBufferToImage, clEnqueueCopyImageToBuffer.
    void write_image(plugin::ImageImpl& dst, const plugin::ImageBox& box, const void* host, bool blocking) override;
    void read_image(const plugin::ImageImpl& src, const plugin::ImageBox& box, void* host, bool blocking) override;
    void copy_image(const plugin::ImageImpl& src, const plugin::ImageBox& box, plugin::ImageImpl& dst,
                    const std::array<std::size_t, 3>& dst_origin) override;
    void copy_buffer_to_image(const plugin::BufferImpl& src, std::size_t src_offset, plugin::ImageImpl& dst,
                              const plugin::ImageBox& box) override;
    void copy_image_to_buffer(const plugin::ImageImpl& src, const plugin::ImageBox& box, plugin::BufferImpl& dst,
                              std::size_t dst_offset) override;

    // A cl_khr_command_buffer where the device has the extension and every command fits one
    // (command_buffer_graph.hpp), else null.
    std::unique_ptr<plugin::GraphImpl> build_graph(std::span<const plugin::CapturedCommand> commands) override;

private:
    QueueHandle queue_;
    bool out_of_order_;
    std::shared_ptr<TransferKernels> transfers_; // null: the driver's commands
    std::shared_ptr<const CommandBufferApi> command_buffers_; // null where the device has none
};

} // namespace rtcg::opencl
