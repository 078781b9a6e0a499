#include "axis_layout.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>

namespace rtcg::detail {
namespace {

// The strides of `array` along `shape`, which its shape broadcasts to: 0 along broadcast axes.
std::vector<std::ptrdiff_t> strides_along(const ArrayData& array, const std::vector<std::size_t>& shape) {
    std::vector<std::ptrdiff_t> strides(shape.size(), 0);
    const std::size_t added = shape.size() - array.shape().size();
    for (std::size_t k = 0; k < array.shape().size(); ++k)
        if (array.shape()[k] != 1) strides[added + k] = array.strides()[k];
    return strides;
}

struct Space {
    std::vector<std::size_t> extents;
    std::vector<std::vector<std::ptrdiff_t>> strides; // per array (the output last, for kept axes)
};

// `axes` of `shape` (each of extent above 1), ordered by the main array's strides unless `ordered`,
// then merged where every array steps over the outer axis as over the whole inner one.
Space merge(std::vector<std::size_t> axes, const std::vector<std::size_t>& shape,
            const std::vector<std::vector<std::ptrdiff_t>>& strides, std::size_t main, bool ordered) {
    if (!ordered)
        std::stable_sort(axes.begin(), axes.end(), [&](std::size_t a, std::size_t b) {
            return std::abs(strides[main][a]) > std::abs(strides[main][b]);
        });
    Space space;
    space.strides.resize(strides.size());
    for (const std::size_t axis : axes) {
        const auto extent = static_cast<std::ptrdiff_t>(shape[axis]);
        const bool joins = !space.extents.empty() &&
                           std::all_of(space.strides.begin(), space.strides.end(), [&](const auto& s) {
                               const std::size_t k = static_cast<std::size_t>(&s - space.strides.data());
                               return s.back() == strides[k][axis] * extent;
                           });
        if (joins) space.extents.back() *= shape[axis];
        else space.extents.push_back(shape[axis]);
        for (std::size_t k = 0; k < strides.size(); ++k) {
            if (joins) space.strides[k].back() = strides[k][axis];
            else space.strides[k].push_back(strides[k][axis]);
        }
    }
    if (space.extents.empty()) {
        space.extents.push_back(1);
        for (auto& s : space.strides) s.push_back(0);
    }
    return space;
}

} // namespace

std::string AxisLayout::signature() const {
    return std::to_string(kept.size()) + "x" + std::to_string(reduced.size()) + (narrow() ? "n" : "w");
}

AxisLayout axis_layout(const std::vector<std::size_t>& shape, const std::vector<bool>& reduced,
                       std::span<const ArrayData* const> arrays, bool keep_reduced_order) {
    // The arrays' strides, then the output's: C order over the kept extents.
    std::vector<std::vector<std::ptrdiff_t>> strides;
    for (const ArrayData* array : arrays) strides.push_back(strides_along(*array, shape));
    std::vector<std::ptrdiff_t> output(shape.size(), 0);
    std::ptrdiff_t packed = 1;
    for (std::size_t axis = shape.size(); axis-- > 0;)
        if (!reduced[axis]) {
            output[axis] = shape[axis] == 1 ? 0 : packed;
            packed *= static_cast<std::ptrdiff_t>(shape[axis]);
        }

    std::size_t main = 0;
    for (std::size_t k = 1; k < arrays.size(); ++k)
        if (arrays[k]->size() > arrays[main]->size()) main = k;

    std::vector<std::size_t> kept_axes, reduced_axes;
    for (std::size_t axis = 0; axis < shape.size(); ++axis)
        if (shape[axis] != 1) (reduced[axis] ? reduced_axes : kept_axes).push_back(axis);

    std::vector<std::vector<std::ptrdiff_t>> with_output = strides;
    with_output.push_back(output);
    Space kept = merge(kept_axes, shape, with_output, main, false);
    Space folded = merge(reduced_axes, shape, strides, main, keep_reduced_order);

    AxisLayout layout;
    layout.output_strides = std::move(kept.strides.back());
    kept.strides.pop_back();
    layout.kept = std::move(kept.extents);
    layout.reduced = std::move(folded.extents);
    layout.kept_strides = std::move(kept.strides);
    layout.reduced_strides = std::move(folded.strides);
    layout.outputs = std::accumulate(layout.kept.begin(), layout.kept.end(), std::size_t{1}, std::multiplies<>());
    layout.reduced_count =
        std::accumulate(layout.reduced.begin(), layout.reduced.end(), std::size_t{1}, std::multiplies<>());
    // One output, or a reduced run nearer to the main array's elements than the kept run is: rows.
    // Nothing to fold (one reduced index): columns, a work-item per output.
    if (layout.outputs == 1) layout.rows = true;
    else if (layout.reduced_count == 1 || arrays.empty()) layout.rows = false;
    else
        layout.rows = std::abs(layout.reduced_strides[main].back()) <= std::abs(layout.kept_strides[main].back());
    return layout;
}

} // namespace rtcg::detail
