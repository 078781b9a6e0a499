// Misuse of arrays: shapes and ranges whose sizes overflow.
#include "misuse_support.hpp"

#include <rtcg/arrays.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <vector>

namespace rtcg::test {
namespace {

constexpr std::size_t two_to(unsigned power) { return std::size_t{1} << power; }

} // namespace

TEST_CASE("misuse: an array of more elements than a byte count can hold is refused") {
    // 2^62 + 1 floats are 2^64 + 4 bytes: 4 bytes once wrapped.
    expect_misuse<InvalidArgument>([] { Array<float>::empty(context(), two_to(62) + 1); },
                                   {"(4611686018427387905,)", "float32", "9223372036854775807 bytes"});
    // 2^64 elements: 0 once wrapped.
    expect_misuse<InvalidArgument>([] { Array<float>::zeros(context(), {two_to(32), two_to(32)}); },
                                   {"(4294967296, 4294967296)"});
    expect_misuse<InvalidArgument>([] { Array<std::uint8_t>::full(context(), {two_to(32), two_to(31)}, 1); },
                                   {"(4294967296, 2147483648)", "uint8"});
    // As in numpy, the other dimensions must fit even where one is 0: a row of this array would not.
    expect_misuse<InvalidArgument>([] { Array<double>::empty(context(), {0, two_to(62), two_to(62)}); },
                                   {"(0, 4611686018427387904, 4611686018427387904)"});
}

TEST_CASE("misuse: an array within the limits that the device cannot hold is out of memory") {
    // 2^62 bytes fit an index but no device: OutOfMemory, not InvalidArgument.
    expect_misuse<OutOfMemory>([] { Array<std::uint8_t>::empty(context(), {two_to(31), two_to(31)}); },
                               {"4611686018427387904 bytes"});
}

TEST_CASE("misuse: a reshape to a shape whose size overflows is refused") {
    const auto x = Array<float>::zeros(context(), 4);
    // (2^62 + 1) * 4 wraps to 4, the array's size.
    expect_misuse<InvalidArgument>([&] { x.reshape({two_to(62) + 1, 4}); },
                                   {"Array::reshape", "(4611686018427387905, 4)"});
    expect_misuse<InvalidArgument>([&] { x.reshape({two_to(32), two_to(32), 4}); }, {"Array::reshape"});
    const auto empty = Array<float>::zeros(context(), {0, 4});
    expect_misuse<InvalidArgument>([&] { empty.reshape({0, two_to(62), 4}); }, {"Array::reshape"});
}

TEST_CASE("misuse: arange with infinite, NaN or zero steps and bounds, or too many elements, is refused") {
    constexpr double infinity = std::numeric_limits<double>::infinity();
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    // 1e600 elements: the quotient overflows to infinity, which converted to an integer was 0.
    expect_misuse<InvalidArgument>([] { Array<double>::arange(context(), 0.0, 1e300, 1e-300); },
                                   {"Array::arange", "more than an array can hold"});
    expect_misuse<InvalidArgument>([] { Array<double>::arange(context(), 0.0, 1e30, 1.0); },
                                   {"Array::arange", "more than an array can hold"});
    // Finite bounds whose difference overflows.
    expect_misuse<InvalidArgument>([] { Array<double>::arange(context(), -1e308, 1e308, 1e307); },
                                   {"more than an array can hold"});
    expect_misuse<InvalidArgument>([&] { Array<double>::arange(context(), 0.0, infinity); },
                                   {"Array::arange", "infinite", "stop inf"});
    expect_misuse<InvalidArgument>([&] { Array<float>::arange(context(), -INFINITY, 0.0f); }, {"infinite"});
    expect_misuse<InvalidArgument>([&] { Array<double>::arange(context(), 0.0, 1.0, infinity); }, {"infinite"});
    expect_misuse<InvalidArgument>([&] { Array<double>::arange(context(), 0.0, 1.0, nan); }, {"NaN"});
    expect_misuse<InvalidArgument>([&] { Array<double>::arange(context(), nan, 1.0); }, {"NaN"});
    expect_misuse<InvalidArgument>([] { Array<float>::arange(context(), 0.0f, 1.0f, 0.0f); }, {"the step is 0"});
    // 2^64 - 1 integers of 8 bytes.
    expect_misuse<InvalidArgument>(
        [] {
            Array<std::int64_t>::arange(context(), std::numeric_limits<std::int64_t>::min(),
                                        std::numeric_limits<std::int64_t>::max());
        },
        {"(18446744073709551615,)", "int64"});
    expect_misuse<InvalidArgument>([] { Array<std::uint8_t>::arange(context(), 0, 5, 0); }, {"the step is 0"});
}

TEST_CASE("misuse: a Range of more indices than a kernel's index counts is refused") {
    const ElementwiseKernel kernel(context(), "int added", "(void)added", "misuse_range");
    constexpr std::int64_t lowest = std::numeric_limits<std::int64_t>::min();
    constexpr std::int64_t highest = std::numeric_limits<std::int64_t>::max();
    // 2^64 - 1 indices, which the launch passed on as n = -1.
    expect_misuse<InvalidArgument>([&] { kernel(Range{lowest, highest, 1}, 1); },
                                   {"18446744073709551615 indices"});
    expect_misuse<InvalidArgument>([&] { kernel(Range{highest, lowest, -1}, 1); }, {"indices"});
    expect_misuse<InvalidArgument>([&] { kernel(Range{lowest, highest, 2}, 1); }, {"9223372036854775808 indices"});
}

} // namespace rtcg::test
