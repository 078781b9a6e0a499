#include "factorization.hpp"

#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <tuple>
#include <utility>

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

namespace {

// `factors` combined into products of at most `largest` by first fit, largest factors first: few
// products, largest first. A factor above `largest` stays alone.
std::vector<std::size_t> first_fit_products(std::vector<std::size_t> factors, std::size_t largest) {
    std::sort(factors.begin(), factors.end(), std::greater<>());
    std::vector<std::size_t> products;
    for (const std::size_t p : factors) {
        auto fits = std::find_if(products.begin(), products.end(), [&](std::size_t r) { return r <= largest / p; });
        if (fits != products.end())
            *fits *= p;
        else
            products.push_back(p);
    }
    std::sort(products.begin(), products.end(), std::greater<>());
    return products;
}

} // namespace

std::vector<std::size_t> global_passes(std::size_t n, std::size_t largest) {
    std::vector<std::size_t> factors = prime_factors(n);
    if (!factors.empty() && factors.back() > largest)
        throw InvalidArgument("the prime factor " + std::to_string(factors.back()) + " of " + std::to_string(n) +
                                  " exceeds the " + std::to_string(largest) + " points a work-group holds",
                              "fft plan");
    std::vector<std::size_t> passes = first_fit_products(std::move(factors), largest);
    if (passes.empty()) passes.push_back(1);
    return passes;
}

namespace {

// The modelled cost of a sub-transform of `points` points through local passes of `radices`: a
// work-item per butterfly of the pass with the most of them (at most max_threads), those idling
// through a pass of fewer butterflies holding their registers all the same; each butterfly of p
// points costing p log2 p; and each pass moving every point through local memory and back between
// barriers, weighed as pass_weight butterfly operations per point. The weight is fitted to the
// H100's measurements of the splits it decides between (NOTES.md, session 39): every weight from
// 6 to 7.5 picks the faster split of each.
constexpr double pass_weight = 7;

double local_passes_cost(std::size_t points, const std::vector<std::size_t>& radices, std::size_t max_threads) {
    std::size_t threads = 1;
    for (const std::size_t p : radices) threads = std::max(threads, points / p);
    threads = std::min(threads, max_threads);
    double cost = 0;
    for (const std::size_t p : radices) {
        const std::size_t rounds = (points / p + threads - 1) / threads;
        cost += static_cast<double>(threads * rounds) * static_cast<double>(p) * std::log2(static_cast<double>(p)) +
                pass_weight * static_cast<double>(points);
    }
    return cost;
}

// Every way of writing `twos` as a sum of parts of at most `widest`, the parts in descending order.
void power_of_two_splits(std::size_t twos, std::size_t widest, std::vector<std::size_t>& parts,
                         const std::function<void(const std::vector<std::size_t>&)>& visit) {
    if (twos == 0) {
        visit(parts);
        return;
    }
    for (std::size_t e = std::min(twos, widest); e >= 1; --e) {
        parts.push_back(e);
        power_of_two_splits(twos - e, e, parts, visit);
        parts.pop_back();
    }
}

} // namespace

std::vector<std::size_t> odd_radices(const std::vector<std::size_t>& primes, std::size_t largest) {
    return first_fit_products(primes, largest);
}

namespace {

// r without its factors of two, and how many there were.
std::pair<std::size_t, std::size_t> split_twos(std::size_t r) {
    std::size_t twos = 0;
    for (; r > 0 && r % 2 == 0; r /= 2) ++twos;
    return {r, twos};
}

} // namespace

bool wide_odd_radices_differ(std::size_t r) {
    const std::vector<std::size_t> primes = prime_factors(split_twos(r).first);
    return odd_radices(primes, largest_odd_radix) != odd_radices(primes, largest_wide_odd_radix);
}

std::vector<std::size_t> local_radices(std::size_t r, bool sixteens, std::size_t max_threads, bool wide_odd) {
    const auto [odd_factor, twos] = split_twos(r);
    const std::vector<std::size_t> odd = odd_radices(prime_factors(odd_factor),
                                                     wide_odd ? largest_wide_odd_radix : largest_odd_radix);
    // Ties go to fewer passes (fewer barriers), then to the more even split.
    using Rank = std::tuple<double, std::size_t, std::size_t>;
    Rank best_rank{std::numeric_limits<double>::infinity(), 0, 0};
    std::vector<std::size_t> best;
    std::vector<std::size_t> parts;
    power_of_two_splits(twos, sixteens ? 4 : 3, parts, [&](const std::vector<std::size_t>& exponents) {
        std::vector<std::size_t> radices;
        for (const std::size_t e : exponents) radices.push_back(std::size_t{1} << e);
        radices.insert(radices.end(), odd.begin(), odd.end());
        const std::size_t smallest = exponents.empty() ? 0 : exponents.back();
        const Rank rank{local_passes_cost(r, radices, max_threads), radices.size(), twos - smallest};
        if (rank < best_rank) {
            best_rank = rank;
            best = std::move(radices);
        }
    });
    return best;
}

} // namespace rtcg::detail::fft
