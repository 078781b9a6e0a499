// ImageFormat's properties and the checks of formats, shapes and samplers that every backend
// shares (rtcg/core/image.hpp states the rules).
#include "image_checks.hpp"

#include <rtcg/core/error.hpp>

namespace rtcg {

std::size_t ImageFormat::channel_bytes() const noexcept {
    switch (type) {
    case ChannelType::int8:
    case ChannelType::uint8:
    case ChannelType::unorm8: return 1;
    case ChannelType::int16:
    case ChannelType::uint16:
    case ChannelType::unorm16:
    case ChannelType::float16: return 2;
    case ChannelType::int32:
    case ChannelType::uint32:
    case ChannelType::float32: return 4;
    }
    return 0;
}

std::string ImageFormat::name() const {
    const char* type_name = "unknown";
    switch (type) {
    case ChannelType::int8: type_name = "int8"; break;
    case ChannelType::int16: type_name = "int16"; break;
    case ChannelType::int32: type_name = "int32"; break;
    case ChannelType::uint8: type_name = "uint8"; break;
    case ChannelType::uint16: type_name = "uint16"; break;
    case ChannelType::uint32: type_name = "uint32"; break;
    case ChannelType::float32: type_name = "float32"; break;
    case ChannelType::unorm8: type_name = "unorm8"; break;
    case ChannelType::unorm16: type_name = "unorm16"; break;
    case ChannelType::float16: type_name = "float16"; break;
    }
    return std::string(type_name) + "x" + std::to_string(channels);
}

bool ImageFormat::reads_as_float() const noexcept {
    return type == ChannelType::float32 || type == ChannelType::float16 || type == ChannelType::unorm8 ||
           type == ChannelType::unorm16;
}

namespace detail {

void check_image_format(const ImageFormat& format, unsigned dimensions, const char* where) {
    if (format.channel_bytes() == 0) throw InvalidArgument("the image's channel type is not a ChannelType", where);
    if (format.channels != 1 && format.channels != 2 && format.channels != 4)
        throw InvalidArgument("an image has 1, 2 or 4 channels, not " + std::to_string(format.channels), where);
    if (dimensions < 1 || dimensions > 3)
        throw InvalidArgument("an image has 1, 2 or 3 dimensions, not " + std::to_string(dimensions), where);
}

void check_image_shape(const ImageShape& shape, const char* where) {
    if (shape.width == 0 || shape.height == 0 || shape.depth == 0)
        throw InvalidArgument("an image's extents are at least 1 (got " + std::to_string(shape.width) + " x " +
                                  std::to_string(shape.height) + " x " + std::to_string(shape.depth) + ")",
                              where);
    if ((shape.dimensions < 2 && shape.height != 1) || (shape.dimensions < 3 && shape.depth != 1))
        throw InvalidArgument("a " + std::to_string(shape.dimensions) + "-D image has height and depth 1 beyond its " +
                                  "dimensions (got " + std::to_string(shape.height) + " and " +
                                  std::to_string(shape.depth) + ")",
                              where);
}

void check_sampler(const Sampler& sampler, const ImageFormat& format, const char* where) {
    const bool tiles = sampler.address == AddressMode::repeat || sampler.address == AddressMode::mirrored_repeat;
    if (tiles && !sampler.normalized_coordinates)
        throw InvalidArgument("repeat and mirrored_repeat addressing need normalized coordinates (CUDA and OpenCL "
                              "both define them only there)",
                              where);
    if (sampler.address > AddressMode::mirrored_repeat || sampler.filter > Filter::linear)
        throw InvalidArgument("the sampler's address mode or filter is not one of the enumerators", where);
    if (sampler.filter == Filter::linear && !format.reads_as_float())
        throw InvalidArgument(
            "linear filtering needs a format read as floats (float32, float16, unorm8, unorm16), not " + format.name(),
            where);
}

} // namespace detail
} // namespace rtcg
