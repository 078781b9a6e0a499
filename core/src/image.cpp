// Images: the checks core makes before a backend sees a request (image.hpp's rules, regions
// inside images and buffers, one context), then the plug-in's calls.
#include "capture_state.hpp"
#include "context_state.hpp"
#include "image_checks.hpp"

#include <rtcg/core/buffer.hpp>
#include <rtcg/core/context.hpp>
#include <rtcg/core/error.hpp>
#include <rtcg/core/image.hpp>
#include <rtcg/core/queue.hpp>

#include <limits>
#include <string>
#include <utility>

namespace rtcg {
namespace {

std::string describe(const std::array<std::size_t, 3>& v) {
    return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) + ")";
}

// The box `region` names in an image of `shape`: an all-zero extent reaches the image's end.
// InvalidArgument when any part lies outside the image or the extent is empty.
plugin::ImageBox resolve(const ImageRegion& region, const ImageShape& shape, const char* role, const char* where) {
    const std::array<std::size_t, 3> size{shape.width, shape.height, shape.depth};
    plugin::ImageBox box{region.origin, region.extent};
    const bool whole = region.extent == std::array<std::size_t, 3>{0, 0, 0};
    for (std::size_t axis = 0; axis < 3; ++axis) {
        if (box.origin[axis] >= size[axis])
            throw InvalidArgument(std::string("the ") + role + " region's origin " + describe(region.origin) +
                                      " lies outside the image of " + describe(size) + " pixels",
                                  where);
        if (whole) box.extent[axis] = size[axis] - box.origin[axis];
        if (box.extent[axis] == 0 || box.extent[axis] > size[axis] - box.origin[axis])
            throw InvalidArgument(std::string("the ") + role + " region at " + describe(region.origin) + " of " +
                                      describe(box.extent) + " pixels does not lie inside the image of " +
                                      describe(size) + " pixels (every extent is at least 1)",
                                  where);
    }
    return box;
}

// The bytes of `box`'s pixels, tightly packed (which fit: the box lies inside an image that was
// allocated).
std::size_t box_bytes(const plugin::ImageBox& box, const ImageFormat& format) noexcept {
    return box.extent[0] * box.extent[1] * box.extent[2] * format.pixel_bytes();
}

void check_live(const Image& image, const char* role, const char* where) {
    if (!image) throw InvalidArgument(std::string("the ") + role + " image is empty (moved from)", where);
}

void check_queue(const Queue& queue, const detail::ContextState* context, const char* where) {
    if (!queue.impl()) throw InvalidArgument("the queue is empty (moved from)", where);
    if (queue.context_state() != context)
        throw InvalidArgument("the image belongs to another context than the queue", where);
    detail::refuse_while_capturing(queue, where, "graphs hold no image transfers");
}

void check_buffer_range(const Buffer& buffer, std::size_t offset, std::size_t bytes,
                        const detail::ContextState* context, const char* where) {
    if (!buffer) throw InvalidArgument("the buffer is empty (released or moved from)", where);
    if (buffer.context_state() != context)
        throw InvalidArgument("the buffer belongs to another context than the image", where);
    if (offset > buffer.size() || bytes > buffer.size() - offset)
        throw InvalidArgument("the range [" + std::to_string(offset) + ", " + std::to_string(offset) + " + " +
                                  std::to_string(bytes) + ") lies past the end of the buffer of " +
                                  std::to_string(buffer.size()) + " bytes",
                              where);
}

void check_host(const void* pointer, std::size_t bytes, std::size_t expected, const char* where) {
    if (bytes != expected)
        throw InvalidArgument("the host memory holds " + std::to_string(bytes) +
                                  " bytes but the region's pixels take " + std::to_string(expected),
                              where);
    if (!pointer) throw InvalidArgument("the host pointer is null", where);
}

template <std::size_t N>
ImageArgument<N> argument_of(const detail::ContextState* context, const plugin::ImageKernelArguments& arguments) {
    std::array<std::array<std::byte, 32>, N> bytes{};
    std::array<std::size_t, N> sizes{};
    for (std::size_t i = 0; i < N; ++i) {
        bytes[i] = arguments.bytes[i];
        sizes[i] = arguments.sizes[i];
    }
    return ImageArgument<N>(context, bytes, sizes);
}

} // namespace

bool image_format_supported(const Context& context, ImageFormat format, unsigned dimensions) {
    detail::check_image_format(format, dimensions, "image_format_supported");
    return context.state()->impl->supports_image_format(format, dimensions);
}

Image::Image() noexcept = default;
Image::Image(Image&&) noexcept = default;
Image& Image::operator=(Image&& other) noexcept {
    impl_ = std::move(other.impl_); // the old image goes before the context it may hold
    context_ = std::move(other.context_);
    format_ = other.format_;
    shape_ = other.shape_;
    return *this;
}
Image::~Image() { impl_.reset(); }

Image::Image(const Context& context, ImageFormat format, ImageShape shape)
    : context_(context.state()), format_(format), shape_(shape) {
    constexpr const char* where = "Image";
    detail::check_image_format(format, shape.dimensions, where);
    detail::check_image_shape(shape, where);
    if (!context_->impl->supports_image_format(format, shape.dimensions))
        throw UnsupportedImageFormat("the device " + context_->impl->device().name + " has no " +
                                         std::to_string(shape.dimensions) + "-D images of format " + format.name(),
                                     where);
    constexpr std::size_t most = std::numeric_limits<std::size_t>::max();
    if (shape.width > most / shape.height || shape.width * shape.height > most / shape.depth ||
        shape.pixels() > most / format.pixel_bytes())
        throw InvalidArgument("the image's size in bytes overflows", where);
    detail::check_allocation_limit(context_->impl->device(), size_bytes(), where);
    impl_ = context_->impl->create_image(format, shape);
}

Context Image::context() const {
    if (!context_) throw InvalidArgument("the image is empty (moved from)", "Image::context");
    return Context(context_);
}

void Image::write(Queue& queue, const void* src, std::size_t bytes, const ImageRegion& region, Transfer mode) {
    constexpr const char* where = "Image::write";
    check_live(*this, "destination", where);
    check_queue(queue, context_.get(), where);
    const plugin::ImageBox box = resolve(region, shape_, "destination", where);
    check_host(src, bytes, box_bytes(box, format_), where);
    queue.impl()->write_image(*impl_, box, src, mode == Transfer::blocking);
}

void Image::read(Queue& queue, void* dst, std::size_t bytes, const ImageRegion& region, Transfer mode) const {
    constexpr const char* where = "Image::read";
    check_live(*this, "source", where);
    check_queue(queue, context_.get(), where);
    const plugin::ImageBox box = resolve(region, shape_, "source", where);
    check_host(dst, bytes, box_bytes(box, format_), where);
    queue.impl()->read_image(*impl_, box, dst, mode == Transfer::blocking);
}

void Image::copy_to(Queue& queue, Image& dst, const ImageRegion& src_region,
                    const std::array<std::size_t, 3>& dst_origin) const {
    constexpr const char* where = "Image::copy_to";
    check_live(*this, "source", where);
    check_live(dst, "destination", where);
    check_queue(queue, context_.get(), where);
    if (dst.context_ != context_) throw InvalidArgument("the images belong to different contexts", where);
    if (dst.format_ != format_)
        throw InvalidArgument("the source image's format " + format_.name() + " differs from the destination's " +
                                  dst.format_.name(),
                              where);
    const plugin::ImageBox box = resolve(src_region, shape_, "source", where);
    resolve(ImageRegion{dst_origin, box.extent}, dst.shape_, "destination", where);
    queue.impl()->copy_image(*impl_, box, *dst.impl_, dst_origin);
}

void Image::copy_from(Queue& queue, const Buffer& src, std::size_t src_offset, const ImageRegion& region) {
    constexpr const char* where = "Image::copy_from";
    check_live(*this, "destination", where);
    check_queue(queue, context_.get(), where);
    const plugin::ImageBox box = resolve(region, shape_, "destination", where);
    check_buffer_range(src, src_offset, box_bytes(box, format_), context_.get(), where);
    queue.impl()->copy_buffer_to_image(*src.impl(), src_offset, *impl_, box);
}

void Image::copy_into(Queue& queue, Buffer& dst, std::size_t dst_offset, const ImageRegion& region) const {
    constexpr const char* where = "Image::copy_into";
    check_live(*this, "source", where);
    check_queue(queue, context_.get(), where);
    const plugin::ImageBox box = resolve(region, shape_, "source", where);
    check_buffer_range(dst, dst_offset, box_bytes(box, format_), context_.get(), where);
    queue.impl()->copy_image_to_buffer(*impl_, box, *dst.impl(), dst_offset);
}

ImageArgument<2> Image::sampled(const Sampler& sampler) const {
    constexpr const char* where = "Image::sampled";
    check_live(*this, "sampled", where);
    detail::check_sampler(sampler, format_, where);
    return argument_of<2>(context_.get(), impl_->sampled_arguments(sampler));
}

ImageArgument<1> Image::storage() const {
    check_live(*this, "storage", "Image::storage");
    return argument_of<1>(context_.get(), impl_->storage_arguments());
}

} // namespace rtcg
