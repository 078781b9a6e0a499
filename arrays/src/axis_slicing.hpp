#pragma once
// How many slices a reduction along axes cuts its reduced indices into (axis_reduction_launch.cpp):
// its grid is `groups` work-groups over the outputs by that many slices, each slice's values
// folded by the partials kernel after. Slices keep the device busy where the outputs alone give
// too few groups.
//
// A GPU runs a grid in waves of the groups it holds at once. Where the last wave is partly full,
// its groups stream alone at a fraction of the device's bandwidth: a grid of 1.03 or 1.16 waves
// takes up to a quarter longer than one of 0.97 or 2.0 on an H100 (bench/NOTES.md, "Reductions
// along axes: slices by waves, rows at constant offsets"). So where the kernel's residency is
// known (CUDA's occupancy query), the count is the one whose grid fills its waves best, within
// two waves, the fewest slices among equals. Where it is not (OpenCL gives no register counts),
// slices bring the grid up to the policy's target of groups.
#include <algorithm>
#include <cstddef>

namespace rtcg::detail {

// a / b rounded up (b > 0).
inline std::size_t ceil_div(std::size_t a, std::size_t b) { return a / b + (a % b != 0); }

// A grid of `grid` groups over `resident` resident ones: the share of its waves' room it uses.
inline double wave_fill(std::size_t grid, std::size_t resident) {
    return static_cast<double>(grid) / static_cast<double>(ceil_div(grid, resident) * resident);
}

// The slice count for `groups` (at least 1) groups over the outputs. `most`: the most slices the
// reduced indices and the grid allow (at least 1). `resident`: groups of this kernel the device
// holds at once, 0 where unknown. `target`: the grid the policy asks for where it is unknown.
inline std::size_t slice_count(std::size_t groups, std::size_t most, std::size_t resident, std::size_t target) {
    if (resident == 0) {
        if (groups >= target) return 1;
        return std::min(ceil_div(target, groups), most);
    }
    // Fills within this share of each other count as equal, so that more slices must earn their
    // partials.
    constexpr double tolerance = 1.0 / 64;
    const std::size_t limit = std::max<std::size_t>(std::min(most, 2 * resident / groups), 1);
    std::size_t best = 1;
    double best_fill = wave_fill(groups, resident);
    for (std::size_t slices = 2; slices <= limit; ++slices) {
        const double fill = wave_fill(groups * slices, resident);
        if (fill > best_fill * (1 + tolerance)) {
            best = slices;
            best_fill = fill;
        }
    }
    return best;
}

} // namespace rtcg::detail
