#pragma once
// A reduction along axes as a problem of two index spaces: the kept indices (one per output) and
// the reduced indices (one per element folded into an output), each in C order over its own merged
// axes, so that element (o, r) of every array is at its kept offset of o plus its reduced offset
// of r (thread/strided_offset.rtcg splits each index).
//
// Axes of extent 1 are dropped. The kept axes are ordered by the main array's strides, largest
// first (the output's strides follow them), and so are the reduced axes unless their order is the
// result's (argmin and argmax count reduced indices in C order); then neighbours merge wherever
// every array, and for kept axes the output, steps over the outer one as over the whole inner
// one. The main array is the one with the most elements: the one whose reads decide the speed.
#include <rtcg/arrays/array_data.hpp>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace rtcg::detail {

struct AxisLayout {
    // The merged axes' extents, outer to inner; at least one each (extent 1 where there is none).
    std::vector<std::size_t> kept, reduced;
    std::size_t outputs = 1, reduced_count = 1;
    // For each array given, its strides in elements along the kept axes and along the reduced ones
    // (0 where it is broadcast); the output's along the kept axes.
    std::vector<std::vector<std::ptrdiff_t>> kept_strides, reduced_strides;
    std::vector<std::ptrdiff_t> output_strides;
    // Whether the reduced run is innermost in the main array's memory (a row reduction: segments of
    // work-items fold an output each) rather than a kept axis (a column reduction: each work-item
    // folds an output alone).
    bool rows = true;

    // Whether every index of each space fits 32 bits, for 32-bit division in the offsets.
    bool narrow() const noexcept { return outputs <= 0xffffffffu && reduced_count <= 0xffffffffu; }
    // What a kernel for the layout depends on: the merged axes' counts and the coordinates' width.
    std::string signature() const;
};

// The layout of reducing `shape` (the operands broadcast together) over the axes flagged in
// `reduced` (one flag per axis, already checked), for `arrays`, each of a shape that broadcasts
// to `shape`; the output is C-contiguous over the kept axes in their order.
AxisLayout axis_layout(const std::vector<std::size_t>& shape, const std::vector<bool>& reduced,
                       std::span<const ArrayData* const> arrays, bool keep_reduced_order);

} // namespace rtcg::detail
