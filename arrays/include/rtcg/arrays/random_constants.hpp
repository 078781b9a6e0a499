#pragma once
/// \file
/// Every constant the counter-based generators' kernels use (rtcg/arrays/random.hpp describes where
/// each one goes), so that a host program can reproduce the device's numbers bit for bit. The
/// polynomial coefficients are the exact doubles the kernels are written with: each is the
/// mathematical value rounded to the nearest double, as hexadecimal literals leave no doubt.
#include <cstdint>

namespace rtcg::random::constants {

/// Philox4x32 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11): the round
/// multipliers, the Weyl increments that bump the key between rounds, and the round count.
///@{
inline constexpr std::uint32_t philox_multiplier0 = 0xD2511F53u;
inline constexpr std::uint32_t philox_multiplier1 = 0xCD9E8D57u;
inline constexpr std::uint32_t philox_weyl0 = 0x9E3779B9u;
inline constexpr std::uint32_t philox_weyl1 = 0xBB67AE85u;
inline constexpr int philox_rounds = 10;
///@}

/// Threefry4x32 (Salmon et al., SC'11, after Threefish of the Skein hash): the key schedule's
/// parity word, the left rotations of the two mixes of round r (r mod 8), and the round count.
///@{
inline constexpr std::uint32_t threefry_parity = 0x1BD11BDAu;
inline constexpr int threefry_rotations[8][2] = {{10, 26}, {11, 21}, {13, 27}, {23, 5},
                                                 {6, 20},  {17, 11}, {25, 10}, {18, 20}};
inline constexpr int threefry_rounds = 20;
///@}

/// log(m) = 2 atanh(s) = 2 s (c0 + c1 s^2 + c2 s^4 + ...), s = (m - 1) / (m + 1): c_k = 1 / (2k + 1).
/// With m in [sqrt(1/2), sqrt(2)), s^2 < 0.0295 and the first omitted term is below 2^-60.
inline constexpr double log_series[] = {
    0x1.0000000000000p+0,  0x1.5555555555555p-2, 0x1.999999999999ap-3, 0x1.2492492492492p-3,
    0x1.c71c71c71c71cp-4,  0x1.745d1745d1746p-4, 0x1.3b13b13b13b14p-4, 0x1.1111111111111p-4,
    0x1.e1e1e1e1e1e1ep-5,  0x1.af286bca1af28p-5, 0x1.8618618618618p-5,
};
/// ln 2 split so that e * ln2_high is exact for every exponent e of a double (ln2_high has 20
/// significant bits), and ln2_low = ln 2 - ln2_high rounded.
///@{
inline constexpr double ln2_high = 0x1.62e42p-1;
inline constexpr double ln2_low = 0x1.fdf473de6af28p-22;
///@}
/// The largest mantissa kept in [1, 2) before halving, so that log's m lies in [sqrt(1/2), sqrt(2)).
inline constexpr double sqrt2 = 0x1.6a09e667f3bcdp+0;

/// sin(pi r / 2) = r (s0 + s1 r^2 + ...), cos(pi r / 2) = c0 + c1 r^2 + ...: the Taylor
/// coefficients (-1)^k (pi/2)^(2k+1) / (2k+1)! and (-1)^k (pi/2)^(2k) / (2k)!, for r in
/// [-1/2, 1/2] (angles within an eighth of a turn of an axis), where the first omitted term is
/// below 2^-58 relative, a thirtieth of an ulp.
///@{
inline constexpr double sin_quarter_turn[] = {
    0x1.921fb54442d18p+0,  -0x1.4abbce625be53p-1, 0x1.466bc6775aae2p-4,  -0x1.32d2cce62bd86p-8,
    0x1.50783487ee782p-13, -0x1.e3074fde8871fp-19, 0x1.e8f434d018d63p-25, -0x1.6fadb9f155744p-31,
    0x1.aaec32af93359p-38,
};
inline constexpr double cos_quarter_turn[] = {
    0x1.0000000000000p+0,  -0x1.3bd3cc9be45dep+0, 0x1.03c1f081b5ac4p-2,  -0x1.55d3c7e3cbffap-6,
    0x1.e1f506891babbp-11, -0x1.a6d1f2a204a8cp-16, 0x1.f9d38a3763cc3p-22, -0x1.b6e24f44b128fp-28,
    0x1.20c62c2f2d7f5p-34,
};
///@}

} // namespace rtcg::random::constants
