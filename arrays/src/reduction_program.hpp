#pragma once
// What a ReductionKernel shares with every equal one built later: its description (for source()
// and argument checks), the shape its source was generated with, and both compiled kernels with
// the launch sizes chosen for them, and the paired first pass where there is one.
#include "reduction_source.hpp"

#include <rtcg/core/kernel.hpp>

#include <cstddef>
#include <optional>

namespace rtcg::detail {

// The first pass over pairs of indices, the pairing it was generated for, and its launch sizes
// (as ReductionProgram's for map_and_reduce).
struct PairedFirstPass {
    PairedSnippet snippet;
    Kernel kernel;
    std::size_t group = 1;
    std::size_t max_groups = 1;
};

struct ReductionProgram {
    ReductionDescription description;
    WorkShape shape;
    Kernel map_and_reduce;
    Kernel reduce_partials;
    std::size_t map_and_reduce_group = 1;  // work-items per group, a power of two
    std::size_t reduce_partials_group = 1;
    std::size_t max_groups = 1;            // of map_and_reduce: all resident at once
    bool last_group_folds = false;         // the first pass gives the result alone (reduction_source.hpp)
    // Where the map expression allows pairs of indices and that kernel compiled.
    std::optional<PairedFirstPass> paired;
};

} // namespace rtcg::detail
