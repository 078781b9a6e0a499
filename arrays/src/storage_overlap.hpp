#pragma once
// Whether two arrays share memory: the questions an operation asks before it writes one array
// while it reads another (numpy's may_share_memory and "the same view").
#include <rtcg/arrays/array_data.hpp>

namespace rtcg::detail {

// Whether two arrays are the same elements: storage, first element, type, shape and strides.
bool same_elements(const ArrayData& a, const ArrayData& b) noexcept;

// Whether the byte spans the two arrays' elements cover in their storage meet (a conservative
// test: interleaved views that share no element may still overlap). Spans are compared in bytes,
// so views of one storage as different types (a complex array's real part) are compared right.
bool storage_overlaps(const ArrayData& a, const ArrayData& b) noexcept;

// Whether some element of `array` is another element's memory too: an axis of more than one
// element with stride 0, as broadcast_to makes. Writing such an array is refused.
bool has_repeated_elements(const ArrayData& array) noexcept;

} // namespace rtcg::detail
