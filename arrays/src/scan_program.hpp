#pragma once
// What a ScanKernel shares with every equal one built later: its description (for source()), the
// tile shape its source was generated for, and its compiled kernels: one, or three (scan_source.hpp
// says which a description gets).
#include "scan_source.hpp"
#include "tile_shape.hpp"

#include <rtcg/core/kernel.hpp>

#include <cstddef>
#include <variant>

namespace rtcg::detail {

struct ReduceThenScan {
    Kernel reduce; // per-group totals of contiguous chunks
    Kernel blocks; // one work-group scans the totals into per-group prefixes
    Kernel final;  // per-group rescan from the prefix, running the output statement
    std::size_t max_groups = 1;
};

struct ScanProgram {
    ScanDescription description;
    WorkShape shape;
    std::size_t single_pass_groups = 1; // that share a multiprocessor (scan_compile_options)
    std::variant<Kernel, ReduceThenScan> kernels; // a Kernel: the single pass
};

} // namespace rtcg::detail
