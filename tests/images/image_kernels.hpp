#pragma once
// The test kernels, in the neutral dialect with the prelude's image macros: samples at float
// coordinates into buffers, pixel-for-pixel copies (integer loads, then writes) between images,
// and writes from buffers.
#include "../support/test_context.hpp"
#include "half_float.hpp"

#include <rtcg/codegen/prelude.hpp>
#include <rtcg/core/image.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string_view>
#include <vector>

namespace rtcg::test {

inline constexpr std::string_view image_kernels = R"(
RTCG_KERNEL void sample1d(RTCG_IMAGE1D(src), RTCG_GLOBAL const float* at, RTCG_GLOBAL rtcg_float4* out, int n) {
    const int i = (int)RTCG_GLOBAL_ID(0);
    if (i < n) out[i] = rtcg_image1d_read_float4(src, at[3 * i]);
}
RTCG_KERNEL void sample2d(RTCG_IMAGE2D(src), RTCG_GLOBAL const float* at, RTCG_GLOBAL rtcg_float4* out, int n) {
    const int i = (int)RTCG_GLOBAL_ID(0);
    if (i < n) out[i] = rtcg_image2d_read_float4(src, at[3 * i], at[3 * i + 1]);
}
RTCG_KERNEL void sample3d(RTCG_IMAGE3D(src), RTCG_GLOBAL const float* at, RTCG_GLOBAL rtcg_float4* out, int n) {
    const int i = (int)RTCG_GLOBAL_ID(0);
    if (i < n) out[i] = rtcg_image3d_read_float4(src, at[3 * i], at[3 * i + 1], at[3 * i + 2]);
}
RTCG_KERNEL void sample2d_int(RTCG_IMAGE2D(src), RTCG_GLOBAL const float* at, RTCG_GLOBAL rtcg_int4* out, int n) {
    const int i = (int)RTCG_GLOBAL_ID(0);
    if (i < n) out[i] = rtcg_image2d_read_int4(src, at[3 * i], at[3 * i + 1]);
}
RTCG_KERNEL void sample2d_uint(RTCG_IMAGE2D(src), RTCG_GLOBAL const float* at, RTCG_GLOBAL rtcg_uint4* out, int n) {
    const int i = (int)RTCG_GLOBAL_ID(0);
    if (i < n) out[i] = rtcg_image2d_read_uint4(src, at[3 * i], at[3 * i + 1]);
}
RTCG_KERNEL void copy1d_float(RTCG_IMAGE1D(src), RTCG_WRITE_IMAGE1D(dst), int width) {
    const int x = (int)RTCG_GLOBAL_ID(0);
    if (x < width) rtcg_image1d_write_float4(dst, x, rtcg_image1d_load_float4(src, x));
}
RTCG_KERNEL void copy2d_float(RTCG_IMAGE2D(src), RTCG_WRITE_IMAGE2D(dst), int width, int height) {
    const int x = (int)RTCG_GLOBAL_ID(0), y = (int)RTCG_GLOBAL_ID(1);
    if (x < width && y < height) rtcg_image2d_write_float4(dst, x, y, rtcg_image2d_load_float4(src, x, y));
}
RTCG_KERNEL void copy2d_int(RTCG_IMAGE2D(src), RTCG_WRITE_IMAGE2D(dst), int width, int height) {
    const int x = (int)RTCG_GLOBAL_ID(0), y = (int)RTCG_GLOBAL_ID(1);
    if (x < width && y < height) rtcg_image2d_write_int4(dst, x, y, rtcg_image2d_load_int4(src, x, y));
}
RTCG_KERNEL void copy2d_uint(RTCG_IMAGE2D(src), RTCG_WRITE_IMAGE2D(dst), int width, int height) {
    const int x = (int)RTCG_GLOBAL_ID(0), y = (int)RTCG_GLOBAL_ID(1);
    if (x < width && y < height) rtcg_image2d_write_uint4(dst, x, y, rtcg_image2d_load_uint4(src, x, y));
}
RTCG_KERNEL void copy3d_float(RTCG_IMAGE3D(src), RTCG_WRITE_IMAGE3D(dst), int width, int height, int depth,
                              RTCG_GLOBAL int* has_writes) {
    const int x = (int)RTCG_GLOBAL_ID(0), y = (int)RTCG_GLOBAL_ID(1), z = (int)RTCG_GLOBAL_ID(2);
    if (x == 0 && y == 0 && z == 0) has_writes[0] = RTCG_HAS_3D_IMAGE_WRITES;
#if RTCG_HAS_3D_IMAGE_WRITES
    if (x < width && y < height && z < depth)
        rtcg_image3d_write_float4(dst, x, y, z, rtcg_image3d_load_float4(src, x, y, z));
#endif
}
RTCG_KERNEL void write2d_float(RTCG_WRITE_IMAGE2D(dst), RTCG_GLOBAL const rtcg_float4* values, int width, int height) {
    const int x = (int)RTCG_GLOBAL_ID(0), y = (int)RTCG_GLOBAL_ID(1);
    if (x < width && y < height) rtcg_image2d_write_float4(dst, x, y, values[y * width + x]);
}
RTCG_KERNEL void write2d_int(RTCG_WRITE_IMAGE2D(dst), RTCG_GLOBAL const rtcg_int4* values, int width, int height) {
    const int x = (int)RTCG_GLOBAL_ID(0), y = (int)RTCG_GLOBAL_ID(1);
    if (x < width && y < height) rtcg_image2d_write_int4(dst, x, y, values[y * width + x]);
}
RTCG_KERNEL void write2d_uint(RTCG_WRITE_IMAGE2D(dst), RTCG_GLOBAL const rtcg_uint4* values, int width, int height) {
    const int x = (int)RTCG_GLOBAL_ID(0), y = (int)RTCG_GLOBAL_ID(1);
    if (x < width && y < height) rtcg_image2d_write_uint4(dst, x, y, values[y * width + x]);
}
)";

// The kernels above, compiled for the test context (once: the context remembers the module).
inline Module image_module() {
    return context().compile(image_kernels, {.prelude = codegen::portable_prelude({.images = true})});
}

// `pixels` pixels of `format` with random contents (integers over their whole range, floats and
// unorm values in [0, 1), halves nearest such floats).
inline std::vector<std::byte> random_pixels(const ImageFormat& format, std::size_t pixels, unsigned seed) {
    std::mt19937 random(seed);
    std::vector<std::byte> bytes(pixels * format.pixel_bytes());
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    if (format.type == ChannelType::float32) {
        for (std::size_t i = 0; i < bytes.size(); i += 4) {
            const float value = unit(random);
            std::memcpy(&bytes[i], &value, 4);
        }
    } else if (format.type == ChannelType::float16) {
        for (std::size_t i = 0; i < bytes.size(); i += 2) {
            const std::uint16_t value = float_to_half(unit(random));
            std::memcpy(&bytes[i], &value, 2);
        }
    } else {
        for (std::byte& b : bytes) b = static_cast<std::byte>(random() & 0xff);
    }
    return bytes;
}

} // namespace rtcg::test
