#pragma once
// The shapes the n-dimensional cases give n elements (n a power of two, as the sizes are), the
// same as peers.py gives them: rows x columns with columns = 2^ceil(k/2) for n = 2^k (8192 x 8192
// at 2^26), and 2^ceil(k/3) x 2^(rest - ceil(rest/2)) x 2^ceil(rest/2) for three axes (512 x 256 x
// 512 at 2^26).
#include <bit>
#include <cstddef>
#include <vector>

namespace rtcg::bench {

inline std::vector<std::size_t> matrix_shape(std::size_t n) {
    const int k = static_cast<int>(std::bit_width(n)) - 1;
    const std::size_t columns = std::size_t{1} << ((k + 1) / 2);
    return {n / columns, columns};
}

inline std::vector<std::size_t> cube_shape(std::size_t n) {
    const int k = static_cast<int>(std::bit_width(n)) - 1;
    const int first = (k + 2) / 3, last = (k - first + 1) / 2;
    return {std::size_t{1} << first, std::size_t{1} << (k - first - last), std::size_t{1} << last};
}

} // namespace rtcg::bench
