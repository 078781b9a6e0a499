#include "storage_overlap.hpp"

#include <cstddef>

namespace rtcg::detail {

bool same_elements(const ArrayData& a, const ArrayData& b) noexcept {
    return &a.buffer() == &b.buffer() && a.offset() == b.offset() && a.dtype() == b.dtype() && a.shape() == b.shape() &&
           a.strides() == b.strides();
}

bool storage_overlaps(const ArrayData& a, const ArrayData& b) noexcept {
    if (&a.buffer() != &b.buffer() || a.size() == 0 || b.size() == 0) return false;
    const auto [a_low, a_high] = a.extent();
    const auto [b_low, b_high] = b.extent();
    return a_low * a.dtype().size() < b_high * b.dtype().size() && b_low * b.dtype().size() < a_high * a.dtype().size();
}

bool has_repeated_elements(const ArrayData& array) noexcept {
    for (std::size_t k = 0; k < array.shape().size(); ++k)
        if (array.shape()[k] > 1 && array.strides()[k] == 0) return true;
    return false;
}

} // namespace rtcg::detail
