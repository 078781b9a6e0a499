// operator<< prints as numpy's str() does; the expected strings are numpy 2.4's output for the
// same arrays.
#include "../support/test_context.hpp"

#include <rtcg/arrays/array.hpp>
#include <rtcg/codegen/device_struct.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <sstream>
#include <string>

using rtcg::Array;
using rtcg::test::context;

namespace {

template <class T>
std::string printed(const Array<T>& array) {
    std::ostringstream out;
    out << array;
    return out.str();
}

struct Pair {
    std::int32_t id;
    float weight;
};

} // namespace

TEST_CASE("floats: shortest digits, aligned points, wrapped lines") {
    CHECK(printed(Array<double>::to_device(context(), {1.5, 2.25})) == "[1.5  2.25]");
    CHECK(printed(Array<float>::to_device(context(), {0.1f, 0.2f, 0.3f})) == "[0.1 0.2 0.3]");
    CHECK(printed(Array<double>::to_device(context(), {1.0 / 3, 2.0})) == "[0.33333333 2.        ]");
    CHECK(printed(Array<float>::arange(context(), 0.0f, 45.0f, 1.5f)) ==
          "[ 0.   1.5  3.   4.5  6.   7.5  9.  10.5 12.  13.5 15.  16.5 18.  19.5\n"
          " 21.  22.5 24.  25.5 27.  28.5 30.  31.5 33.  34.5 36.  37.5 39.  40.5\n"
          " 42.  43.5]");
}

TEST_CASE("floats: scientific notation, nan and inf") {
    CHECK(printed(Array<double>::to_device(context(), {1e-5, 1.0, NAN, -INFINITY})) == "[1.e-05 1.e+00    nan   -inf]");
    CHECK(printed(Array<double>::arange(context(), 0.0, 2000.0)) ==
          "[0.000e+00 1.000e+00 2.000e+00 ... 1.997e+03 1.998e+03 1.999e+03]");
}

TEST_CASE("integers, bools and complex numbers") {
    CHECK(printed(Array<std::uint8_t>::to_device(context(), {0, 255, 7})) == "[  0 255   7]");
    CHECK(printed(Array<std::int16_t>::to_device(context(), {-1, 10, -100})) == "[  -1   10 -100]");
    CHECK(printed(Array<bool>::to_device(context(), {true, false, true})) == "[ True False  True]");
    CHECK(printed(Array<std::complex<float>>::to_device(context(), {{1, 2}, {3, -1}, {-0.5f, 0.25f}})) ==
          "[ 1. +2.j    3. -1.j   -0.5+0.25j]");
    CHECK(printed(Array<std::int64_t>::arange(context(), 0, 40000, 1000)) ==
          "[    0  1000  2000  3000  4000  5000  6000  7000  8000  9000 10000 11000\n"
          " 12000 13000 14000 15000 16000 17000 18000 19000 20000 21000 22000 23000\n"
          " 24000 25000 26000 27000 28000 29000 30000 31000 32000 33000 34000 35000\n"
          " 36000 37000 38000 39000]");
    CHECK(printed(Array<float>::empty(context(), 0)) == "[]");
}

TEST_CASE("n-dimensional arrays and summaries beyond 1000 elements") {
    CHECK(printed(Array<std::int32_t>::arange(context(), 0, 24).reshape({2, 3, 4})) ==
          "[[[ 0  1  2  3]\n  [ 4  5  6  7]\n  [ 8  9 10 11]]\n\n [[12 13 14 15]\n  [16 17 18 19]\n  [20 21 22 23]]]");
    CHECK(printed(Array<std::int32_t>::arange(context(), 0, 1001)) == "[   0    1    2 ...  998  999 1000]");
    CHECK(printed(Array<std::int64_t>::arange(context(), 0, 6000).reshape({2000, 3})) ==
          "[[   0    1    2]\n [   3    4    5]\n [   6    7    8]\n ...\n [5991 5992 5993]\n [5994 5995 5996]\n"
          " [5997 5998 5999]]");
}

TEST_CASE("structs print as tuples of their fields") {
    rtcg::codegen::declare_struct<Pair>("arrays_print_pair", {"id", "weight"});
    CHECK(printed(Array<Pair>::to_device(context(), {Pair{1, 0.5f}, Pair{20, 2.0f}})) == "[( 1, 0.5) (20, 2. )]");
}
