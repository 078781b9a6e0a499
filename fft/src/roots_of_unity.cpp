#include "roots_of_unity.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <system_error>
#include <thread>
#include <vector>

namespace rtcg::detail::fft {

void fill_in_parallel(std::size_t count, const std::function<void(std::size_t, std::size_t)>& fill) {
    // Entries a thread takes at least: a few milliseconds of sines and cosines, well above the cost
    // of starting it.
    constexpr std::size_t least_per_thread = 1 << 14;
    const std::size_t hardware = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t threads = std::clamp<std::size_t>(count / least_per_thread, 1, hardware);
    const std::size_t chunk = (count + threads - 1) / threads;
    const auto fill_range = [&](std::size_t t) { fill(std::min(t * chunk, count), std::min((t + 1) * chunk, count)); };
    std::vector<std::jthread> helpers;
    std::size_t started = 1;
    for (; started < threads; ++started) {
        try {
            helpers.emplace_back(fill_range, started);
        } catch (const std::system_error&) {
            break; // no more threads to be had: this one takes the ranges left
        }
    }
    fill_range(0);
    for (std::size_t t = started; t < threads; ++t) fill_range(t);
} // the helpers join here

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
