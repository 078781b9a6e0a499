#pragma once
// How an elementwise call reaches its arrays.
//
// Flat: every array is contiguous, and the call covers indices as PyOpenCL's kernels do: all of
// the arrays' common size, or a Range's; `x[i]` is the i-th element of x's memory. Calls whose
// arrays are all contiguous and of one size are flat, whatever their shapes.
//
// Broadcast: any other call. The arrays' shapes broadcast to the call's shape (numpy's rules), the
// call covers its indices in C order (or a Range of them), and `x[i]` is the element of x that
// index i of the call's shape names. Axes of extent 1 are dropped and neighbouring axes merged
// wherever every array steps over them as over one, so that most calls index few axes; an array
// that is then packed in C order over the call's shape reads as `x[i]` still, one whose strides are
// all 0 as `x[0]`, and any other through its strides (thread/strided_offset.rtcg).
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/range.hpp>
#include <rtcg/codegen/declaration.hpp>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace rtcg::detail {

enum class ArrayAccess { flat, uniform, strided };

struct CallLayout {
    bool flat = true;
    // Broadcast calls: the call's shape (merged) and its number of indices; each argument's access
    // (scalars and arrays that arrive flagged broadcast are flat) and, for strided ones, strides
    // along the merged axes.
    std::vector<std::size_t> shape;
    std::size_t indices = 0;
    std::vector<ArrayAccess> access;
    std::vector<std::vector<std::ptrdiff_t>> strides;
    // The call's shape before merging, which staged copies take (contiguous_staging.hpp).
    std::vector<std::size_t> broadcast_shape;

    // Whether every index fits 32 bits, so that splitting one into coordinates can use 32-bit
    // division.
    bool narrow() const noexcept { return indices <= 0xffffffffu; }
    // What a kernel generated for the layout depends on: the merged axes' count, the coordinate
    // width and each argument's access ("2n:fsu-"; '-' for scalars).
    std::string signature() const;
};

// The layout of a call whose arguments `pack_arguments` accepted. InvalidArgument, starting with
// `kernel`, where the arrays' shapes do not broadcast together, where a pointer argument that is
// not const would be broadcast (its elements would be written by several indices at once), or
// where a Range reaches beyond a broadcast call's indices.
CallLayout call_layout(const std::string& kernel, std::span<const codegen::Argument> declared,
                       std::span<const CallArgument> args, const Range* range);

} // namespace rtcg::detail
