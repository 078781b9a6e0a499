#include "roots_of_unity.hpp"

#include <cmath>
#include <numbers>

namespace rtcg::detail::fft {

std::complex<long double> root_of_unity(std::size_t m, std::size_t n) {
    // cos and sin of 2 pi x / (8 n), x = 8 m, folded into x <= n (at most pi / 4) by the
    // symmetries of the circle, each exact on integers.
    const std::size_t eighth = n;
    std::size_t x = 8 * (m % n);
    bool negate_sin = false, negate_cos = false, swap = false;
    if (x > 4 * eighth) { // past pi: the conjugate of 2 pi - angle
        x = 8 * eighth - x;
        negate_sin = true;
    }
    if (x > 2 * eighth) { // past pi / 2: cos(pi - a) = -cos a, sin(pi - a) = sin a
        x = 4 * eighth - x;
        negate_cos = true;
    }
    if (x > eighth) { // past pi / 4: cos(pi / 2 - a) = sin a
        x = 2 * eighth - x;
        swap = true;
    }
    const long double angle = 2 * std::numbers::pi_v<long double> * static_cast<long double>(x) /
                              (8 * static_cast<long double>(n));
    long double c = std::cos(angle), s = std::sin(angle);
    if (swap) std::swap(c, s);
    if (negate_cos) c = -c;
    if (negate_sin) s = -s;
    return {c, -s};
}

} // namespace rtcg::detail::fft
