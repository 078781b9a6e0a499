#include "batch_layout.hpp"

#include <rtcg/core/error.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace rtcg::detail::fft {
namespace {

// The extent and stride of axes [first, last) of `array` as one axis in C order, or nothing.
struct Collapsed {
    std::int64_t extent = 1;
    std::int64_t stride = 0;
};

std::optional<Collapsed> collapse(const ArrayData& array, std::size_t first, std::size_t last) {
    Collapsed result;
    for (std::size_t axis = last; axis-- > first;) {
        const std::size_t extent = array.shape()[axis];
        if (extent == 1) continue;
        const std::int64_t stride = array.strides()[axis];
        if (result.extent == 1)
            result.stride = stride;
        else if (stride != result.stride * result.extent)
            return std::nullopt;
        result.extent *= static_cast<std::int64_t>(extent);
    }
    return result;
}

} // namespace

std::optional<AxisBatch> batch_layout(const ArrayData& array, std::size_t axis) {
    const std::optional<Collapsed> before = collapse(array, 0, axis);
    const std::optional<Collapsed> after = collapse(array, axis + 1, array.shape().size());
    if (!before || !after) return std::nullopt;
    AxisBatch batch;
    batch.layout = BatchLayout{&array.buffer(),  static_cast<std::int64_t>(array.offset()),
                               array.strides()[axis], after->extent, after->stride, before->stride};
    batch.batch = static_cast<std::size_t>(before->extent * after->extent);
    return batch;
}

void check_not_broadcast(const ArrayData& out, const char* where) {
    for (std::size_t axis = 0; axis < out.shape().size(); ++axis)
        if (out.shape()[axis] > 1 && out.strides()[axis] == 0)
            throw InvalidArgument(
                "the output's axis " + std::to_string(axis) + " is broadcast (stride 0): its elements overlap", where);
}

} // namespace rtcg::detail::fft
