#pragma once
// One reduction along axes from its description to its launch, shared by the numpy reductions
// (axis_reduction.cpp, whose map is a lowered expression) and ReductionKernel along axes
// (reduction_along_axes.cpp, whose map is the user's): the layout of the call's arrays over the
// kept and reduced axes (axis_layout.hpp), the source (axis_reduction_source.hpp), the program
// cached per context, and the launch of the rows or columns kernel, with a second pass over the
// partials where the outputs alone would leave the device idle.
#include "axis_layout.hpp"
#include "axis_reduction_source.hpp"

#include <rtcg/arrays/axes.hpp>
#include <rtcg/arrays/array_data.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/host_scalar.hpp>
#include <rtcg/arrays/policy.hpp>
#include <rtcg/core/queue.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

// A reduction's description and the values of its arguments, in the description's order.
struct AxisCall {
    AxisReductionDescription description;
    std::vector<CallArgument> values;
    std::size_t value_bytes = 0; // of rtcg_reduce_value_t, for local memory and the partials
};

// An AxisCall laid out over a shape and built into source for a device.
struct PreparedAxisCall {
    AxisCall call;
    AxisLayout layout;
    std::string source;
    std::size_t block = 1; // the work-group size the source is built for
    std::size_t items = 1; // the reduced elements a work-item has in flight per step
    // Whether the source fixes the rows kernel's segments to the whole group (axis_reduction_source.hpp).
    bool whole_group_rows = false;
    codegen::Dialect dialect = codegen::Dialect::cuda; // the source's
    AxisReductionPolicy policy;
};

// One flag per axis of `shape`: whether `axes` folds it. InvalidArgument naming `operation`, the
// axis and the shape for an axis out of range or named twice.
std::vector<bool> folded_axes(std::string_view operation, const std::vector<std::size_t>& shape, const Axes& axes);

// The shape of a reduction's result: `shape` without the folded axes, or with extent 1 for each
// where `keepdims`.
std::vector<std::size_t> kept_shape(const std::vector<std::size_t>& shape, const std::vector<bool>& folded,
                                    bool keepdims);

// The layout of `call` over `shape` (every array of the call broadcasts to it) folding the flagged
// axes, and its source for `device`. keep_reduced_order: reduced indices count in C order.
PreparedAxisCall prepare_axis_call(AxisCall call, const std::vector<std::size_t>& shape,
                                   const std::vector<bool>& folded, bool keep_reduced_order,
                                   const DeviceInfo& device, codegen::Dialect dialect);

// Whether the call's parameters stay within what every OpenCL device takes; where they do not,
// the caller prepares again over contiguous copies, whose axes merge.
bool axis_parameters_fit(const PreparedAxisCall& prepared);

// Runs the prepared call into `result` (C-contiguous, of the kept shape) on `queue`. `initial`,
// where the description takes one, is converted to the output type; a mean's divisor is the
// reduced count less `ddof`.
void launch_axis_call(const PreparedAxisCall& prepared, const HostScalar* initial, std::size_t ddof,
                      const ArrayData& result, Queue& queue);

} // namespace rtcg::detail
