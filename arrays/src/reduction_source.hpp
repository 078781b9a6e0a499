#pragma once
// The source of a ReductionKernel for either dialect: pure text, no device. One program holds
// both passes (one compile), each kernel named after the reduction, since PoCL renames kernels
// that share a name with an OpenCL built-in.
//
// The algorithm: one launch on CUDA and on OpenCL on NVIDIA, two on other OpenCL devices, of one
// program. The first kernel runs as many work-groups as the device keeps resident at once (fewer
// for small inputs); each work-item folds map_expr over a grid-stride loop, several independent
// evaluations per iteration so that their loads are in flight together; each work-group folds its
// work-items' values in a tree in local memory into one partial value. Where the target has warp
// primitives (codegen::target_of), the group that finishes last (counted with an atomic add,
// after a device-scope fence that makes every group's partial visible) folds the partials into
// the result, as the CUDA programming guide's __threadfence example does; OpenCL 1.2 has no
// fence that orders stores across work-groups, so elsewhere a second kernel, one work-group,
// folds them. When one work-group suffices, the first kernel writes the result itself; with no
// indices, the second kernel alone writes the neutral element. Indices are 64-bit throughout.
//
// The kernels:
//
// rtcg_reduce_<name>: each work-item folds map_expr over indices k = global id, + global size,
//   ... below n (i = start + k * step), `items` (WorkShape) independent evaluations per loop
//   iteration so that as many loads are in flight; then the work-group folds its work-items'
//   values in local memory and stores one value at out[out_offset + group id]. Parameters: the
//   user's arguments and the index range as array_kernel_text.hpp writes them, then
//   `RTCG_GLOBAL out_t *rtcg_out, rtcg_index_t rtcg_out_offset`.
//   Where the last group folds (last_group_folds below), two more parameters follow,
//   `RTCG_GLOBAL out_t *rtcg_partials, RTCG_GLOBAL unsigned *rtcg_groups_done`: the groups store
//   their values at rtcg_partials[group id] instead, count themselves on rtcg_groups_done (zero
//   before the launch, zero again after it), and the last to count folds the values into
//   out[out_offset], so that one launch gives the result. A launch of one group writes
//   out[out_offset] directly and touches neither.
// rtcg_reduce_<name>_pairs (where the map expression allows it, see element_pairing.hpp): the
//   first kernel's work over pairs of indices, the pair at start + 2k for k below n / 2, its
//   paired arrays read as 2-vectors and its two values combined by reduce_expr; the work-item
//   of global id 0 also folds the last index of an odd count. Same parameters; step must be 1.
// rtcg_reduce_<name>_partials: one work-group folds the n values at rtcg_partials into
//   out[out_offset], in batches of 4 independent loads (the second launch where the last group
//   does not fold; in every dialect, the neutral element of an empty range). Parameters:
//   `RTCG_GLOBAL const out_t *rtcg_partials, rtcg_index_t n, RTCG_GLOBAL out_t *rtcg_out,
//   rtcg_index_t rtcg_out_offset`.
//
// Both fold into local memory sized for the shape's `block` work-items and must be launched with a
// power-of-two work-group size no larger.
#include "element_pairing.hpp"
#include "work_shape.hpp"

#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

// Everything a ReductionKernel's source depends on besides the target and its shape.
struct ReductionDescription {
    codegen::DType dtype_out;
    std::string neutral;
    std::string reduce_expr;
    std::string map_expr;
    std::vector<codegen::Argument> arguments;
    std::string preamble;
    std::string name;
};

enum class ReductionPass { map_and_reduce, pairs, reduce_partials };

// The complete source (prelude included); InvalidArgument when the name is not a C identifier,
// an expression is empty, or an argument is refused (check_array_arguments). Complex support is added when the output or an
// argument is or contains a complex type, or the expressions or the preamble name cfloat or
// cdouble; struct types among them are declared before the preamble.
// With `pairs`, the source also holds the paired first pass.
std::string reduction_source(const codegen::Target& target, const ReductionDescription& description,
                             const WorkShape& shape, const PairedSnippet* pairs);

// The pairing of the map expression (its arrays are only read), or nullopt.
std::optional<PairedSnippet> reduction_pairs(const ReductionDescription& description);

// "rtcg_reduce_<name>[_pairs|_partials]", shortened where long (generated_kernel_name).
std::string reduction_kernel_name(std::string_view name, ReductionPass pass);

// Whether the first pass's last group folds every group's value (one launch per reduction), which
// needs a fence that makes a group's stores visible to the other groups before its atomic count:
// the warp support's device-scope fence (PTX), so on targets with warp primitives. OpenCL 1.2's
// mem_fence orders a work-item's accesses only as its own group sees them, so elsewhere OpenCL
// reductions fold in a second launch.
bool last_group_folds(const codegen::Target& target);

} // namespace rtcg::detail
