// Compiled with -ffp-contract=off (tests/CMakeLists.txt): numpy's loop rounds every product and
// sum on its own, and a fused multiply-add would change the sign of a product that underflows.
#include "numpy_complex.hpp"

#include <cmath>
#include <cstdlib>
#include <limits>

namespace rtcg::test {

template <class T>
std::complex<T> numpy_divide(std::complex<T> a, std::complex<T> b) {
    const T real_size = std::abs(b.real()), imag_size = std::abs(b.imag());
    if (real_size >= imag_size) {
        if (real_size == 0) return {a.real() / real_size, a.imag() / real_size};
        const T ratio = b.imag() / b.real();
        const T scale = T(1) / (b.real() + b.imag() * ratio);
        return {(a.real() + a.imag() * ratio) * scale, (a.imag() - a.real() * ratio) * scale};
    }
    // Also where b has a NaN, which fails both comparisons.
    const T ratio = b.real() / b.imag();
    const T scale = T(1) / (b.imag() + b.real() * ratio);
    return {(a.real() * ratio + a.imag()) * scale, (a.imag() * ratio - a.real()) * scale};
}

template <class T>
std::vector<T> special_values() {
    using limits = std::numeric_limits<T>;
    return {T(0), -T(0), T(1), T(-1), T(0.5256), limits::min(), limits::max(), limits::infinity(), -limits::infinity(),
            limits::quiet_NaN()};
}

template <class T>
std::vector<std::complex<T>> special_complex_values() {
    std::vector<std::complex<T>> values;
    for (T real : special_values<T>())
        for (T imag : special_values<T>()) values.emplace_back(real, imag);
    return values;
}

template <class T>
ComplexPairs<T> special_complex_pairs() {
    const auto values = special_complex_values<T>();
    ComplexPairs<T> pairs;
    for (const auto& a : values)
        for (const auto& b : values) {
            pairs.left.push_back(a);
            pairs.right.push_back(b);
        }
    return pairs;
}

template <class T>
bool numpy_close(T got, T want, int ulps) {
    if (std::isnan(want) || std::isnan(got)) return std::isnan(want) && std::isnan(got);
    if (std::isinf(want) || want == 0) return got == want && std::signbit(got) == std::signbit(want);
    // The gap below |want|, which is finite for the largest value too.
    const T size = std::abs(want);
    const T ulp = size - std::nextafter(size, T(0));
    return std::abs(got - want) <= T(ulps) * ulp;
}

template <class T>
bool numpy_close(std::complex<T> got, std::complex<T> want, int ulps) {
    return numpy_close(got.real(), want.real(), ulps) && numpy_close(got.imag(), want.imag(), ulps);
}

template std::complex<float> numpy_divide(std::complex<float>, std::complex<float>);
template std::complex<double> numpy_divide(std::complex<double>, std::complex<double>);
template std::vector<float> special_values();
template std::vector<double> special_values();
template std::vector<std::complex<float>> special_complex_values();
template std::vector<std::complex<double>> special_complex_values();
template ComplexPairs<float> special_complex_pairs();
template ComplexPairs<double> special_complex_pairs();
template bool numpy_close(float, float, int);
template bool numpy_close(double, double, int);
template bool numpy_close(std::complex<float>, std::complex<float>, int);
template bool numpy_close(std::complex<double>, std::complex<double>, int);

} // namespace rtcg::test
