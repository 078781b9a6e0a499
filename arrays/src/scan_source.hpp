#pragma once
// The source of a ScanKernel's program, for either dialect: pure text, no device. Either one
// kernel, rtcg_scan_<name>_single (where scans_in_one_pass), or three, rtcg_scan_<name>_reduce,
// _blocks and _final.
//
// The single pass, on NVIDIA devices (CUDA, and OpenCL on NVIDIA's driver: codegen::Target's warp
// primitives) when nothing uses last_item, is a scan with decoupled look-back (Merrill and
// Garland, as CUB's DeviceScan), which reads the input once. Each work-group takes the next tile
// by an atomic ticket, scans it in local memory, publishes its total, and gathers the prefix
// before it from the earlier tiles' published totals (32 at a time, back to the nearest tile whose
// published value is a whole prefix), then runs the output statement. A group only waits for
// tiles of earlier tickets, which have started, so every wait ends; what one group publishes
// reaches another through volatile accesses and PTX's device-scope fences. The tile states (8
// bytes per tile of the largest scan so far) are kept per queue (scan_tile_states.hpp).
//
// Otherwise (other OpenCL devices, or an output statement that uses last_item), reduce-then-scan
// in three kernels of one program, each work-group streaming one contiguous chunk of the indices
// in tiles: (1) per-group totals, (2) one work-group scans those totals, (3) each group rescans its
// chunk starting from its total's prefix and runs the output statement. It reads the input twice
// (3 memory passes instead of 2), evaluating the input expression twice, but needs nothing of the
// device beyond OpenCL 1.2, whose mem_fence does not order one work-group's stores for another,
// and knows the whole scan's result before any output statement runs.
//
// Inside a tile, either way, values are loaded in coalesced order into local memory, each
// work-item scans a run of consecutive values sequentially, and a work-group scan (barriers, no
// warp-level assumptions) joins the runs.
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

// What the program of scan_source needs from the compiler: the single pass caps its registers so
// that `single_pass_groups` work-groups share a multiprocessor (ScanPolicy's
// single_pass_groups_per_compute_unit); CUDA does it by the kernel's launch bounds, which OpenCL
// lacks; on NVIDIA's OpenCL the program-wide cap of the cl_nv_compiler_options extension does it.
// Nothing for reduce-then-scan.
CompileOptions scan_compile_options(const codegen::Target& target, const ScanDescription& description,
                                    const WorkShape& shape, std::size_t single_pass_groups);

// Whether the single pass keeps each tile's value in its state word (values of at most 4 bytes).
bool scan_publishes_packed(const ScanDescription& description);

std::string scan_source(const codegen::Target& target, const ScanDescription& description, const WorkShape& shape,
                        std::size_t single_pass_groups);

// "rtcg_scan_<name>_<phase>", shortened where long (generated_kernel_name).
std::string scan_kernel_name(const ScanDescription& description, std::string_view phase);

} // namespace rtcg::detail
