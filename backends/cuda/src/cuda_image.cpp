#include "cuda_image.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

namespace rtcg::cuda {
namespace {

CUarray_format array_format_of(ChannelType type) noexcept {
    switch (type) {
    case ChannelType::int8: return CU_AD_FORMAT_SIGNED_INT8;
    case ChannelType::int16: return CU_AD_FORMAT_SIGNED_INT16;
    case ChannelType::int32: return CU_AD_FORMAT_SIGNED_INT32;
    case ChannelType::uint8:
    case ChannelType::unorm8: return CU_AD_FORMAT_UNSIGNED_INT8;
    case ChannelType::uint16:
    case ChannelType::unorm16: return CU_AD_FORMAT_UNSIGNED_INT16;
    case ChannelType::uint32: return CU_AD_FORMAT_UNSIGNED_INT32;
    case ChannelType::float32: return CU_AD_FORMAT_FLOAT;
    case ChannelType::float16: return CU_AD_FORMAT_HALF;
    }
    return CU_AD_FORMAT_FLOAT;
}

CUaddress_mode address_mode_of(AddressMode mode) noexcept {
    switch (mode) {
    case AddressMode::clamp_to_edge: return CU_TR_ADDRESS_MODE_CLAMP;
    case AddressMode::clamp_to_border: return CU_TR_ADDRESS_MODE_BORDER;
    case AddressMode::repeat: return CU_TR_ADDRESS_MODE_WRAP;
    case AddressMode::mirrored_repeat: return CU_TR_ADDRESS_MODE_MIRROR;
    }
    return CU_TR_ADDRESS_MODE_CLAMP;
}

int attribute(const CudaContext& context, CUdevice_attribute which) {
    int value = 0;
    check(context.api().cuDeviceGetAttribute(&value, which, context.device_handle()), "cuDeviceGetAttribute");
    return value;
}

// The largest extents of an image that is both a texture and a surface.
std::array<std::size_t, 3> largest_extents(const CudaContext& context, unsigned dimensions) {
    const auto smaller = [&](CUdevice_attribute texture, CUdevice_attribute surface) {
        return static_cast<std::size_t>(std::min(attribute(context, texture), attribute(context, surface)));
    };
    switch (dimensions) {
    case 1:
        return {smaller(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH, CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH), 1,
                1};
    case 2:
        return {smaller(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH, CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH),
                smaller(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT, CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT), 1};
    default:
        return {smaller(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH, CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH),
                smaller(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT, CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_HEIGHT),
                smaller(CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH, CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_DEPTH)};
    }
}

CUDA_RESOURCE_DESC resource_of(CUarray array) noexcept {
    CUDA_RESOURCE_DESC resource{};
    resource.resType = CU_RESOURCE_TYPE_ARRAY;
    resource.res.array.hArray = array;
    return resource;
}

template <class T>
void put(plugin::ImageKernelArguments& arguments, std::size_t index, const T& value) noexcept {
    static_assert(sizeof(T) <= 32);
    std::memcpy(arguments.bytes[index].data(), &value, sizeof value);
    arguments.sizes[index] = sizeof value;
}

} // namespace

CudaImage::CudaImage(const CudaContext& context, const plugin::ImageFormat& format, const plugin::ImageShape& shape)
    : context_(context), format_(format), shape_(shape) {
    context_.make_current();
    const std::array<std::size_t, 3> largest = largest_extents(context_, shape.dimensions);
    if (shape.width > largest[0] || shape.height > largest[1] || shape.depth > largest[2])
        throw InvalidArgument("an image of " + std::to_string(shape.width) + " x " + std::to_string(shape.height) +
                                  " x " + std::to_string(shape.depth) + " pixels exceeds the largest " +
                                  std::to_string(shape.dimensions) + "-D texture and surface of " +
                                  context_.device().name + " (" + std::to_string(largest[0]) + " x " +
                                  std::to_string(largest[1]) + " x " + std::to_string(largest[2]) + ")",
                              "cuArray3DCreate");
    CUDA_ARRAY3D_DESCRIPTOR descriptor{};
    descriptor.Width = shape.width;
    descriptor.Height = shape.dimensions >= 2 ? shape.height : 0;
    descriptor.Depth = shape.dimensions == 3 ? shape.depth : 0;
    descriptor.Format = array_format_of(format.type);
    descriptor.NumChannels = format.channels;
    descriptor.Flags = CUDA_ARRAY3D_SURFACE_LDST;
    const CUresult created = context_.api().cuArray3DCreate(&array_, &descriptor);
    if (created != CUDA_SUCCESS)
        throw_driver_error(created, "cuArray3DCreate",
                           "creating a " + std::to_string(shape.dimensions) + "-D image of " + format.name() + " on " +
                               context_.device().name);
    const CUDA_RESOURCE_DESC resource = resource_of(array_);
    const CUresult surface = context_.api().cuSurfObjectCreate(&surface_, &resource);
    if (surface != CUDA_SUCCESS) {
        succeeded_or_warn(context_.api().cuArrayDestroy(array_), "cuArrayDestroy");
        throw_driver_error(surface, "cuSurfObjectCreate");
    }
}

CudaImage::~CudaImage() {
    if (!context_.make_current_or_warn()) return;
    for (const auto& [sampler, texture] : textures_)
        succeeded_or_warn(context_.api().cuTexObjectDestroy(texture), "cuTexObjectDestroy");
    succeeded_or_warn(context_.api().cuSurfObjectDestroy(surface_), "cuSurfObjectDestroy");
    succeeded_or_warn(context_.api().cuArrayDestroy(array_), "cuArrayDestroy");
}

plugin::ImageKernelArguments CudaImage::sampled_arguments(const plugin::Sampler& sampler) {
    CUtexObject texture = 0;
    {
        const std::lock_guard lock(textures_mutex_);
        const auto known = std::find_if(textures_.begin(), textures_.end(),
                                        [&](const auto& entry) { return entry.first == sampler; });
        if (known != textures_.end()) {
            texture = known->second;
        } else {
            context_.make_current();
            CUDA_TEXTURE_DESC description{};
            const CUaddress_mode mode = address_mode_of(sampler.address);
            // Axes the image lacks clamp: with border addressing on every axis, linear filtering of
            // a 1-D array returned half the expected values, as if the fetch blended a border row
            // in along y; clamping an absent axis changes no sample.
            for (unsigned axis = 0; axis < 3; ++axis)
                description.addressMode[axis] = axis < shape_.dimensions ? mode : CU_TR_ADDRESS_MODE_CLAMP;
            description.filterMode = sampler.filter == Filter::linear ? CU_TR_FILTER_MODE_LINEAR
                                                                      : CU_TR_FILTER_MODE_POINT;
            // Integer channels are read as integers, as OpenCL's read_imagei/ui read them; unorm
            // channels (8- and 16-bit arrays without the flag) as floats in [0, 1]; half
            // channels as floats.
            const bool integers = !format_.reads_as_float();
            description.flags = (integers ? CU_TRSF_READ_AS_INTEGER : 0u) |
                                (sampler.normalized_coordinates ? CU_TRSF_NORMALIZED_COORDINATES : 0u);
            // The border colour stays 0 in every channel (AddressMode::clamp_to_border).
            const CUDA_RESOURCE_DESC resource = resource_of(array_);
            check(context_.api().cuTexObjectCreate(&texture, &resource, &description, nullptr), "cuTexObjectCreate");
            textures_.emplace_back(sampler, texture);
        }
    }
    plugin::ImageKernelArguments arguments;
    put(arguments, 0, texture);
    put(arguments, 1,
        ImageInfo{static_cast<int>(shape_.width), static_cast<int>(shape_.height), static_cast<int>(shape_.depth),
                  sampler.normalized_coordinates ? 1 : 0});
    return arguments;
}

plugin::ImageKernelArguments CudaImage::storage_arguments() {
    plugin::ImageKernelArguments arguments;
    put(arguments, 0,
        ImageStorage{surface_, static_cast<int>(shape_.width), static_cast<int>(shape_.height),
                     static_cast<int>(shape_.depth),
                     static_cast<int>(format_.channels) + 8 * static_cast<int>(format_.type)});
    return arguments;
}

} // namespace rtcg::cuda
