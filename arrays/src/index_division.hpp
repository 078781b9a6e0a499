#pragma once
// The extents that the offset functions (thread/strided_offset.rtcg) take as kernel arguments. In
// 32-bit coordinates each extent travels packed with the multiplier that divides by it
// (thread/index_division.rtcg); in 64-bit coordinates as it is.
#include <cstddef>
#include <cstdint>

namespace rtcg::detail {

// m * 2^32 + d, where m = floor(2^32 * (2^s - d) / d) + 1 and s = ceil(log2 d), for 1 <= d < 2^32:
// the word rtcg_divide_index takes. 0 for d = 0, an extent that leaves a call no index to split.
std::uint64_t packed_divisor(std::uint32_t d) noexcept;

// floor(n / d) from packed_divisor(d)'s word, as rtcg_divide_index computes it on the device.
std::uint32_t divide_index(std::uint32_t n, std::uint64_t divisor) noexcept;

// What rtcg_wrap_index takes for a divisor n (1 <= n < 2^63): the multiplier
// floor(2^64 (2^l - n) / n) + 1 and l = ceil(log2 n).
struct WrapDivisor {
    std::uint64_t multiplier = 0;
    int ceiling_log2 = 0;
};
WrapDivisor wrap_divisor(std::int64_t n) noexcept;

// k mod n in [0, n) from wrap_divisor(n), as rtcg_wrap_index computes it on the device.
std::int64_t wrap_index(std::int64_t k, std::int64_t n, const WrapDivisor& divisor) noexcept;

// The argument for the extent of an axis: packed_divisor(extent) where the call's indices are
// narrow (each below 2^32, so each extent is too), else the extent.
std::int64_t extent_argument(std::size_t extent, bool narrow) noexcept;

} // namespace rtcg::detail
