#pragma once
/// \file
/// How many blocks of a kernel run at once on one compute unit, and a block size that keeps the
/// device busiest (Kernel::occupancy, Kernel::suggest_block_size).
///
/// CUDA asks the driver (cuOccupancyMaxActiveBlocksPerMultiprocessor,
/// cuOccupancyMaxPotentialBlockSize), which counts registers, shared memory, warps and the
/// multiprocessor's block limit. OpenCL has no such query; rtcg estimates (`estimated` is true):
///  - a block larger than the kernel's largest work-group, or needing more local memory (static
///    plus dynamic) than the device has, runs 0 times;
///  - otherwise a compute unit is taken to hold CL_DEVICE_MAX_WORK_GROUP_SIZE work-items, the
///    block rounded up to the kernel's preferred work-group size multiple, and as many blocks as
///    its local memory holds, whichever is fewer, and at least 1.
/// Private memory does not enter the estimate: OpenCL reports no per-compute-unit budget for it.
#include <cstddef>

namespace rtcg {

/// Blocks of one kernel resident on one compute unit at once.
struct Occupancy {
    std::size_t blocks_per_compute_unit = 0; ///< 0 where such a block cannot run at all
    bool estimated = false;                  ///< true where rtcg estimated it (OpenCL)
};

/// A block size that gives the most resident threads per compute unit, the largest among equals.
struct BlockSuggestion {
    std::size_t block_size = 0;    ///< threads (work-items) per block
    std::size_t min_grid_size = 0; ///< blocks that fill every compute unit at that size
    bool estimated = false;        ///< true where rtcg estimated it (OpenCL)
};

} // namespace rtcg
