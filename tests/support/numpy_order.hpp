#pragma once
// numpy's sort order for the host references of sorts, and a bitwise comparison of results, so
// that -0.0 and 0.0, and NaNs, must be exactly where the reference has them.
#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>

namespace rtcg::test {

// numpy's order: NaNs last, -0.0 equal to 0.0.
template <class T>
bool numpy_less(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(a)) return false;
        if (std::isnan(b)) return true;
    }
    return a < b;
}

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

} // namespace rtcg::test
