#include "index_division.hpp"

#include <bit>

namespace rtcg::detail {
namespace {

unsigned ceil_log2(std::uint32_t d) noexcept { return d > 1 ? 32u - static_cast<unsigned>(std::countl_zero(d - 1)) : 0u; }

} // namespace

std::uint64_t packed_divisor(std::uint32_t d) noexcept {
    if (d == 0) return 0;
    // 2^s - d < d, so the shifted difference fits 64 bits and the quotient 32.
    const std::uint64_t excess = (std::uint64_t{1} << ceil_log2(d)) - d;
    const std::uint64_t multiplier = (excess << 32) / d + 1;
    return multiplier << 32 | d;
}

std::uint32_t divide_index(std::uint32_t n, std::uint64_t divisor) noexcept {
    const auto d = static_cast<std::uint32_t>(divisor);
    const std::uint64_t high = ((divisor >> 32) * n) >> 32;
    return static_cast<std::uint32_t>((high + n) >> ceil_log2(d));
}

std::int64_t extent_argument(std::size_t extent, bool narrow) noexcept {
    return narrow ? static_cast<std::int64_t>(packed_divisor(static_cast<std::uint32_t>(extent)))
                  : static_cast<std::int64_t>(extent);
}

} // namespace rtcg::detail
