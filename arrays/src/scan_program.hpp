#pragma once
// What a ScanKernel shares with every equal one built later: its description (for source()), the
// tile shape its source was generated for, and the three compiled kernels.
#include "scan_source.hpp"
#include "tile_shape.hpp"

#include <rtcg/core/kernel.hpp>

#include <cstddef>

namespace rtcg::detail {

struct ScanProgram {
    ScanDescription description;
    TileShape shape;
    Kernel reduce; // per-group totals of contiguous chunks
    Kernel blocks; // one work-group scans the totals into per-group prefixes
    Kernel final;  // per-group rescan from the prefix, running the output statement
    std::size_t max_groups = 1;
};

} // namespace rtcg::detail
