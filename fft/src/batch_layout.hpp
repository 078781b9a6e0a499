#pragma once
// The batch of 1-D transforms along one axis of an array, as a BatchLayout: possible where the
// axes before it, and those after it, each lie as in a C-ordered array (extents of 1 aside).
#include "axis_plan.hpp"

#include <rtcg/arrays/array_data.hpp>

#include <cstddef>
#include <optional>

namespace rtcg::detail::fft {

struct AxisBatch {
    BatchLayout layout;
    std::size_t batch = 0; // the transforms: the product of the other axes' extents
};

// The transforms along `axis` of `array`, or nothing where the other axes do not collapse.
std::optional<AxisBatch> batch_layout(const ArrayData& array, std::size_t axis);

// InvalidArgument from `where` where an axis of `out` of more than one element has stride 0, as
// broadcast_to's views have: a transform cannot write an output whose elements overlap.
void check_not_broadcast(const ArrayData& out, const char* where);

} // namespace rtcg::detail::fft
