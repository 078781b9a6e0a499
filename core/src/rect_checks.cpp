#include "rect_checks.hpp"

#include <rtcg/core/error.hpp>

#include <limits>
#include <string>

namespace rtcg::detail {
namespace {

constexpr std::size_t size_max = std::numeric_limits<std::size_t>::max();

[[noreturn]] void overflow(const char* where, const char* role) {
    throw InvalidArgument(std::string("the ") + role + " side's offsets and pitches overflow the address range", where);
}

std::size_t multiply(const char* where, const char* role, std::size_t a, std::size_t b) {
    if (a != 0 && b > size_max / a) overflow(where, role);
    return a * b;
}

std::size_t add(const char* where, const char* role, std::size_t a, std::size_t b) {
    if (b > size_max - a) overflow(where, role);
    return a + b;
}

} // namespace

RectLayout resolve_layout(const char* where, const char* role, const RectLayout& layout, const RectRegion& region) {
    RectLayout resolved = layout;
    if (resolved.row_pitch == 0) resolved.row_pitch = region.width_bytes;
    if (resolved.row_pitch < region.width_bytes)
        throw InvalidArgument(std::string("the ") + role + " row pitch of " + std::to_string(resolved.row_pitch) +
                                  " bytes is less than the region's width of " + std::to_string(region.width_bytes) +
                                  " bytes",
                              where);
    if (resolved.x_bytes > resolved.row_pitch - region.width_bytes)
        throw InvalidArgument(std::string("the ") + role + " box's rows, from byte " +
                                  std::to_string(resolved.x_bytes) + " for " + std::to_string(region.width_bytes) +
                                  " bytes, reach past the row pitch of " + std::to_string(resolved.row_pitch) + " bytes",
                              where);
    const std::size_t packed_slice = multiply(where, role, resolved.row_pitch, region.height);
    if (resolved.slice_pitch == 0) resolved.slice_pitch = packed_slice;
    if (resolved.slice_pitch < packed_slice)
        throw InvalidArgument(std::string("the ") + role + " slice pitch of " + std::to_string(resolved.slice_pitch) +
                                  " bytes is less than the row pitch times the region's height, " +
                                  std::to_string(packed_slice) + " bytes",
                              where);
    if (resolved.slice_pitch % resolved.row_pitch != 0)
        throw InvalidArgument(std::string("the ") + role + " slice pitch of " + std::to_string(resolved.slice_pitch) +
                                  " bytes is not a multiple of its row pitch of " +
                                  std::to_string(resolved.row_pitch) + " bytes",
                              where);
    return resolved;
}

ByteSpan checked_span(const char* where, const char* role, const RectLayout& layout, const RectRegion& region,
                      std::size_t extent) {
    const std::size_t first = add(where, role,
                                  add(where, role, layout.x_bytes, multiply(where, role, layout.y, layout.row_pitch)),
                                  multiply(where, role, layout.z, layout.slice_pitch));
    const std::size_t last_row_start =
        add(where, role, multiply(where, role, region.depth - 1, layout.slice_pitch),
            multiply(where, role, region.height - 1, layout.row_pitch));
    const std::size_t end = add(where, role, add(where, role, first, last_row_start), region.width_bytes);
    if (end > extent)
        throw InvalidArgument(std::string("the ") + role + " box ends at byte " + std::to_string(end) +
                                  ", past the end of its " + std::to_string(extent) + " bytes",
                              where);
    return ByteSpan{first, end};
}

} // namespace rtcg::detail
