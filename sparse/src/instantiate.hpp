#pragma once
// The value and index types the sparse templates are compiled for: X(value, index) for each pair.
#include <complex>
#include <cstdint>

#define RTCG_SPARSE_FOR_EACH_TYPE(X)                                                                                   \
    X(float, std::int32_t)                                                                                             \
    X(float, std::int64_t)                                                                                             \
    X(double, std::int32_t)                                                                                            \
    X(double, std::int64_t)                                                                                            \
    X(std::complex<float>, std::int32_t)                                                                               \
    X(std::complex<float>, std::int64_t)                                                                               \
    X(std::complex<double>, std::int32_t)                                                                              \
    X(std::complex<double>, std::int64_t)
