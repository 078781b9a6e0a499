#pragma once
// What a rectangular copy (rtcg/core/rect_copy.hpp) must satisfy before it is queued, on every
// backend: pitches large enough and slice pitches whole rows, each side's box inside its memory,
// all with overflow-checked arithmetic. Throws InvalidArgument naming `where`.
#include <rtcg/core/rect_copy.hpp>

#include <cstddef>

namespace rtcg::detail {

// The half-open byte span [first, end) one side's box covers, from its first byte to its last.
struct ByteSpan {
    std::size_t first = 0;
    std::size_t end = 0;
};

// `layout` with its 0 pitches replaced by the packed ones, checked against `region`: each row of
// the box lies within the row pitch, each slice within the slice pitch.
RectLayout resolve_layout(const char* where, const char* role, const RectLayout& layout, const RectRegion& region);

// The span a resolved side covers, checked to end within `extent` bytes. `region` has no 0 extent.
ByteSpan checked_span(const char* where, const char* role, const RectLayout& layout, const RectRegion& region,
                      std::size_t extent);

// True when the region moves nothing.
inline bool is_empty(const RectRegion& region) noexcept {
    return region.width_bytes == 0 || region.height == 0 || region.depth == 0;
}

} // namespace rtcg::detail
