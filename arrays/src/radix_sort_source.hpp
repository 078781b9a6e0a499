#pragma once
// The radix sort's digits, shared by its source (rtcg/arrays/radix_sort_source.hpp) and its host
// code.
#include <rtcg/arrays/radix_sort_source.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <cstddef>
#include <optional>
#include <string>

namespace rtcg::detail {

inline constexpr unsigned radix_bits = 8;
inline constexpr unsigned radix_digits = 1u << radix_bits;

// How many digits a key has: one pass each at most.
inline std::size_t digit_positions(const codegen::DType& key) { return key.size() * 8 / radix_bits; }

// rtcg::radix_sort_source, with the histogram kernel reading `histogram_items` keys per work-item
// in each tile (SortPolicy's histogram_items_per_work_item).
std::string radix_sort_source(const codegen::Target& target, const codegen::DType& key,
                              const std::optional<codegen::DType>& value, const codegen::DType& counter,
                              std::size_t block, std::size_t items, std::size_t histogram_items);

} // namespace rtcg::detail
