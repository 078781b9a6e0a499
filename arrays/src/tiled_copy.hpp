#pragma once
// Broadcast calls that copy one array into another (`out[i] = x[i]`, of one type, as copies,
// contiguous copies and assignments of one array generate) where the two are fastest along
// different axes of the call: transposes and axis permutations. The elementwise kernel walks the
// call in the written array's order, so it would read the other with a large stride; the tiled
// kernel (kernel/tiled_copy.rtcg) moves square tiles of those two axes through local memory
// instead, reading and writing both arrays in runs. Every other call keeps the elementwise kernel.
#include "call_layout.hpp"
#include "elementwise_program.hpp"
#include "policies/chosen_policy.hpp"

#include <rtcg/arrays/policy.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/core/device_info.hpp>
#include <rtcg/core/kernel_argument.hpp>
#include <rtcg/core/queue.hpp>

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

class ContextKernels;

// The two arguments where `operation` is exactly `out[i] = x[i]` (a final ';' allowed), `out` a
// pointer that is not const and `x` a pointer of the same type; nullopt otherwise, and where the
// preamble defines a macro of either name or of `i`, which could make the text mean anything.
std::optional<CopiedArguments> copied_arguments(std::span<const codegen::Argument> arguments,
                                                std::string_view operation, std::string_view preamble);

// A tile's size in elements and the rows of it a work-group moves at once.
struct CopyTile {
    std::size_t edge = 0;
    std::size_t rows = 0;
    std::size_t work_items() const noexcept { return edge * rows; }
};

// One array's strides along the tiled call's axes, in elements.
struct CopyStrides {
    std::ptrdiff_t a = 0, w = 0;
    std::vector<std::ptrdiff_t> batch;
};

// A copy call's axes reordered for the tiles (a copy writes each element once, so the order in
// which it visits them is free): the batch axes in the call's order, then `a`, along which the
// read array is fastest, then `w`, along which the written one is.
struct TiledCopyLayout {
    std::size_t out = 0; // the written argument's position
    std::size_t x = 0;   // the read argument's position
    std::size_t extent_a = 0, extent_w = 0;
    std::vector<std::size_t> batch;
    CopyStrides out_strides, x_strides;
    CopyTile tile;

    std::size_t batch_size() const noexcept;
    // Whether every batch index fits 32 bits, so that splitting one into coordinates divides in 32.
    bool narrow_batch() const noexcept;
    // What the kernel for the layout depends on beyond the program: batch axes, coordinate width
    // and tile shape ("2n:32x8").
    std::string signature() const;
};

// The tile for elements of `element_size` bytes: the policy's edge, halved until the tile (with
// its padding column) fits the policy's and the device's local memory, and rows within the
// device's work-group limit. nullopt where no tile of 2 x 2 elements fits.
std::optional<CopyTile> copy_tile(const TransposePolicy& policy, const DeviceInfo& device, std::size_t element_size);

// The tiled layout of a broadcast call of `program`, or nullopt where the call is not tiled: the
// operation is no plain copy (ElementwiseProgram::copy), a Range picks the indices, both arrays are
// fastest along the same axis or the read array is broadcast along the written one's fastest axis,
// either tiled axis is shorter than the policy's min_tiled_extent, or no tile fits.
std::optional<TiledCopyLayout> tiled_copy_layout(const ElementwiseProgram& program, const CallLayout& layout,
                                                 const Range* range, const TransposePolicy& policy,
                                                 const DeviceInfo& device);

// The source of the tiled kernel for `layout`.
std::string tiled_copy_source(codegen::Dialect dialect, const ElementwiseProgram& program,
                              const TiledCopyLayout& layout);

// Runs the call on the tiled kernel. False, with nothing launched, where its parameters would not
// fit (the elementwise path then decides).
bool launch_tiled_copy(const ElementwiseProgram& program, ContextKernels& kernels, Queue& queue,
                       const TiledCopyLayout& layout, const ChosenPolicy<TransposePolicy>& policy,
                       std::span<const KernelArgument> packed_arguments);

} // namespace rtcg::detail
