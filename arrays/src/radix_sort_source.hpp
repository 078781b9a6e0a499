#pragma once
// The radix sort's digits, shared by its source (rtcg/arrays/radix_sort_source.hpp) and its host
// code.
#include <rtcg/arrays/radix_sort_source.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <cstddef>

namespace rtcg::detail {

inline constexpr unsigned radix_bits = 8;
inline constexpr unsigned radix_digits = 1u << radix_bits;

// Keys per work-item in each tile of the histogram kernel: as many loads in flight per work-item.
// With 256 work-items, the fastest shape (bench/NOTES.md, "Radix sort").
inline constexpr unsigned histogram_items = 16;

// How many digits a key has: one pass each at most.
inline std::size_t digit_positions(const codegen::DType& key) { return key.size() * 8 / radix_bits; }

} // namespace rtcg::detail
