#pragma once
// Random host data for tests: never zeros, so an unwritten output cannot pass.
#include <cstdint>
#include <random>
#include <type_traits>
#include <vector>

namespace rtcg::test {

template <class T>
std::vector<T> random_values(std::size_t n, std::uint32_t seed = 1234) {
    std::mt19937_64 random(seed);
    std::vector<T> values(n);
    for (auto& v : values) {
        if constexpr (std::is_floating_point_v<T>)
            v = std::uniform_real_distribution<T>(T(-100), T(100))(random);
        else
            v = static_cast<T>(random() % 97 + 1); // small and non-zero: fits every integer type
    }
    return values;
}

} // namespace rtcg::test
