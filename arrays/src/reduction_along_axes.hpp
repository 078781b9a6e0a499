#pragma once
// ReductionKernel's calls along axes (reduction_along_axes.cpp).
#include "reduction_source.hpp"

#include <rtcg/arrays/axes.hpp>
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/core/queue.hpp>

#include <span>
#include <string>
#include <vector>

namespace rtcg::detail {

// The arrays' shapes broadcast together; InvalidArgument, starting with `label`, where they do not
// or no argument is an array.
std::vector<std::size_t> reduction_call_shape(const std::string& label, std::span<const CallArgument> args);

// Folds `reduction`'s map over `along`'s axes of the call's shape into `result` (C-contiguous, of
// the kept shape, checked by the caller) on `queue`. InvalidArgument, starting with `label`, for a
// map that reads an array other than as x[i] or uses i otherwise, axes out of range or named
// twice, and an argument named as one of the layout's parameters.
void reduce_snippets_along(const ReductionDescription& reduction, const std::string& label, const Along& along,
                           std::span<const CallArgument> args, const ArrayData& result, Queue& queue);

} // namespace rtcg::detail
