// Compiled with -ffp-contract=off (tests/CMakeLists.txt): no a * b + c here may become an fma.
#include "random_reference.hpp"

#include <rtcg/arrays/random_constants.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <span>

namespace rtcg::test::random_reference {
namespace {

namespace k = rtcg::random::constants;

using Words = std::array<std::uint32_t, 8>;

double horner(std::span<const double> coefficients, double x) {
    double p = coefficients.back();
    for (std::size_t i = coefficients.size() - 1; i-- > 0;) p = std::fma(p, x, coefficients[i]);
    return p;
}

std::uint64_t wide(const Words& words, int j) {
    return words[2 * j] | static_cast<std::uint64_t>(words[2 * j + 1]) << 32;
}

double open_uniform32(std::uint32_t w) { return static_cast<double>(2 * std::uint64_t{w} + 1) * 0x1p-33; }
double open_uniform64(std::uint64_t x) { return static_cast<double>(2 * (x >> 12) + 1) * 0x1p-53; }

std::pair<double, double> box_muller(double radius_uniform, double angle_uniform) {
    const double radius = std::sqrt(-2.0 * random_reference::log(radius_uniform));
    const auto [c, s] = cos_sin_turns(angle_uniform);
    return {radius * c, radius * s};
}

} // namespace

Block philox4x32_10(Block c, std::array<std::uint32_t, 2> key) {
    for (int round = 0; round < k::philox_rounds; ++round) {
        if (round > 0) {
            key[0] += k::philox_weyl0;
            key[1] += k::philox_weyl1;
        }
        const std::uint64_t p0 = std::uint64_t{k::philox_multiplier0} * c[0];
        const std::uint64_t p1 = std::uint64_t{k::philox_multiplier1} * c[2];
        c = {static_cast<std::uint32_t>(p1 >> 32) ^ c[1] ^ key[0], static_cast<std::uint32_t>(p1),
             static_cast<std::uint32_t>(p0 >> 32) ^ c[3] ^ key[1], static_cast<std::uint32_t>(p0)};
    }
    return c;
}

Block threefry4x32_20(Block x, Block key) {
    const std::array<std::uint32_t, 5> schedule{key[0], key[1], key[2], key[3],
                                                k::threefry_parity ^ key[0] ^ key[1] ^ key[2] ^ key[3]};
    const auto inject = [&](std::uint32_t i) {
        for (std::uint32_t j = 0; j < 4; ++j) x[j] += schedule[(i + j) % 5];
        x[3] += i;
    };
    const auto rotate = [](std::uint32_t w, int bits) { return (w << bits) | (w >> (32 - bits)); };
    inject(0);
    for (int round = 0; round < k::threefry_rounds; ++round) {
        const auto [a, b] = k::threefry_rotations[round % 8];
        // Even rounds mix words (0, 1) and (2, 3), odd rounds (0, 3) and (2, 1).
        const int first = round % 2 == 0 ? 1 : 3, second = round % 2 == 0 ? 3 : 1;
        x[0] += x[first];
        x[first] = rotate(x[first], a) ^ x[0];
        x[2] += x[second];
        x[second] = rotate(x[second], b) ^ x[2];
        if (round % 4 == 3) inject(static_cast<std::uint32_t>(round / 4 + 1));
    }
    return x;
}

double log(double u) {
    const auto bits = std::bit_cast<std::uint64_t>(u);
    int e = static_cast<int>((bits >> 52) & 0x7ff) - 1023;
    double m = std::bit_cast<double>((bits & 0x000fffffffffffffull) | 0x3ff0000000000000ull);
    if (m > k::sqrt2) {
        m = m * 0.5;
        e = e + 1;
    }
    const double f = m - 1.0;
    const double s = f / (2.0 + f);
    const double log_m = (s + s) * horner(k::log_series, s * s);
    const double exponent = e;
    return exponent * k::ln2_high + std::fma(exponent, k::ln2_low, log_m);
}

std::pair<double, double> cos_sin_turns(double t) {
    const double t4 = t * 4.0;
    double q = std::floor(t4);
    double r = t4 - q;
    if (r > 0.5) {
        r = r - 1.0;
        q = q + 1.0;
    }
    const double r2 = r * r;
    const double sine = r * horner(k::sin_quarter_turn, r2);
    const double cosine = horner(k::cos_quarter_turn, r2);
    switch (static_cast<int>(q) & 3) {
    case 0: return {cosine, sine};
    case 1: return {-sine, cosine};
    case 2: return {-cosine, -sine};
    default: return {sine, -cosine};
    }
}

Block HostStream::block(std::uint64_t index, std::uint64_t key) const {
    const Block counter{static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32),
                        static_cast<std::uint32_t>(subsequence_), static_cast<std::uint32_t>(subsequence_ >> 32)};
    const auto low = static_cast<std::uint32_t>(key), high = static_cast<std::uint32_t>(key >> 32);
    if (block_function_ == rtcg::random::BlockFunction::philox4x32_10) return philox4x32_10(counter, {low, high});
    return threefry4x32_20(counter, {low, high, 0, 0});
}

template <class Result, class Fill>
std::vector<Result> HostStream::groups(std::size_t n, int blocks_per_group, Fill fill) {
    std::vector<Result> out(n);
    const std::size_t count = (n + 3) / 4;
    for (std::size_t g = 0; g < count; ++g) {
        Words words{};
        for (int b = 0; b < blocks_per_group; ++b) {
            const Block w = block(position_ + blocks_per_group * std::uint64_t{g} + b);
            std::copy(w.begin(), w.end(), words.begin() + 4 * b);
        }
        std::array<Result, 4> results = fill(words);
        for (std::size_t j = 0; j < 4 && 4 * g + j < n; ++j) out[4 * g + j] = results[j];
    }
    position_ += blocks_per_group * std::uint64_t{count};
    return out;
}

std::vector<std::uint32_t> HostStream::bits(std::size_t n) {
    return groups<std::uint32_t>(n, 1, [](const Words& w) { return std::array{w[0], w[1], w[2], w[3]}; });
}

template <>
std::vector<float> HostStream::uniform<float>(std::size_t n) {
    return groups<float>(n, 1, [](const Words& w) {
        std::array<float, 4> v;
        for (int j = 0; j < 4; ++j) v[j] = static_cast<float>(w[j] >> 8) * 0x1p-24f;
        return v;
    });
}

template <>
std::vector<double> HostStream::uniform<double>(std::size_t n) {
    return groups<double>(n, 2, [](const Words& w) {
        std::array<double, 4> v;
        for (int j = 0; j < 4; ++j) v[j] = static_cast<double>(wide(w, j) >> 11) * 0x1p-53;
        return v;
    });
}

template <>
std::vector<float> HostStream::normal<float>(std::size_t n, double mean, double stddev) {
    return groups<float>(n, 1, [=](const Words& w) {
        std::array<float, 4> v;
        for (int pair = 0; pair < 2; ++pair) {
            const auto [z0, z1] = box_muller(open_uniform32(w[2 * pair]), open_uniform32(w[2 * pair + 1]));
            v[2 * pair] = static_cast<float>(std::fma(stddev, z0, mean));
            v[2 * pair + 1] = static_cast<float>(std::fma(stddev, z1, mean));
        }
        return v;
    });
}

template <>
std::vector<double> HostStream::normal<double>(std::size_t n, double mean, double stddev) {
    return groups<double>(n, 2, [=](const Words& w) {
        std::array<double, 4> v;
        for (int pair = 0; pair < 2; ++pair) {
            const auto [z0, z1] = box_muller(open_uniform64(wide(w, 2 * pair)), open_uniform64(wide(w, 2 * pair + 1)));
            v[2 * pair] = std::fma(stddev, z0, mean);
            v[2 * pair + 1] = std::fma(stddev, z1, mean);
        }
        return v;
    });
}

namespace {

// The high word of the 128-bit product a * b, from 32-bit halves.
std::uint64_t mul_hi64(std::uint64_t a, std::uint64_t b) {
    const std::uint64_t a_low = a & 0xFFFFFFFFu, a_high = a >> 32, b_low = b & 0xFFFFFFFFu, b_high = b >> 32;
    const std::uint64_t low_low = a_low * b_low, high_low = a_high * b_low, low_high = a_low * b_high;
    const std::uint64_t middle = (low_low >> 32) + (high_low & 0xFFFFFFFFu) + (low_high & 0xFFFFFFFFu);
    return a_high * b_high + (high_low >> 32) + (low_high >> 32) + (middle >> 32);
}

} // namespace

std::vector<std::uint64_t> HostStream::integer_offsets(std::size_t n, std::uint64_t span) {
    const std::uint64_t first = position_;
    std::vector<std::uint64_t> out = groups<std::uint64_t>(n, 2, [](const Words& w) {
        return std::array{wide(w, 0), wide(w, 1), wide(w, 2), wide(w, 3)};
    });
    constexpr std::uint64_t key_step = 0x9E3779B97F4A7C15u;
    const std::uint64_t threshold = (0 - span) % span;
    for (std::size_t k = 0; k < n; ++k) {
        std::uint64_t x = out[k];
        const std::uint64_t own_block = first + 2 * (k / 4) + (k % 4) / 2;
        for (std::uint64_t attempt = 1; static_cast<std::uint64_t>(x * span) < threshold; ++attempt) {
            const Block w = block(own_block, seed_ + attempt * key_step);
            x = k % 2 ? (std::uint64_t{w[3]} << 32 | w[2]) : (std::uint64_t{w[1]} << 32 | w[0]);
        }
        out[k] = mul_hi64(x, span);
    }
    return out;
}

} // namespace rtcg::test::random_reference
