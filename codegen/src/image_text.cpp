// The image macros (rtcg/codegen/prelude.hpp documents them): CUDA's texture and surface objects,
// OpenCL's images and samplers, behind one set of names.
#include "prelude_parts.hpp"

namespace rtcg::codegen::detail {
namespace {

// A sampled image is a texture object and an rtcg_image_info (the extents, and whether the
// texture's coordinates are normalized, which integer-coordinate loads need to address pixel
// centres); a written one an rtcg_image_storage, laid out like the plug-in's ImageStorage, whose
// format (channels + 8 * rtcg::ChannelType) picks the surface store's width and conversion, as
// OpenCL's write_image* converts to the image's format (halves through PTX's cvt, so that the
// prelude needs no cuda_fp16.h). Surface stores take x in bytes.
constexpr std::string_view cuda_images = R"(#define RTCG_HAS_3D_IMAGE_WRITES 1
typedef struct { int width, height, depth, normalized; } rtcg_image_info;
typedef struct { unsigned long long surface; int width, height, depth, format; } rtcg_image_storage;
#define RTCG_IMAGE1D(name) cudaTextureObject_t name, rtcg_image_info name##_info
#define RTCG_IMAGE2D(name) cudaTextureObject_t name, rtcg_image_info name##_info
#define RTCG_IMAGE3D(name) cudaTextureObject_t name, rtcg_image_info name##_info
#define RTCG_WRITE_IMAGE1D(name) rtcg_image_storage name
#define RTCG_WRITE_IMAGE2D(name) rtcg_image_storage name
#define RTCG_WRITE_IMAGE3D(name) rtcg_image_storage name
#define rtcg_image1d_read_float4(name, x) tex1D<float4>(name, (x))
#define rtcg_image1d_read_int4(name, x) tex1D<int4>(name, (x))
#define rtcg_image1d_read_uint4(name, x) tex1D<uint4>(name, (x))
#define rtcg_image2d_read_float4(name, x, y) tex2D<float4>(name, (x), (y))
#define rtcg_image2d_read_int4(name, x, y) tex2D<int4>(name, (x), (y))
#define rtcg_image2d_read_uint4(name, x, y) tex2D<uint4>(name, (x), (y))
#define rtcg_image3d_read_float4(name, x, y, z) tex3D<float4>(name, (x), (y), (z))
#define rtcg_image3d_read_int4(name, x, y, z) tex3D<int4>(name, (x), (y), (z))
#define rtcg_image3d_read_uint4(name, x, y, z) tex3D<uint4>(name, (x), (y), (z))
RTCG_DEVICE float rtcg_image_centre_(int i, int extent, int normalized) {
    return normalized ? ((float)i + 0.5f) / (float)extent : (float)i + 0.5f;
}
#define rtcg_image_u_(name, x) rtcg_image_centre_((x), name##_info.width, name##_info.normalized)
#define rtcg_image_v_(name, y) rtcg_image_centre_((y), name##_info.height, name##_info.normalized)
#define rtcg_image_w_(name, z) rtcg_image_centre_((z), name##_info.depth, name##_info.normalized)
#define rtcg_image1d_load_float4(name, x) tex1D<float4>(name, rtcg_image_u_(name, x))
#define rtcg_image1d_load_int4(name, x) tex1D<int4>(name, rtcg_image_u_(name, x))
#define rtcg_image1d_load_uint4(name, x) tex1D<uint4>(name, rtcg_image_u_(name, x))
#define rtcg_image2d_load_float4(name, x, y) tex2D<float4>(name, rtcg_image_u_(name, x), rtcg_image_v_(name, y))
#define rtcg_image2d_load_int4(name, x, y) tex2D<int4>(name, rtcg_image_u_(name, x), rtcg_image_v_(name, y))
#define rtcg_image2d_load_uint4(name, x, y) tex2D<uint4>(name, rtcg_image_u_(name, x), rtcg_image_v_(name, y))
#define rtcg_image3d_load_float4(name, x, y, z) \
    tex3D<float4>(name, rtcg_image_u_(name, x), rtcg_image_v_(name, y), rtcg_image_w_(name, z))
#define rtcg_image3d_load_int4(name, x, y, z) \
    tex3D<int4>(name, rtcg_image_u_(name, x), rtcg_image_v_(name, y), rtcg_image_w_(name, z))
#define rtcg_image3d_load_uint4(name, x, y, z) \
    tex3D<uint4>(name, rtcg_image_u_(name, x), rtcg_image_v_(name, y), rtcg_image_w_(name, z))
template <int D, class T>
__device__ inline void rtcg_surface_store_(T value, const rtcg_image_storage& image, int x, int y, int z) {
    const int x_bytes = x * (int)sizeof(T);
    if (D == 1) surf1Dwrite(value, image.surface, x_bytes);
    else if (D == 2) surf2Dwrite(value, image.surface, x_bytes, y);
    else surf3Dwrite(value, image.surface, x_bytes, y, z);
}
template <int D, class E, class V2, class V4>
__device__ inline void rtcg_image_put_(const rtcg_image_storage& image, int x, int y, int z, E a, E b, E c, E d) {
    switch (image.format & 7) {
    case 1: rtcg_surface_store_<D>(a, image, x, y, z); break;
    case 2: { V2 v; v.x = a; v.y = b; rtcg_surface_store_<D>(v, image, x, y, z); break; }
    default: { V4 v; v.x = a; v.y = b; v.z = c; v.w = d; rtcg_surface_store_<D>(v, image, x, y, z); }
    }
}
RTCG_DEVICE float rtcg_image_unorm_(float v, float top) { return rintf(fminf(fmaxf(v * top, 0.0f), top)); }
RTCG_DEVICE unsigned short rtcg_image_half_(float v) {
    unsigned short bits;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(bits) : "f"(v));
    return bits;
}
RTCG_DEVICE int rtcg_image_clamp_(int v, int low, int high) { return v < low ? low : v > high ? high : v; }
template <int D>
__device__ inline void rtcg_image_write_float4_(const rtcg_image_storage& image, int x, int y, int z, float4 v) {
    switch (image.format >> 3) {
    case 7:
        rtcg_image_put_<D, unsigned char, uchar2, uchar4>(image, x, y, z, (unsigned char)rtcg_image_unorm_(v.x, 255.0f),
            (unsigned char)rtcg_image_unorm_(v.y, 255.0f), (unsigned char)rtcg_image_unorm_(v.z, 255.0f),
            (unsigned char)rtcg_image_unorm_(v.w, 255.0f));
        break;
    case 8:
        rtcg_image_put_<D, unsigned short, ushort2, ushort4>(image, x, y, z,
            (unsigned short)rtcg_image_unorm_(v.x, 65535.0f), (unsigned short)rtcg_image_unorm_(v.y, 65535.0f),
            (unsigned short)rtcg_image_unorm_(v.z, 65535.0f), (unsigned short)rtcg_image_unorm_(v.w, 65535.0f));
        break;
    case 9:
        rtcg_image_put_<D, unsigned short, ushort2, ushort4>(image, x, y, z, rtcg_image_half_(v.x),
            rtcg_image_half_(v.y), rtcg_image_half_(v.z), rtcg_image_half_(v.w));
        break;
    default: rtcg_image_put_<D, float, float2, float4>(image, x, y, z, v.x, v.y, v.z, v.w);
    }
}
template <int D>
__device__ inline void rtcg_image_write_int4_(const rtcg_image_storage& image, int x, int y, int z, int4 v) {
    switch (image.format >> 3) {
    case 0:
        rtcg_image_put_<D, signed char, char2, char4>(image, x, y, z, (signed char)rtcg_image_clamp_(v.x, -128, 127),
            (signed char)rtcg_image_clamp_(v.y, -128, 127), (signed char)rtcg_image_clamp_(v.z, -128, 127),
            (signed char)rtcg_image_clamp_(v.w, -128, 127));
        break;
    case 1:
        rtcg_image_put_<D, short, short2, short4>(image, x, y, z, (short)rtcg_image_clamp_(v.x, -32768, 32767),
            (short)rtcg_image_clamp_(v.y, -32768, 32767), (short)rtcg_image_clamp_(v.z, -32768, 32767),
            (short)rtcg_image_clamp_(v.w, -32768, 32767));
        break;
    default: rtcg_image_put_<D, int, int2, int4>(image, x, y, z, v.x, v.y, v.z, v.w);
    }
}
template <int D>
__device__ inline void rtcg_image_write_uint4_(const rtcg_image_storage& image, int x, int y, int z, uint4 v) {
    switch (image.format >> 3) {
    case 3:
        rtcg_image_put_<D, unsigned char, uchar2, uchar4>(image, x, y, z, (unsigned char)min(v.x, 255u),
            (unsigned char)min(v.y, 255u), (unsigned char)min(v.z, 255u), (unsigned char)min(v.w, 255u));
        break;
    case 4:
        rtcg_image_put_<D, unsigned short, ushort2, ushort4>(image, x, y, z, (unsigned short)min(v.x, 65535u),
            (unsigned short)min(v.y, 65535u), (unsigned short)min(v.z, 65535u), (unsigned short)min(v.w, 65535u));
        break;
    default: rtcg_image_put_<D, unsigned, uint2, uint4>(image, x, y, z, v.x, v.y, v.z, v.w);
    }
}
#define rtcg_image1d_write_float4(name, x, value) rtcg_image_write_float4_<1>(name, (x), 0, 0, (value))
#define rtcg_image1d_write_int4(name, x, value) rtcg_image_write_int4_<1>(name, (x), 0, 0, (value))
#define rtcg_image1d_write_uint4(name, x, value) rtcg_image_write_uint4_<1>(name, (x), 0, 0, (value))
#define rtcg_image2d_write_float4(name, x, y, value) rtcg_image_write_float4_<2>(name, (x), (y), 0, (value))
#define rtcg_image2d_write_int4(name, x, y, value) rtcg_image_write_int4_<2>(name, (x), (y), 0, (value))
#define rtcg_image2d_write_uint4(name, x, y, value) rtcg_image_write_uint4_<2>(name, (x), (y), 0, (value))
#define rtcg_image3d_write_float4(name, x, y, z, value) rtcg_image_write_float4_<3>(name, (x), (y), (z), (value))
#define rtcg_image3d_write_int4(name, x, y, z, value) rtcg_image_write_int4_<3>(name, (x), (y), (z), (value))
#define rtcg_image3d_write_uint4(name, x, y, z, value) rtcg_image_write_uint4_<3>(name, (x), (y), (z), (value))
)";

// A sampled image is the image and its sampler; integer-coordinate loads use OpenCL 1.2's
// sampler-less reads, which address pixels directly. 3-D writes need cl_khr_3d_image_writes.
constexpr std::string_view opencl_images = R"(#ifdef cl_khr_3d_image_writes
#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable
#define RTCG_HAS_3D_IMAGE_WRITES 1
#else
#define RTCG_HAS_3D_IMAGE_WRITES 0
#endif
#define RTCG_IMAGE1D(name) __read_only image1d_t name, sampler_t name##_info
#define RTCG_IMAGE2D(name) __read_only image2d_t name, sampler_t name##_info
#define RTCG_IMAGE3D(name) __read_only image3d_t name, sampler_t name##_info
#define RTCG_WRITE_IMAGE1D(name) __write_only image1d_t name
#define RTCG_WRITE_IMAGE2D(name) __write_only image2d_t name
#define RTCG_WRITE_IMAGE3D(name) __write_only image3d_t name
#define rtcg_image1d_read_float4(name, x) read_imagef(name, name##_info, (float)(x))
#define rtcg_image1d_read_int4(name, x) read_imagei(name, name##_info, (float)(x))
#define rtcg_image1d_read_uint4(name, x) read_imageui(name, name##_info, (float)(x))
#define rtcg_image2d_read_float4(name, x, y) read_imagef(name, name##_info, (float2)((x), (y)))
#define rtcg_image2d_read_int4(name, x, y) read_imagei(name, name##_info, (float2)((x), (y)))
#define rtcg_image2d_read_uint4(name, x, y) read_imageui(name, name##_info, (float2)((x), (y)))
#define rtcg_image3d_read_float4(name, x, y, z) read_imagef(name, name##_info, (float4)((x), (y), (z), 0.0f))
#define rtcg_image3d_read_int4(name, x, y, z) read_imagei(name, name##_info, (float4)((x), (y), (z), 0.0f))
#define rtcg_image3d_read_uint4(name, x, y, z) read_imageui(name, name##_info, (float4)((x), (y), (z), 0.0f))
#define rtcg_image1d_load_float4(name, x) read_imagef(name, (int)(x))
#define rtcg_image1d_load_int4(name, x) read_imagei(name, (int)(x))
#define rtcg_image1d_load_uint4(name, x) read_imageui(name, (int)(x))
#define rtcg_image2d_load_float4(name, x, y) read_imagef(name, (int2)((x), (y)))
#define rtcg_image2d_load_int4(name, x, y) read_imagei(name, (int2)((x), (y)))
#define rtcg_image2d_load_uint4(name, x, y) read_imageui(name, (int2)((x), (y)))
#define rtcg_image3d_load_float4(name, x, y, z) read_imagef(name, (int4)((x), (y), (z), 0))
#define rtcg_image3d_load_int4(name, x, y, z) read_imagei(name, (int4)((x), (y), (z), 0))
#define rtcg_image3d_load_uint4(name, x, y, z) read_imageui(name, (int4)((x), (y), (z), 0))
#define rtcg_image1d_write_float4(name, x, value) write_imagef(name, (int)(x), (value))
#define rtcg_image1d_write_int4(name, x, value) write_imagei(name, (int)(x), (value))
#define rtcg_image1d_write_uint4(name, x, value) write_imageui(name, (int)(x), (value))
#define rtcg_image2d_write_float4(name, x, y, value) write_imagef(name, (int2)((x), (y)), (value))
#define rtcg_image2d_write_int4(name, x, y, value) write_imagei(name, (int2)((x), (y)), (value))
#define rtcg_image2d_write_uint4(name, x, y, value) write_imageui(name, (int2)((x), (y)), (value))
#define rtcg_image3d_write_float4(name, x, y, z, value) write_imagef(name, (int4)((x), (y), (z), 0), (value))
#define rtcg_image3d_write_int4(name, x, y, z, value) write_imagei(name, (int4)((x), (y), (z), 0), (value))
#define rtcg_image3d_write_uint4(name, x, y, z, value) write_imageui(name, (int4)((x), (y), (z), 0), (value))
)";

} // namespace

std::string_view image_text(Dialect dialect) { return dialect == Dialect::cuda ? cuda_images : opencl_images; }

} // namespace rtcg::codegen::detail
