#pragma once
// The checks of image formats, shapes and samplers (image_format.cpp), which every backend
// shares.
#include <rtcg/core/image.hpp>

namespace rtcg::detail {

// InvalidArgument for a channel type outside ChannelType, a channel count other than 1, 2 and 4,
// or dimensions other than 1 to 3.
void check_image_format(const ImageFormat& format, unsigned dimensions, const char* where);
// InvalidArgument for a zero extent, or an extent other than 1 beyond the dimensions.
void check_image_shape(const ImageShape& shape, const char* where);
// InvalidArgument for a sampler that image.hpp's rules refuse for `format`.
void check_sampler(const Sampler& sampler, const ImageFormat& format, const char* where);

} // namespace rtcg::detail
