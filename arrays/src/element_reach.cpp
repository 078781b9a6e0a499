#include "element_reach.hpp"

#include <rtcg/core/error.hpp>

#include <cstdint>
#include <string>

namespace rtcg::detail {

std::pair<std::ptrdiff_t, std::ptrdiff_t> checked_reach(std::string_view where, const std::vector<std::size_t>& shape,
                                                        const std::vector<std::ptrdiff_t>& strides, std::size_t offset) {
    const auto overflow = [where] {
        return InvalidArgument("the strides reach beyond what an array can address", std::string(where));
    };
    if (offset > static_cast<std::size_t>(PTRDIFF_MAX)) throw overflow();
    std::ptrdiff_t low = 0, high = 0;
    for (std::size_t axis = 0; axis < shape.size(); ++axis) {
        if (shape[axis] - 1 > static_cast<std::size_t>(PTRDIFF_MAX)) throw overflow();
        std::ptrdiff_t reach = 0;
        if (__builtin_mul_overflow(strides[axis], static_cast<std::ptrdiff_t>(shape[axis] - 1), &reach))
            throw overflow();
        if (__builtin_add_overflow(reach < 0 ? low : high, reach, reach < 0 ? &low : &high)) throw overflow();
    }
    const auto start = static_cast<std::ptrdiff_t>(offset);
    std::ptrdiff_t first = 0, last = 0;
    if (__builtin_add_overflow(start, low, &first) || __builtin_add_overflow(start, high, &last) || last == PTRDIFF_MAX)
        throw overflow();
    return {first, last + 1};
}

} // namespace rtcg::detail
