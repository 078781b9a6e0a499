#pragma once
// What the scan and algorithm tests share: the sizes of the issue (around tile and work-group
// boundaries and around 2^20, fewer of those in the quick run), the affine-map struct whose
// composition is associative but not commutative, and reproducible values of every sign and
// magnitude.
#include "../support/random_rounds.hpp"
#include "../support/test_context.hpp"
#include "array_test_support.hpp"

#include <rtcg/codegen/device_struct.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <type_traits>
#include <vector>

namespace rtcg::test {

// The sizes the scans, selections and sorts run at: empty, one, around the tiles, around 2^20,
// and one of many tiles whose look-backs chain far (2^23 + 3). The quick run (random_rounds.hpp)
// takes the sizes up to the first past 2^20, whose tiles chain look-backs across a million keys,
// and leaves out the others of that order, which on PoCL are most of the run.
inline std::span<const std::size_t> scan_sizes() {
    static constexpr std::size_t sizes[] = {
        0, 1, 10, 255, 257, 1019, 1029, 4091, 4101, (1u << 20) + 1, (1u << 20) - (1u << 18), 1u << 20, (1u << 23) + 3};
    constexpr std::size_t quick_sizes = 10;
    return std::span<const std::size_t>(sizes).first(quick_run() ? quick_sizes : std::size(sizes));
}

// x -> mul * x + add over 32-bit unsigned integers (wrapping, so every grouping is exact).
// Composing `first` then `second` is associative, and order matters.
struct Affine {
    std::uint32_t mul;
    std::uint32_t add;

    friend bool operator==(const Affine&, const Affine&) = default;
};

inline Affine then(const Affine& first, const Affine& second) {
    return Affine{first.mul * second.mul, first.add * second.mul + second.add};
}

inline codegen::DType affine_type() { return codegen::declare_struct<Affine>("scan_affine", {"mul", "add"}); }

// The same composition on the device, for the scan's preamble.
inline constexpr const char* affine_preamble = R"(
RTCG_DEVICE scan_affine scan_affine_then(scan_affine first, scan_affine second)
{
    scan_affine result;
    result.mul = first.mul * second.mul;
    result.add = first.add * second.mul + second.add;
    return result;
}
)";

inline Affine affine_at(std::size_t k) {
    return Affine{static_cast<std::uint32_t>(k % 5 == 0 ? 3 : 1), static_cast<std::uint32_t>(k % 11)};
}

// n values from `seed`: floats are multiples of 1/8 in [-125000, 125000], signed integers span
// both signs, unsigned ones every bit.
template <class T>
std::vector<T> mixed_values(std::size_t n, unsigned seed) {
    std::mt19937_64 generator(seed);
    std::vector<T> out(n);
    for (T& v : out) {
        if constexpr (std::is_floating_point_v<T>)
            v = static_cast<T>(static_cast<std::int64_t>(generator() % 2000001) - 1000000) / T(8);
        else if constexpr (std::is_signed_v<T>)
            v = static_cast<T>(static_cast<std::int64_t>(generator() >> 1) -
                               std::numeric_limits<std::int64_t>::max() / 2);
        else
            v = static_cast<T>(generator());
    }
    return out;
}

} // namespace rtcg::test
