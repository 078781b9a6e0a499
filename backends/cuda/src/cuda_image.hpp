#pragma once
// Images: a CUDA array made for surface loads and stores, read through texture objects (one per
// sampler a kernel has used, kept as long as the array so that a queued kernel never outlives
// its texture) and written through one surface object.
#include "cuda_context.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

namespace rtcg::cuda {

// What the prelude's rtcg_image_info holds (the second argument of a sampled image): the extents
// and whether coordinates are normalized, which integer-coordinate reads need.
struct ImageInfo {
    int width;
    int height;
    int depth;
    int normalized;
};

// What the prelude's rtcg_image_storage holds (a write-only image's argument): the surface, its
// extents and the format, channels + 8 * ChannelType, which picks the store's width and conversion.
struct ImageStorage {
    CUsurfObject surface;
    int width;
    int height;
    int depth;
    int format;
};

class CudaImage final : public plugin::ImageImpl {
public:
    // InvalidArgument for extents past the device's largest surface or texture.
    CudaImage(const CudaContext& context, const plugin::ImageFormat& format, const plugin::ImageShape& shape);
    ~CudaImage() override;
    CudaImage(const CudaImage&) = delete;
    CudaImage& operator=(const CudaImage&) = delete;

    plugin::NativeHandle native_handle() const noexcept override { return reinterpret_cast<std::uintptr_t>(array_); }
    plugin::ImageKernelArguments sampled_arguments(const plugin::Sampler& sampler) override;
    plugin::ImageKernelArguments storage_arguments() override;

    CUarray array() const noexcept { return array_; }
    const plugin::ImageFormat& format() const noexcept { return format_; }

private:
    const CudaContext& context_;
    const plugin::ImageFormat format_;
    const plugin::ImageShape shape_;
    CUarray array_ = nullptr;
    CUsurfObject surface_ = 0;
    std::mutex textures_mutex_;
    std::vector<std::pair<plugin::Sampler, CUtexObject>> textures_;
};

} // namespace rtcg::cuda
