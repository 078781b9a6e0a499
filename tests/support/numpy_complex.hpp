#pragma once
// numpy's complex division written out for host references, the special values the tests feed
// it, and numpy's way of comparing results. The reference was checked against numpy 2.4 itself
// on every pair of special values, for complex64 and complex128.
#include <complex>
#include <vector>

namespace rtcg::test {

// numpy.divide of complex64 or complex128 (T = float or double), in T's own arithmetic: Smith's
// method, multiplying by the reciprocal of the scale, each operation rounded on its own (this
// file's source is compiled without contraction); a zero divisor divides each part by +0. Where
// numpy picks a NaN on purpose, any NaN matches.
template <class T>
std::complex<T> numpy_divide(std::complex<T> a, std::complex<T> b);

// What each part of the special-value tables takes: zeros of both signs, 1 and -1, an ordinary
// value, the smallest normal and the largest finite value, both infinities and NaN.
template <class T>
std::vector<T> special_values();

// Every complex number whose parts are special values (100 of them).
template <class T>
std::vector<std::complex<T>> special_complex_values();

// Every ordered pair of special complex values (10,000 of them), as two parallel columns.
template <class T>
struct ComplexPairs {
    std::vector<std::complex<T>> left, right;
};
template <class T>
ComplexPairs<T> special_complex_pairs();

// Whether a device result matches numpy's as numpy's tests compare them: NaN matches any NaN,
// zeros and infinities must match with their sign, and finite values must lie within `ulps`
// units in the last place of the expected value.
template <class T>
bool numpy_close(T got, T want, int ulps);
template <class T>
bool numpy_close(std::complex<T> got, std::complex<T> want, int ulps);

} // namespace rtcg::test
