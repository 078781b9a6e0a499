#pragma once
// The radix sort's digits, shared by its source (rtcg/arrays/radix_sort_source.hpp) and its host
// code.
#include <rtcg/arrays/radix_sort_source.hpp>

namespace rtcg::detail {

inline constexpr unsigned radix_bits = 4;
inline constexpr unsigned radix_digits = 1u << radix_bits;

} // namespace rtcg::detail
