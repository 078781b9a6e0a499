#pragma once
// How a generated kernel divides its work: work-groups of `block` work-items, each with `items`
// elements. Scan and sort kernels stage a group's block * items elements as a tile in local memory
// (tile_shape.hpp); a reduction's work-items fold `items` strided evaluations per loop iteration
// and their group, of a power-of-two `block`, folds in local memory (reduction_launch.hpp).
#include <cstddef>

namespace rtcg::detail {

struct WorkShape {
    std::size_t block = 1;
    std::size_t items = 1;

    std::size_t tile() const noexcept { return block * items; }
};

} // namespace rtcg::detail
