#pragma once
// Real numbers as any of the matrices' value types.
#include <complex>
#include <type_traits>

namespace rtcg::sparse_detail {

template <class T>
constexpr bool is_complex_v = !std::is_floating_point_v<T>;

// `re` (+ `im` i for complex types), rounded to T's precision.
template <class T>
T value_of(double re, double im = 0) {
    if constexpr (is_complex_v<T>)
        return T(static_cast<typename T::value_type>(re), static_cast<typename T::value_type>(im));
    else
        return static_cast<T>(re);
}

} // namespace rtcg::sparse_detail
