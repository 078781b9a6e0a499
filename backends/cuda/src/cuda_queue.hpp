#pragma once
// A queue of device work: one CUDA stream.
#include "cuda_context.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <span>

namespace rtcg::cuda {

class CudaKernel;

class CudaQueue final : public plugin::QueueImpl {
public:
    // Creates a stream that does not synchronise with the legacy default stream, so that work
    // elsewhere in the process (say, runtime API calls on stream 0) does not serialise with it.
    explicit CudaQueue(const CudaContext& context);
    // Uses `foreign`, a stream made outside rtcg that CudaContext::import_queue checked, without
    // destroying it.
    CudaQueue(const CudaContext& context, CUstream foreign) noexcept;
    ~CudaQueue() override;
    CudaQueue(const CudaQueue&) = delete;
    CudaQueue& operator=(const CudaQueue&) = delete;

    void write(plugin::BufferImpl& dst, std::size_t dst_offset, const void* src, std::size_t bytes,
               bool blocking) override;
    void read(const plugin::BufferImpl& src, std::size_t src_offset, void* dst, std::size_t bytes,
              bool blocking) override;
    void copy(const plugin::BufferImpl& src, std::size_t src_offset, plugin::BufferImpl& dst, std::size_t dst_offset,
              std::size_t bytes) override;
    void fill(plugin::BufferImpl& dst, std::size_t offset, std::size_t bytes, const void* pattern,
              std::size_t pattern_size) override;
    void launch(plugin::KernelImpl& kernel, const LaunchConfig& config,
                std::span<const plugin::KernelArgument> args) override;
    std::unique_ptr<plugin::EventImpl> record() override;
    void wait_for(plugin::EventImpl& event) override;
    // A stream runs its work in order: nothing to do.
    void barrier() override {}
    bool out_of_order() const noexcept override { return false; }
    void finish() override;
    plugin::NativeHandle native_handle() const noexcept override {
        return reinterpret_cast<std::uintptr_t>(stream_);
    }
    void write_rect(plugin::BufferImpl& dst, const void* src, const RectCopy& copy, bool blocking) override;
    void read_rect(const plugin::BufferImpl& src, void* dst, const RectCopy& copy, bool blocking) override;
    void copy_rect(const plugin::BufferImpl& src, plugin::BufferImpl& dst, const RectCopy& copy) override;

    // Images: each copy is one cuMemcpy3DAsync.
    void write_image(plugin::ImageImpl& dst, const plugin::ImageBox& box, const void* host, bool blocking) override;
    void read_image(const plugin::ImageImpl& src, const plugin::ImageBox& box, void* host, bool blocking) override;
    void copy_image(const plugin::ImageImpl& src, const plugin::ImageBox& box, plugin::ImageImpl& dst,
                    const std::array<std::size_t, 3>& dst_origin) override;
    void copy_buffer_to_image(const plugin::BufferImpl& src, std::size_t src_offset, plugin::ImageImpl& dst,
                              const plugin::ImageBox& box) override;
    void copy_image_to_buffer(const plugin::ImageImpl& src, const plugin::ImageBox& box, plugin::BufferImpl& dst,
                              std::size_t dst_offset) override;

    // Copies between contexts: one cuMemcpyPeerAsync, with peer access enabled first where the
    // devices allow it (CudaContext::enable_peer_access).
    bool copy_peer(const plugin::BufferImpl& src, std::size_t src_offset, plugin::BufferImpl& dst,
                   std::size_t dst_offset, std::size_t bytes) override;
    // cuStreamWaitEvent takes events of any context and device.
    bool wait_for_peer(plugin::EventImpl& event) override;
    std::unique_ptr<plugin::EventImpl> record_ipc() override;
    // A CUDA graph captured from this stream (cuda_graph.hpp), or null where it cannot capture.
    std::unique_ptr<plugin::GraphImpl> build_graph(std::span<const plugin::CapturedCommand> commands) override;

private:
    void copy_3d(const CUDA_MEMCPY3D& copy);
    // cuLaunchKernelEx with the launch's local-memory carveout (LaunchConfig::local_memory_carveout).
    void launch_with_carveout(const CudaKernel& kernel, const LaunchConfig& config, void** parameters);

    const CudaContext& context_;
    const DriverApi& api_;
    CUstream stream_ = nullptr;
    const bool owned_ = true;
};

} // namespace rtcg::cuda
