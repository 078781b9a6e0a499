#include "opencl_image.hpp"

#include "info.hpp"
#include "platform_identity.hpp"
#include "status.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

namespace rtcg::opencl {
namespace {

cl_mem_object_type image_type_of(unsigned dimensions) noexcept {
    return dimensions == 1 ? CL_MEM_OBJECT_IMAGE1D : dimensions == 2 ? CL_MEM_OBJECT_IMAGE2D : CL_MEM_OBJECT_IMAGE3D;
}

cl_channel_type channel_type_of(ChannelType type) noexcept {
    switch (type) {
    case ChannelType::int8: return CL_SIGNED_INT8;
    case ChannelType::int16: return CL_SIGNED_INT16;
    case ChannelType::int32: return CL_SIGNED_INT32;
    case ChannelType::uint8: return CL_UNSIGNED_INT8;
    case ChannelType::uint16: return CL_UNSIGNED_INT16;
    case ChannelType::uint32: return CL_UNSIGNED_INT32;
    case ChannelType::float32: return CL_FLOAT;
    case ChannelType::unorm8: return CL_UNORM_INT8;
    case ChannelType::unorm16: return CL_UNORM_INT16;
    case ChannelType::float16: return CL_HALF_FLOAT;
    }
    return CL_FLOAT;
}

cl_addressing_mode addressing_of(AddressMode mode) noexcept {
    switch (mode) {
    case AddressMode::clamp_to_edge: return CL_ADDRESS_CLAMP_TO_EDGE;
    case AddressMode::clamp_to_border: return CL_ADDRESS_CLAMP;
    case AddressMode::repeat: return CL_ADDRESS_REPEAT;
    case AddressMode::mirrored_repeat: return CL_ADDRESS_MIRRORED_REPEAT;
    }
    return CL_ADDRESS_CLAMP_TO_EDGE;
}

// InvalidArgument when an extent passes the device's largest image of that dimensionality.
void check_extents(cl_device_id device, const plugin::ImageShape& shape, const std::string& device_name) {
    std::array<std::size_t, 3> largest{};
    if (shape.dimensions == 3) {
        largest = {device_info<std::size_t>(device, CL_DEVICE_IMAGE3D_MAX_WIDTH),
                   device_info<std::size_t>(device, CL_DEVICE_IMAGE3D_MAX_HEIGHT),
                   device_info<std::size_t>(device, CL_DEVICE_IMAGE3D_MAX_DEPTH)};
    } else {
        // A 1-D image is as wide as a 2-D one can be (OpenCL 1.2's CL_DEVICE_IMAGE_MAX_BUFFER_SIZE
        // bounds only images made from buffers).
        largest = {device_info<std::size_t>(device, CL_DEVICE_IMAGE2D_MAX_WIDTH),
                   device_info<std::size_t>(device, CL_DEVICE_IMAGE2D_MAX_HEIGHT), 1};
    }
    const std::array<std::size_t, 3> extent{shape.width, shape.height, shape.depth};
    for (std::size_t axis = 0; axis < 3; ++axis)
        if (extent[axis] > largest[axis])
            throw InvalidArgument("an image of " + std::to_string(shape.width) + " x " + std::to_string(shape.height) +
                                      " x " + std::to_string(shape.depth) + " pixels exceeds the largest " +
                                      std::to_string(shape.dimensions) + "-D image of " + device_name + " (" +
                                      std::to_string(largest[0]) + " x " + std::to_string(largest[1]) + " x " +
                                      std::to_string(largest[2]) + ")",
                                  "clCreateImage");
}

// PoCL lists single-channel (CL_R) half images among its formats, but for them its read_imagef
// returns a constant and its write_imagef writes nothing (measured with PoCL 3.1; four-channel
// halves work). Such images are refused as a format the device lacks rather than give kernels
// garbage.
bool pocl_mishandles(cl_device_id device, const plugin::ImageFormat& format) {
    return format.type == ChannelType::float16 && format.channels == 1 && is_pocl(device);
}

template <class Handle>
plugin::ImageKernelArguments one_handle(Handle handle) noexcept {
    plugin::ImageKernelArguments arguments;
    std::memcpy(arguments.bytes[0].data(), &handle, sizeof handle);
    arguments.sizes[0] = sizeof handle;
    return arguments;
}

} // namespace

cl_mem create_image_memory(cl_context context, cl_device_id device, const plugin::ImageFormat& format,
                           const plugin::ImageShape& shape, const std::string& device_name) {
    check_extents(device, shape, device_name);
    const cl_image_format cl_format = image_format_of(format);
    cl_image_desc desc{};
    desc.image_type = image_type_of(shape.dimensions);
    desc.image_width = shape.width;
    desc.image_height = shape.dimensions >= 2 ? shape.height : 0;
    desc.image_depth = shape.dimensions == 3 ? shape.depth : 0;
    cl_int status = CL_SUCCESS;
    cl_mem memory = clCreateImage(context, CL_MEM_READ_WRITE, &cl_format, &desc, nullptr, &status);
    check_allocation(status, "clCreateImage", shape.pixels() * format.pixel_bytes(), "image memory", device_name);
    return memory;
}

cl_image_format image_format_of(const plugin::ImageFormat& format) noexcept {
    const cl_channel_order order = format.channels == 1 ? CL_R : format.channels == 2 ? CL_RG : CL_RGBA;
    return cl_image_format{order, channel_type_of(format.type)};
}

bool device_supports_image_format(cl_context context, cl_device_id device, const plugin::ImageFormat& format,
                                  unsigned dimensions) {
    if (device_info<cl_bool>(device, CL_DEVICE_IMAGE_SUPPORT) != CL_TRUE || pocl_mishandles(device, format))
        return false;
    const cl_mem_object_type type = image_type_of(dimensions);
    cl_uint count = 0;
    check(clGetSupportedImageFormats(context, CL_MEM_READ_WRITE, type, 0, nullptr, &count),
          "clGetSupportedImageFormats");
    std::vector<cl_image_format> formats(count);
    if (count > 0)
        check(clGetSupportedImageFormats(context, CL_MEM_READ_WRITE, type, count, formats.data(), nullptr),
              "clGetSupportedImageFormats");
    const cl_image_format wanted = image_format_of(format);
    return std::any_of(formats.begin(), formats.end(), [&](const cl_image_format& f) {
        return f.image_channel_order == wanted.image_channel_order &&
               f.image_channel_data_type == wanted.image_channel_data_type;
    });
}

OpenclImage::OpenclImage(cl_context context, cl_device_id device, const plugin::ImageFormat& format,
                         const plugin::ImageShape& shape, const std::string& device_name)
    : context_(context), memory_(create_image_memory(context, device, format, shape, device_name)) {}

plugin::ImageKernelArguments OpenclImage::sampled_arguments(const plugin::Sampler& sampler) {
    cl_sampler handle = nullptr;
    {
        const std::lock_guard lock(samplers_mutex_);
        const auto known = std::find_if(samplers_.begin(), samplers_.end(),
                                        [&](const auto& entry) { return entry.first == sampler; });
        if (known != samplers_.end()) {
            handle = known->second.get();
        } else {
            cl_int status = CL_SUCCESS;
            handle = clCreateSampler(context_, sampler.normalized_coordinates ? CL_TRUE : CL_FALSE,
                                     addressing_of(sampler.address),
                                     sampler.filter == Filter::linear ? CL_FILTER_LINEAR : CL_FILTER_NEAREST, &status);
            check(status, "clCreateSampler");
            samplers_.emplace_back(sampler, SamplerHandle(handle));
        }
    }
    plugin::ImageKernelArguments arguments = one_handle(memory_.get());
    std::memcpy(arguments.bytes[1].data(), &handle, sizeof handle);
    arguments.sizes[1] = sizeof handle;
    return arguments;
}

plugin::ImageKernelArguments OpenclImage::storage_arguments() { return one_handle(memory_.get()); }

} // namespace rtcg::opencl
