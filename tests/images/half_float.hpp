#pragma once
// IEEE 754 binary16 on the host, for the tests' float16 pixels: rtcg moves a float16 image's
// pixels as raw 16-bit halves and converts nothing on the host (image.hpp), so the tests make and
// read the bit patterns themselves.
#include <cmath>
#include <cstdint>
#include <limits>

namespace rtcg::test {

// The float a half's bits stand for (every half is exactly a float).
inline float half_to_float(std::uint16_t bits) {
    const int exponent = (bits >> 10) & 0x1f;
    const auto mantissa = static_cast<float>(bits & 0x3ffu);
    float magnitude = 0.0f;
    if (exponent == 0)
        magnitude = std::ldexp(mantissa, -24); // subnormal: units of 2^-24
    else if (exponent == 0x1f)
        magnitude = mantissa == 0.0f ? std::numeric_limits<float>::infinity() : std::numeric_limits<float>::quiet_NaN();
    else
        magnitude = std::ldexp(mantissa + 1024.0f, exponent - 25);
    return (bits & 0x8000u) != 0 ? -magnitude : magnitude;
}

// The half nearest `value` (ties to even), for finite values; past the largest half, infinity.
inline std::uint16_t float_to_half(float value) {
    const unsigned sign = std::signbit(value) ? 0x8000u : 0u;
    const float magnitude = std::fabs(value);
    // 65520 is halfway between the largest half (65504) and the next power of two: it and beyond
    // round to infinity.
    if (magnitude >= 65520.0f) return static_cast<std::uint16_t>(sign | 0x7c00u);
    // Below 2^-14 halves are subnormal, multiples of 2^-24; the product is exact and nearbyint
    // rounds ties to even. A result of 1024 is the smallest normal half, whose bits it is too.
    if (magnitude < 0x1p-14f)
        return static_cast<std::uint16_t>(sign | static_cast<unsigned>(std::nearbyint(magnitude * 0x1p24f)));
    // magnitude = fraction * 2^exponent with fraction in [0.5, 1): the half's biased exponent is
    // exponent - 1 + 15, its mantissa the ten bits after the leading one. A mantissa that rounds up
    // to 1024 carries into the exponent field, which makes the next power of two's bits.
    int exponent = 0;
    const float fraction = std::frexp(magnitude, &exponent);
    const auto mantissa = static_cast<unsigned>(std::nearbyint((2.0f * fraction - 1.0f) * 1024.0f));
    return static_cast<std::uint16_t>(sign | ((static_cast<unsigned>(exponent + 14) << 10) + mantissa));
}

} // namespace rtcg::test
