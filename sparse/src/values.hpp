#pragma once
// Real numbers as any of the matrices' value types, and back.
#include <complex>
#include <type_traits>

namespace rtcg::sparse_detail {

template <class T>
constexpr bool is_complex_v = !std::is_floating_point_v<T>;

// The real numbers of value type T: T itself, or its complex type's parts.
template <class T>
struct RealOf {
    using type = T;
};
template <class T>
struct RealOf<std::complex<T>> {
    using type = T;
};
template <class T>
using real_of_t = typename RealOf<T>::type;

// `re` (+ `im` i for complex types), rounded to T's precision.
template <class T>
T value_of(double re, double im = 0) {
    if constexpr (is_complex_v<T>)
        return T(static_cast<typename T::value_type>(re), static_cast<typename T::value_type>(im));
    else
        return static_cast<T>(re);
}

// v's real part, in double.
template <class T>
double real_part(T v) {
    if constexpr (is_complex_v<T>)
        return static_cast<double>(v.real());
    else
        return static_cast<double>(v);
}

} // namespace rtcg::sparse_detail
