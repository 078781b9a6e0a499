#include "factorization.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <functional>
#include <limits>
#include <string>

namespace rtcg::detail::fft {

std::vector<std::size_t> prime_factors(std::size_t n) {
    std::vector<std::size_t> factors;
    for (std::size_t p = 2; p <= n / p; ++p)
        while (n % p == 0) {
            factors.push_back(p);
            n /= p;
        }
    if (n > 1) factors.push_back(n);
    return factors;
}

bool needs_bluestein(std::size_t n) {
    const std::vector<std::size_t> factors = prime_factors(n);
    return !factors.empty() && factors.back() > largest_direct_prime;
}

std::size_t bluestein_size(std::size_t n) {
    constexpr std::size_t largest = std::numeric_limits<std::size_t>::max() / 4;
    if (n > largest)
        throw InvalidArgument("a transform of " + std::to_string(n) + " points is too long for Bluestein's algorithm",
                              "fft plan");
    std::size_t m = 1;
    while (m < 2 * n - 1) m *= 2;
    return m;
}

std::vector<std::size_t> global_passes(std::size_t n, std::size_t largest) {
    std::vector<std::size_t> factors = prime_factors(n);
    if (!factors.empty() && factors.back() > largest)
        throw InvalidArgument("the prime factor " + std::to_string(factors.back()) + " of " + std::to_string(n) +
                                  " exceeds the " + std::to_string(largest) + " points a work-group holds",
                              "fft plan");
    // First fit, largest factors first, into as few passes as hold them.
    std::sort(factors.begin(), factors.end(), std::greater<>());
    std::vector<std::size_t> passes;
    for (const std::size_t p : factors) {
        auto fits = std::find_if(passes.begin(), passes.end(), [&](std::size_t r) { return r <= largest / p; });
        if (fits != passes.end())
            *fits *= p;
        else
            passes.push_back(p);
    }
    if (passes.empty()) passes.push_back(1);
    std::sort(passes.begin(), passes.end(), std::greater<>());
    return passes;
}

std::vector<std::size_t> local_radices(std::size_t r, bool sixteens) {
    std::vector<std::size_t> radices;
    std::size_t twos = 0;
    while (r % 2 == 0) {
        r /= 2;
        ++twos;
    }
    if (sixteens && twos % 4 == 0)
        for (; twos >= 4; twos -= 4) radices.push_back(16);
    for (; twos >= 3; twos -= 3) radices.push_back(8);
    if (twos == 2) radices.push_back(4);
    if (twos == 1) radices.push_back(2);
    for (const std::size_t p : prime_factors(r)) radices.push_back(p);
    return radices;
}

} // namespace rtcg::detail::fft
