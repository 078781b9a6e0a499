#pragma once
/// \file
/// A range of a Buffer (buffer, byte offset, size) that a kernel takes as a pointer to its first
/// byte, e.g. to hand one part of a larger allocation to a kernel written for whole buffers.
///
/// The rule per backend: on CUDA the kernel gets the buffer's address plus the offset, for any
/// offset. On OpenCL a pointer into a buffer can only be made as a sub-buffer
/// (clCreateSubBuffer), whose offset must be a multiple of the device's base-address alignment
/// (CL_DEVICE_MEM_BASE_ADDR_ALIGN, in bytes: 128 on most devices); a launch with another offset
/// is an InvalidArgument that names the alignment. A view of an OpenCL buffer that is itself a
/// sub-buffer is refused by the driver. Kernels that take any offset on every backend pass the
/// whole buffer and an element offset instead, as Array's kernels do.
#include <rtcg/core/buffer.hpp>
#include <rtcg/core/error.hpp>

#include <cstddef>
#include <string>

namespace rtcg {

/// `size` bytes of a buffer from byte `offset`, as a kernel argument (see buffer_view.hpp). It
/// refers to the buffer, which must outlive it.
class BufferView {
public:
    /// InvalidArgument for an empty buffer, 0 bytes, or a range past the buffer's end.
    BufferView(const Buffer& buffer, std::size_t offset, std::size_t size) : buffer_(&buffer), offset_(offset), size_(size) {
        if (!buffer) throw InvalidArgument("the buffer is empty (released or moved from)", "BufferView");
        if (size == 0) throw InvalidArgument("a view of 0 bytes points at no memory", "BufferView");
        if (offset > buffer.size() || size > buffer.size() - offset)
            throw InvalidArgument("the range [" + std::to_string(offset) + ", " + std::to_string(offset) + " + " +
                                      std::to_string(size) + ") lies past the end of the buffer of " +
                                      std::to_string(buffer.size()) + " bytes",
                                  "BufferView");
    }
    /// From `offset` to the buffer's end.
    BufferView(const Buffer& buffer, std::size_t offset)
        : BufferView(buffer, offset, offset < buffer.size() ? buffer.size() - offset : 0) {}

    /// The buffer the view is of.
    const Buffer& buffer() const noexcept { return *buffer_; }
    /// Where the view starts, in bytes from the buffer's start.
    std::size_t offset() const noexcept { return offset_; }
    /// The view's length in bytes.
    std::size_t size() const noexcept { return size_; }

private:
    const Buffer* buffer_;
    std::size_t offset_;
    std::size_t size_;
};

} // namespace rtcg
