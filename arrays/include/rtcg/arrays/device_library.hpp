#pragma once
/// \file
/// Pieces of the device code that arrays' own kernels are built from, for kernels written above
/// arrays that compose the same tested pieces (the sparse library's merge-based product uses the
/// block scan). Each is source text in the prelude's neutral dialect whose first lines say what it
/// needs (macros, types, other pieces); a program puts them after the portable prelude, each after
/// the pieces it needs.
///
/// \code
///   std::string source = "typedef float rtcg_scan_value_t;\n#define rtcg_scan_op(a, b) ((a) + (b))\n"
///                        "#define RTCG_SCAN_SEGMENTED 0\n#define RTCG_SCAN_BLOCK 256\n";
///   source += rtcg::device_library::scan_pairs();
///   source += rtcg::device_library::block_scan();
///   source += my_kernel;   // calls rtcg_block_scan(sums, starts, value, 0, local_id)
/// \endcode
#include <rtcg/core/export.hpp>

#include <string_view>

namespace rtcg::device_library {

/// The scan's operation on (segment start, value) pairs, as every scan piece combines them
/// (arrays/device/block/scan_pairs.rtcg). Needs rtcg_scan_op(a, b) and RTCG_SCAN_SEGMENTED (0 or 1).
RTCG_API std::string_view scan_pairs() noexcept;

/// rtcg_block_scan: an inclusive scan of one (start, value) pair per work-item of a one-dimensional
/// work-group, in local memory (arrays/device/block/block_scan.rtcg). Needs scan_pairs(),
/// rtcg_scan_value_t and RTCG_SCAN_BLOCK (the work-group's size).
RTCG_API std::string_view block_scan() noexcept;

} // namespace rtcg::device_library
