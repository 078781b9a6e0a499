#pragma once
// The source of a ScanKernel's program, for either dialect: pure text, no device. Either one
// kernel, rtcg_scan_<name>_single (where scans_in_one_pass), or three, rtcg_scan_<name>_reduce,
// _blocks and _final (see rtcg/arrays/scan.hpp for both algorithms).
//
// Parameters of _single: the user's arguments as below, then `rtcg_index_t n`, then
// `unsigned* status` (the queue's tile states, ScanTileStates::bytes_for(tiles) bytes: a ticket
// counter, zero, then epoch-tagged states that may be an earlier scan's), `value_t* values`, two
// values per tile unless scan_publishes_packed (then unused: any buffer will do), and `unsigned
// epoch`, the scan's own, never 0. Launched with one work-group per tile.
//
// Parameters of _reduce and _final: the user's arguments (each pointer as a base pointer and an
// element offset, as ElementwiseKernel passes them), then `rtcg_index_t n, rtcg_index_t chunk`
// (indices per work-group, a multiple of the tile), then
//   _reduce: (segmented: a uchar per group, a segment starts in it), the group totals;
//   _final:  the group prefixes, num_groups + 1 values, the last one being the whole scan's.
// _blocks takes (totals[, starts], prefixes, rtcg_index_t groups) and runs as one work-group.
// The kernels themselves are device files, arrays/device/kernel/scan_*.rtcg.
#include "tile_shape.hpp"

#include <rtcg/codegen/declaration.hpp>
#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>
#include <rtcg/core/module.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace rtcg::detail {

struct ScanDescription {
    codegen::DType dtype;
    std::vector<codegen::Argument> arguments;
    std::string input_expr;
    std::string scan_expr;
    std::string neutral;
    std::string output_statement;
    std::string is_segment_start_expr; // empty: not segmented
    std::string preamble;
    std::string name;
};

// InvalidArgument when the name is not a C identifier, an argument takes a name the kernels
// define (i, n, item, prev_item, last_item) or points to local memory, or an expression is empty.
void check_scan_description(const ScanDescription& description);

// Whether the scan runs as one kernel: where the target has warp primitives (NVIDIA's, on CUDA
// and OpenCL), whose look-back window takes a ballot and whose PTX fences let one work-group
// read what another published, and when nothing uses last_item (the whole scan's result, unknown
// to a single pass until its last tile). Elsewhere, reduce-then-scan.
bool scans_in_one_pass(const codegen::Target& target, const ScanDescription& description);

// Work-groups of the single pass that its register cap lets share a multiprocessor. Eight groups
// of 256 fill an H100's or H200's 2048 threads, with 32 registers each: the tiles' loads of more
// groups are in flight at once. On an H200, cumsum of 2^28 int32 took 1041 us with the compiler's
// choice (56 registers, 4 groups), 880 us with 6 groups, 838 us with 8 (CUDA), and 1023 us on
// NVIDIA's OpenCL without a cap.
inline constexpr std::size_t single_pass_groups = 8;

// What the program of scan_source needs from the compiler: CUDA caps the single pass's registers
// by its launch bounds, which OpenCL lacks; on NVIDIA's OpenCL the program-wide cap of the
// cl_nv_compiler_options extension does it. Nothing for reduce-then-scan.
CompileOptions scan_compile_options(const codegen::Target& target, const ScanDescription& description,
                                    const TileShape& shape);

// Whether the single pass keeps each tile's value in its state word (values of at most 4 bytes).
bool scan_publishes_packed(const ScanDescription& description);

std::string scan_source(const codegen::Target& target, const ScanDescription& description, const TileShape& shape);

// "rtcg_scan_<name>_<phase>", shortened where long (generated_kernel_name).
std::string scan_kernel_name(const ScanDescription& description, std::string_view phase);

} // namespace rtcg::detail
