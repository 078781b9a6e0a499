#pragma once
/// \file
/// Images: CUDA arrays read through texture objects and written through surface objects, or
/// OpenCL images read through samplers; one API and, with the prelude's image macros
/// (rtcg/codegen/prelude.hpp, PreludeOptions::images), one kernel source for both.
///
/// \code
///   rtcg::Image image(ctx, {rtcg::ChannelType::float32, 1}, rtcg::ImageShape::two_d(w, h));
///   image.write(queue, host_pixels);
///   kernel(queue, config, image.sampled({.filter = rtcg::Filter::linear}), out_image.storage(), ...);
/// \endcode
///
/// Sampling rules, the same on every backend (each is the stricter of CUDA's and OpenCL's, so a
/// program that runs on one runs on the other); a Sampler that breaks one is an InvalidArgument:
///  - AddressMode::repeat and AddressMode::mirrored_repeat need normalized coordinates.
///  - Filter::linear needs a format read as floats: float32, float16, unorm8 or unorm16.
///  - AddressMode::clamp_to_border reads 0 outside the image in every channel the format has.
/// Only the format's channels of a pixel read are defined; the others are unspecified.
#include <rtcg/core/error.hpp>
#include <rtcg/core/export.hpp>
#include <rtcg/core/fwd.hpp>
#include <rtcg/core/kernel_argument.hpp>
#include <rtcg/core/queue.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <type_traits>

namespace rtcg {

namespace plugin {
class ImageImpl;
}

/// The type of one channel of a pixel, as stored.
enum class ChannelType : std::uint8_t {
    int8,    ///< read and written as int4 (rtcg_image*_read_int4)
    int16,   ///< read and written as int4
    int32,   ///< read and written as int4
    uint8,   ///< read and written as uint4 (rtcg_image*_read_uint4)
    uint16,  ///< read and written as uint4
    uint32,  ///< read and written as uint4
    float32, ///< read and written as float4 (rtcg_image*_read_float4)
    unorm8,  ///< unsigned 8-bit integers read as floats in [0, 1] (x / 255), written from floats
    unorm16, ///< unsigned 16-bit integers read as floats in [0, 1] (x / 65535), written from floats
    /// IEEE 754 binary16 halves, read as float4 and written from float4 (rounded to an adjacent half),
    /// where the device has them (image_format_supported; every CUDA device, OpenCL's
    /// CL_HALF_FLOAT). The host side holds the raw 16-bit halves (std::uint16_t bit patterns, or
    /// C++23's std::float16_t): write() and read() copy bytes and convert nothing, as for every
    /// other type.
    float16,
};

/// A pixel format: a channel type and 1, 2 or 4 channels (OpenCL's CL_R, CL_RG, CL_RGBA orders).
struct ImageFormat {
    ChannelType type = ChannelType::float32; ///< each channel's type
    unsigned channels = 1;                   ///< 1, 2 or 4

    /// Bytes of one channel.
    RTCG_API std::size_t channel_bytes() const noexcept;
    /// Bytes of one pixel: channel_bytes() * channels.
    std::size_t pixel_bytes() const noexcept { return channel_bytes() * channels; }
    /// "float32x4", "uint8x1": how errors name the format.
    RTCG_API std::string name() const;
    /// Whether samplers read it as floats (float32, float16, unorm8, unorm16), so it can be filtered
    /// linearly.
    RTCG_API bool reads_as_float() const noexcept;

    /// Same type and channel count.
    friend bool operator==(const ImageFormat&, const ImageFormat&) = default;
};

/// An image's dimensionality and extent in pixels. Unused extents are 1.
struct ImageShape {
    unsigned dimensions = 2; ///< 1, 2 or 3
    std::size_t width = 1;   ///< pixels along x
    std::size_t height = 1;  ///< pixels along y (1 for a 1-D image)
    std::size_t depth = 1;   ///< pixels along z (1 unless 3-D)

    /// A 1-D image of `width` pixels.
    static ImageShape one_d(std::size_t width) noexcept { return {1, width, 1, 1}; }
    /// A 2-D image of `width` by `height` pixels.
    static ImageShape two_d(std::size_t width, std::size_t height) noexcept { return {2, width, height, 1}; }
    /// A 3-D image of `width` by `height` by `depth` pixels.
    static ImageShape three_d(std::size_t width, std::size_t height, std::size_t depth) noexcept {
        return {3, width, height, depth};
    }
    /// width * height * depth.
    std::size_t pixels() const noexcept { return width * height * depth; }

    /// Same dimensions and extents.
    friend bool operator==(const ImageShape&, const ImageShape&) = default;
};

/// How a sample between pixels is formed.
enum class Filter : std::uint8_t {
    nearest, ///< the pixel the coordinate falls in
    linear,  ///< the (bi/tri)linear interpolation of the 2, 4 or 8 nearest pixel centres
};

/// What a coordinate outside the image reads.
enum class AddressMode : std::uint8_t {
    clamp_to_edge,   ///< the nearest edge pixel (CUDA's clamp, OpenCL's CLK_ADDRESS_CLAMP_TO_EDGE)
    clamp_to_border, ///< 0 (CUDA's border with a zero colour, OpenCL's CLK_ADDRESS_CLAMP)
    repeat,          ///< the image tiles space (CUDA's wrap); normalized coordinates only
    mirrored_repeat, ///< the image tiles space, every other copy mirrored; normalized coordinates only
};

/// How a kernel samples an image (rtcg_image*_read_*). Pixel centres are at i + 0.5 in
/// unnormalized coordinates and at (i + 0.5) / extent in normalized ones, on both backends.
struct Sampler {
    bool normalized_coordinates = false;              ///< coordinates in [0, 1) rather than [0, extent)
    Filter filter = Filter::nearest;                  ///< see Filter
    AddressMode address = AddressMode::clamp_to_edge; ///< the same along every axis

    /// Same settings.
    friend bool operator==(const Sampler&, const Sampler&) = default;
};

/// A box of pixels: `origin` and `extent` along x, y, z. Copies take one; by default the whole image.
struct ImageRegion {
    std::array<std::size_t, 3> origin{0, 0, 0}; ///< the first pixel
    std::array<std::size_t, 3> extent{0, 0, 0}; ///< pixels along each axis; all 0 means "to the image's end"
};

/// The format is one the device cannot hold in an image of that dimensionality. what() names the
/// format and the device.
class RTCG_API UnsupportedImageFormat : public InvalidArgument {
public:
    using InvalidArgument::InvalidArgument;
};

/// Whether the device of `context` can hold `format` in a `dimensions`-D image that kernels read
/// and write: clGetSupportedImageFormats on OpenCL, less the formats a driver lists but
/// mishandles (PoCL's single-channel float16); on CUDA every ImageFormat (CUDA arrays take 1, 2
/// or 4 channels of each type). InvalidArgument for a bad channel count or dimensionality.
RTCG_API bool image_format_supported(const Context& context, ImageFormat format, unsigned dimensions);

/// What passes an image to a kernel: `N` kernel arguments, which Kernel's typed launch spreads
/// over `N` parameters (see Image::sampled and Image::storage). Refers to its Image, which must
/// stay alive while kernels use it.
template <std::size_t N>
class ImageArgument {
public:
    /// \private Made by Image.
    ImageArgument(const detail::ContextState* context, const std::array<std::array<std::byte, 32>, N>& bytes,
                  const std::array<std::size_t, N>& sizes) noexcept
        : context_(context), bytes_(bytes), sizes_(sizes) {}

    /// The launch's arguments: the bytes of the backend's handles, valid while this object is.
    std::array<KernelArgument, N> kernel_arguments() const noexcept {
        std::array<KernelArgument, N> arguments{};
        for (std::size_t i = 0; i < N; ++i)
            arguments[i] = KernelArgument{nullptr, bytes_[i].data(), sizes_[i], context_};
        return arguments;
    }

private:
    const detail::ContextState* context_;
    std::array<std::array<std::byte, 32>, N> bytes_;
    std::array<std::size_t, N> sizes_;
};

/// An image of one context: a CUDA array (with surface load/store) or an OpenCL image object.
/// Move-only; keeps its context alive.
class RTCG_API Image {
public:
    /// An empty image, of no context.
    Image() noexcept;
    /// A new image with unspecified contents. UnsupportedImageFormat when the device lacks the
    /// format (image_format_supported); InvalidArgument for a bad channel count, dimensionality
    /// or extent (zero, or past the device's largest image).
    Image(const Context& context, ImageFormat format, ImageShape shape);
    /// Moves leave the source empty.
    Image(Image&&) noexcept;
    /// Moves leave the source empty.
    Image& operator=(Image&&) noexcept;
    ~Image();

    /// True while the image belongs to a context.
    explicit operator bool() const noexcept { return context_ != nullptr; }
    /// The pixel format.
    const ImageFormat& format() const noexcept { return format_; }
    /// The dimensionality and extents.
    const ImageShape& shape() const noexcept { return shape_; }
    /// Bytes of the pixels: shape().pixels() * format().pixel_bytes().
    std::size_t size_bytes() const noexcept { return shape_.pixels() * format_.pixel_bytes(); }
    /// The owning context. InvalidArgument for an empty image.
    Context context() const;

    /// Copies tightly packed pixels (x fastest, then y, then z) from host memory into `region`.
    /// `bytes` must be the region's size. InvalidArgument for a region past the image's end.
    void write(Queue& queue, const void* src, std::size_t bytes, const ImageRegion& region = {},
               Transfer mode = Transfer::blocking);
    /// Copies `region` into tightly packed host memory of `bytes` (the region's size).
    void read(Queue& queue, void* dst, std::size_t bytes, const ImageRegion& region = {},
              Transfer mode = Transfer::blocking) const;
    /// write() from the elements of `src`.
    template <class T>
    void write(Queue& queue, std::span<const T> src, const ImageRegion& region = {},
               Transfer mode = Transfer::blocking) {
        static_assert(std::is_trivially_copyable_v<T>);
        write(queue, src.data(), src.size_bytes(), region, mode);
    }
    /// read() into the elements of `dst`.
    template <class T>
    void read(Queue& queue, std::span<T> dst, const ImageRegion& region = {},
              Transfer mode = Transfer::blocking) const {
        static_assert(std::is_trivially_copyable_v<T>);
        read(queue, dst.data(), dst.size_bytes(), region, mode);
    }
    /// Copies `src_region` of this image to `dst` at `dst_origin`; both images have the same
    /// format and context. InvalidArgument for a region past either image's end.
    void copy_to(Queue& queue, Image& dst, const ImageRegion& src_region = {},
                 const std::array<std::size_t, 3>& dst_origin = {0, 0, 0}) const;
    /// Copies tightly packed pixels from `src` at byte `src_offset` into `region`.
    /// InvalidArgument past the buffer's or the image's end.
    void copy_from(Queue& queue, const Buffer& src, std::size_t src_offset = 0, const ImageRegion& region = {});
    /// Copies `region` into `dst` at byte `dst_offset`, tightly packed.
    void copy_into(Queue& queue, Buffer& dst, std::size_t dst_offset = 0, const ImageRegion& region = {}) const;

    /// The image as a kernel's sampled input: two parameters, which the prelude's
    /// RTCG_IMAGE1D/2D/3D(name) declares (a texture object and the image's extents on CUDA, the
    /// image and the sampler on OpenCL). InvalidArgument for a sampler the rules above refuse.
    ImageArgument<2> sampled(const Sampler& sampler = {}) const;
    /// The image as a kernel's output: one parameter, which RTCG_WRITE_IMAGE1D/2D/3D(name)
    /// declares (a surface object and the format on CUDA, a write-only image on OpenCL).
    ImageArgument<1> storage() const;

    /// \private For plug-in glue: the backend object.
    plugin::ImageImpl* impl() const noexcept { return impl_.get(); }

private:
    std::shared_ptr<detail::ContextState> context_;
    std::unique_ptr<plugin::ImageImpl> impl_;
    ImageFormat format_;
    ImageShape shape_;
};

} // namespace rtcg
