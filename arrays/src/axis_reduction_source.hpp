#pragma once
// The source of a reduction along axes (kernel/axis_reduce.rtcg) for either dialect: pure text, no
// device. The configuration in front of the device files holds the value and output types, the
// fold, the map over the operand's arrays and the finish of an output, and the layout's parameters
// (axis_layout.hpp): every array arrives as base and offset (array_kernel_text.hpp), then the
// extents of the merged axes but the first of each space, then each array's kept and reduced
// strides, the output's kept strides and, where the reduction has them, its initial value and the
// divisor of a mean. Kernels, in one program: rtcg_axis_<name>_rows, _columns and _partials.
#include "axis_layout.hpp"
#include "work_shape.hpp"

#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <optional>
#include <string>
#include <vector>

namespace rtcg::detail {

// What a reduction along axes computes, besides its layout.
struct AxisReductionDescription {
    std::string name;           // the kernels' names' middle part ("sum"), a C identifier
    std::string value_type;     // declares rtcg_reduce_value_t (a typedef, or a struct for argmin/argmax)
    codegen::DType output_type; // the output's elements
    std::string neutral;        // the body of rtcg_reduce_neutral()
    std::string op;             // the body of rtcg_reduce_op(a, b)
    std::string map;            // the value at the element, an expression over the arguments and rtcg_r
    std::vector<codegen::Argument> arguments; // the operand's arrays (x<k>) and scalars (s<k>)
    std::string functions;      // device functions the map and the finish call
    std::string finish;         // the output's value from `value`, which may read `initial` and `divisor`
    bool initial = false;       // whether an `initial` parameter of the output type follows the strides
    std::optional<codegen::DType> divisor; // the type of a `divisor` parameter after it, for means
};

enum class AxisKernel { rows, columns, partials };

std::string axis_kernel_name(const AxisReductionDescription& description, AxisKernel kernel);

// The layout's parameters after the arguments, in order: the names that axis_reduction_parameters'
// values fill.
std::vector<codegen::Argument> axis_layout_arguments(const AxisReductionDescription& description,
                                                     std::size_t kept_axes, std::size_t reduced_axes);

// `whole_group_rows`: the rows kernel's segments span the whole group of `shape.block` work-items,
// fixed in the source rather than taken from the launch, so that the compiler knows each lane's
// steps and the segment's fold.
std::string axis_reduction_source(codegen::Dialect dialect, const AxisReductionDescription& description,
                                  const AxisLayout& layout, const WorkShape& shape, bool whole_group_rows);

} // namespace rtcg::detail
