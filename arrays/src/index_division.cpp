#include "index_division.hpp"

#include <bit>

namespace rtcg::detail {
namespace {

unsigned ceil_log2(std::uint32_t d) noexcept { return d > 1 ? 32u - static_cast<unsigned>(std::countl_zero(d - 1)) : 0u; }

// The high 64 bits of the 128-bit product a * b, from 32-bit halves (the device's mul_hi).
std::uint64_t mul_hi64(std::uint64_t a, std::uint64_t b) noexcept {
    constexpr std::uint64_t low = 0xffffffffu;
    const std::uint64_t low_low = (a & low) * (b & low), high_low = (a >> 32) * (b & low);
    const std::uint64_t low_high = (a & low) * (b >> 32), high_high = (a >> 32) * (b >> 32);
    // At most (2^32 - 1) * 2 + (2^32 - 1)^2 = 2^64 - 1: no carry is lost.
    const std::uint64_t middle = (low_low >> 32) + (high_low & low) + low_high;
    return high_high + (high_low >> 32) + (middle >> 32);
}

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

WrapDivisor wrap_divisor(std::int64_t n) noexcept {
    const auto d = static_cast<std::uint64_t>(n);
    int l = 0;
    while (l < 63 && (std::uint64_t{1} << l) < d) ++l;
    // floor(2^64 e / d) for e = 2^l - d < d, one bit at a time: the remainder stays below d < 2^63,
    // so doubling it never overflows.
    std::uint64_t remainder = (std::uint64_t{1} << l) - d, quotient = 0;
    for (int bit = 0; bit < 64; ++bit) {
        remainder <<= 1;
        quotient <<= 1;
        if (remainder >= d) {
            remainder -= d;
            quotient |= 1;
        }
    }
    return WrapDivisor{quotient + 1, l};
}

std::int64_t wrap_index(std::int64_t k, std::int64_t n, const WrapDivisor& divisor) noexcept {
    const std::uint64_t a = k < 0 ? ~static_cast<std::uint64_t>(k) : static_cast<std::uint64_t>(k);
    const std::uint64_t t = mul_hi64(divisor.multiplier, a);
    const int l = divisor.ceiling_log2;
    const std::uint64_t q = (t + ((a - t) >> (l > 0 ? 1 : 0))) >> (l > 0 ? l - 1 : 0);
    const auto r = static_cast<std::int64_t>(a - q * static_cast<std::uint64_t>(n));
    return k < 0 ? n - 1 - r : r;
}

std::int64_t extent_argument(std::size_t extent, bool narrow) noexcept {
    return narrow ? static_cast<std::int64_t>(packed_divisor(static_cast<std::uint32_t>(extent)))
                  : static_cast<std::int64_t>(extent);
}

} // namespace rtcg::detail
