#pragma once
#include "../support/test_context.hpp"

// What the arrays tests share: the sizes every behaviour is checked at (around work-group and
// warp boundaries, and one past 2^20), the element types, and host values of each type.
#include <complex>
#include <cstddef>
#include <cstdint>
#include <random>
#include <type_traits>
#include <vector>

namespace rtcg::test {

inline constexpr std::size_t array_sizes[] = {0,   1,    2,    3,    31,    32,    33,         127,
                                              128, 129,  1023, 1024, 1025, 15391, (1u << 20) + 7};

// Values of T for index k: never all zero, different from their neighbours, exact in every type.
template <class T>
T value_at(std::size_t k) {
    if constexpr (std::is_same_v<T, bool>)
        return k % 3 != 1;
    else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>)
        return T(static_cast<typename T::value_type>(k % 1000) * 0.5f, -static_cast<typename T::value_type>(k % 7));
    else if constexpr (std::is_floating_point_v<T>)
        return static_cast<T>(static_cast<double>(k % 10007) * 0.25 - 100);
    else
        return static_cast<T>(k % 97 + 1);
}

// Arrays beyond 2^31 elements (or bytes) are tested on GPUs with room for them (a few GiB),
// never on CPUs.
inline bool can_test_beyond_2_31(std::size_t bytes) {
    const DeviceInfo& device = context().device();
    return device.type == DeviceType::gpu && device.global_memory_bytes >= 4 * bytes &&
           device.max_allocation_bytes >= bytes;
}

template <class T>
std::vector<T> values(std::size_t n) {
    std::vector<T> out(n);
    for (std::size_t k = 0; k < n; ++k) out[k] = value_at<T>(k);
    return out;
}

} // namespace rtcg::test

#define RTCG_ARRAY_ELEMENT_TYPES                                                                                 \
    bool, std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t, std::int64_t,     \
        std::uint64_t, float, double, std::complex<float>, std::complex<double>
