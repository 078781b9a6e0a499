#pragma once
/// \file
/// Rectangular 2-D and 3-D copies: a box of `width_bytes` x `height` rows x `depth` slices moved
/// between two linear memories (host or device), each side with its own origin and pitches, as
/// cuMemcpy2D/3D and clEnqueue{Read,Write,Copy}BufferRect do. Queue::write_rect, read_rect and
/// copy_rect take one; Context::allocate_pitched makes device memory whose rows are padded to
/// the pitch the device prefers.
///
/// \code
///   // the 16 x 8 float block at column 4, row 2 of a 64-column host matrix, into a tight buffer
///   rtcg::RectCopy copy{.region = {16 * sizeof(float), 8},
///                       .src = {.x_bytes = 4 * sizeof(float), .y = 2, .row_pitch = 64 * sizeof(float)}};
///   queue.write_rect(buffer, host.data(), host.size() * sizeof(float), copy);
/// \endcode
///
/// Every side is checked before anything is queued: the last byte the box touches, computed
/// with overflow checks, must lie inside the buffer (or the host memory's stated size).
#include <rtcg/core/buffer.hpp>

#include <cstddef>

namespace rtcg {

/// The box a rectangular copy moves: `width_bytes` bytes in each of `height` rows of each of
/// `depth` slices. A copy with any extent 0 moves nothing.
struct RectRegion {
    std::size_t width_bytes = 0; ///< bytes per row
    std::size_t height = 1;      ///< rows per slice
    std::size_t depth = 1;       ///< slices
};

/// Where the box lies in one side's linear memory: its origin (x in bytes, row, slice) and the
/// distances between rows and between slices. The box's first byte is at
/// `x_bytes + y * row_pitch + z * slice_pitch`.
struct RectLayout {
    std::size_t x_bytes = 0; ///< the origin's byte within its row
    std::size_t y = 0;       ///< the origin's row
    std::size_t z = 0;       ///< the origin's slice
    /// Bytes from one row to the next; 0 means the region's width (rows packed). Never less
    /// than the region's width.
    std::size_t row_pitch = 0;
    /// Bytes from one slice to the next; 0 means `row_pitch` times the region's height. A
    /// multiple of `row_pitch`, never less than `row_pitch` times the region's height.
    std::size_t slice_pitch = 0;
};

/// A rectangular copy: the box and where it lies on each side.
struct RectCopy {
    RectRegion region; ///< what is copied
    RectLayout src;    ///< where it comes from
    RectLayout dst;    ///< where it goes
};

/// Device memory for `depth` slices of `height` rows of `width_bytes` each, every row starting
/// `row_pitch` bytes after the previous one (Context::allocate_pitched). Kernels address element
/// (x, y, z) at byte `x * sizeof(T) + (z * height + y) * row_pitch`.
struct PitchedBuffer {
    Buffer buffer;              ///< row_pitch * height * depth bytes
    std::size_t row_pitch = 0;  ///< bytes from one row to the next: at least width_bytes
    std::size_t width_bytes = 0; ///< bytes of each row that hold data
    std::size_t height = 0;     ///< rows per slice
    std::size_t depth = 0;      ///< slices

    /// Bytes from one slice to the next.
    std::size_t slice_pitch() const noexcept { return row_pitch * height; }
    /// This buffer's side of a RectCopy with the box's origin at (`x_bytes`, `y`, `z`).
    RectLayout layout(std::size_t x_bytes = 0, std::size_t y = 0, std::size_t z = 0) const noexcept {
        return RectLayout{x_bytes, y, z, row_pitch, slice_pitch()};
    }
};

} // namespace rtcg
