#pragma once
// Images: one cl_mem image object (read and written by kernels), with the samplers kernels have
// read it through, kept as long as the image so that a queued kernel never outlives its sampler.
#include "handles.hpp"

#include <rtcg/core/plugin/backend.hpp>

#include <CL/cl.h>

#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace rtcg::opencl {

// The OpenCL image format of `format` (CL_R, CL_RG or CL_RGBA of the channel type).
cl_image_format image_format_of(const plugin::ImageFormat& format) noexcept;

// A new read-write image; InvalidArgument for extents past the device's largest image.
cl_mem create_image_memory(cl_context context, cl_device_id device, const plugin::ImageFormat& format,
                           const plugin::ImageShape& shape, const std::string& device_name);

// Whether `device` (of `context`) holds `format` in read-write images of `dimensions`.
bool device_supports_image_format(cl_context context, cl_device_id device, const plugin::ImageFormat& format,
                                  unsigned dimensions);

class OpenclImage final : public plugin::ImageImpl {
public:
    // InvalidArgument for extents past the device's largest image.
    OpenclImage(cl_context context, cl_device_id device, const plugin::ImageFormat& format,
                const plugin::ImageShape& shape, const std::string& device_name);

    plugin::NativeHandle native_handle() const noexcept override {
        return reinterpret_cast<std::uintptr_t>(memory_.get());
    }
    plugin::ImageKernelArguments sampled_arguments(const plugin::Sampler& sampler) override;
    plugin::ImageKernelArguments storage_arguments() override;

    cl_mem handle() const noexcept { return memory_.get(); }

private:
    cl_context context_;
    MemHandle memory_;
    std::mutex samplers_mutex_;
    std::vector<std::pair<plugin::Sampler, SamplerHandle>> samplers_;
};

} // namespace rtcg::opencl
