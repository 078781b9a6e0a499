// Misuse of arrays: shapes and ranges whose sizes overflow, and generated kernels called with
// arrays of different sizes.
#include "misuse_support.hpp"

#include <rtcg/arrays.hpp>
#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/scan.hpp>

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

TEST_CASE("misuse: astype to a wider element refuses a result whose size overflows") {
    // 2^62 uint8 per row fit; as complex64 they would span 2^65 bytes.
    const auto bytes = Array<std::uint8_t>::empty(context(), {0, two_to(62)});
    expect_misuse<InvalidArgument>([&] { Array<std::complex<float>>(bytes.astype<std::complex<float>>()); },
                                   {"(0, 4611686018427387904)", "complex64"});
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
    const ElementwiseKernel kernel(context(), "int added", "(void)added", {.name = "misuse_range"});
    constexpr std::int64_t lowest = std::numeric_limits<std::int64_t>::min();
    constexpr std::int64_t highest = std::numeric_limits<std::int64_t>::max();
    // 2^64 - 1 indices, which the launch passed on as n = -1.
    expect_misuse<InvalidArgument>([&] { kernel(Range{lowest, highest, 1}, 1); },
                                   {"18446744073709551615 indices"});
    expect_misuse<InvalidArgument>([&] { kernel(Range{highest, lowest, -1}, 1); }, {"indices"});
    expect_misuse<InvalidArgument>([&] { kernel(Range{lowest, highest, 2}, 1); }, {"9223372036854775808 indices"});
}

TEST_CASE("misuse: a scan over arrays of different sizes is refused, naming them") {
    const ScanKernel running_sum(context(), codegen::dtype_of<float>(), "float *x, float *y",
                                 {.input_expr = "x[i]",
                                  .scan_expr = "a + b",
                                  .neutral = "0",
                                  .output_statement = "y[i] = item"}, {.name = "misuse_running_sum"});
    const auto input = Array<float>::zeros(context(), two_to(20));
    const auto short_output = Array<float>::zeros(context(), 4);
    // The output statement wrote a million floats into 4.
    expect_misuse<InvalidArgument>([&] { running_sum(input, short_output); },
                                   {"ScanKernel 'misuse_running_sum'", "'x' has 1048576", "'y' has 4"});
    // The scan covers the first array's indices: a longer output was read short, silently.
    expect_misuse<InvalidArgument>([&] { running_sum(short_output, input); }, {"'x' has 4", "'y' has 1048576"});

    const ScanKernel weighted(context(), codegen::dtype_of<float>(), "float *x, float *w, float *y",
                              {.input_expr = "x[i] * w[i]",
                               .scan_expr = "a + b",
                               .neutral = "0",
                               .output_statement = "y[i] = item"}, {.name = "misuse_weighted"});
    const auto output = Array<float>::zeros(context(), two_to(20));
    // A short second input was read out of bounds.
    expect_misuse<InvalidArgument>([&] { weighted(input, short_output, output); }, {"'w' has 4"});
}

TEST_CASE("misuse: ScanOptions::any_size_arrays must name pointer arguments") {
    expect_misuse<InvalidArgument>(
        [] {
            ScanKernel(context(), codegen::dtype_of<int>(), "int *x, int *y, int k",
                       {.input_expr = "x[i]",
                        .scan_expr = "a + b",
                        .neutral = "0",
                        .output_statement = "y[i] = item"},
                       {.name = "misuse_any_size", .any_size_arrays = {"k"}});
        },
        {"ScanKernel 'misuse_any_size'", "any_size_arrays", "'k'"});
    expect_misuse<InvalidArgument>(
        [] {
            ScanKernel(context(), codegen::dtype_of<int>(), "int *x, int *y",
                       {.input_expr = "x[i]",
                        .scan_expr = "a + b",
                        .neutral = "0",
                        .output_statement = "y[i] = item"},
                       {.name = "misuse_any_size", .any_size_arrays = {"z"}});
        },
        {"'z'"});
    const ScanKernel all_exempt(context(), codegen::dtype_of<int>(), "int *x, int *y",
                                {.input_expr = "x[i]",
                                 .scan_expr = "a + b",
                                 .neutral = "0",
                                 .output_statement = "y[i] = item"},
                                {.name = "misuse_all_exempt", .any_size_arrays = {"x", "y"}});
    const auto x = Array<int>::zeros(context(), 8);
    expect_misuse<InvalidArgument>([&] { all_exempt(x, x); }, {"needs an array argument outside"});
}

TEST_CASE("misuse: an empty snippet of a reduction is refused, naming its field") {
    // A field left out of the designated initializers is empty too; -Wmissing-field-initializers
    // reports that at compile time where it is enabled, and this check at run time everywhere.
    expect_misuse<InvalidArgument>(
        [] {
            ReductionKernel<float>(context(), "float *x", {.map_expr = "", .reduce_expr = "a + b", .neutral = "0"},
                                   {.name = "misuse_no_map"});
        },
        {"ReductionKernel 'misuse_no_map'", "ReductionSnippets::map_expr is empty"});
    expect_misuse<InvalidArgument>(
        [] {
            ReductionKernel<float>(context(), "float *x", {.map_expr = "x[i]", .reduce_expr = "", .neutral = "0"},
                                   {.name = "misuse_no_reduce"});
        },
        {"ReductionKernel 'misuse_no_reduce'", "ReductionSnippets::reduce_expr is empty"});
    expect_misuse<InvalidArgument>(
        [] {
            ReductionKernel<float>(context(), "float *x", {.map_expr = "x[i]", .reduce_expr = "a + b", .neutral = ""},
                                   {.name = "misuse_no_neutral"});
        },
        {"ReductionKernel 'misuse_no_neutral'", "ReductionSnippets::neutral is empty"});
    // The untyped form, which the array expression system builds, checks the same.
    expect_misuse<InvalidArgument>(
        [] {
            detail::UntypedReductionKernel(context(), codegen::DType::float32(), "float *x",
                                           {.map_expr = "x[i]", .reduce_expr = "a + b", .neutral = ""});
        },
        {"ReductionKernel 'reduce'", "ReductionSnippets::neutral is empty"});
}

TEST_CASE("misuse: an empty snippet of a scan is refused, naming its field") {
    expect_misuse<InvalidArgument>(
        [] {
            ScanKernel(context(), codegen::dtype_of<int>(), "int *x, int *y",
                       {.input_expr = "x[i]", .scan_expr = "a + b", .neutral = "0", .output_statement = ""},
                       {.name = "misuse_no_output"});
        },
        {"ScanKernel 'misuse_no_output'", "ScanSnippets::output_statement is empty"});
}

TEST_CASE("misuse: elementwise kernels, reductions and algorithms refuse arrays of shapes that do not fit") {
    const auto x = Array<float>::zeros(context(), 1000);
    const auto y = Array<float>::zeros(context(), 10);
    const ElementwiseKernel copy(context(), "float *x, float *y", "y[i] = x[i]", {.name = "misuse_copy"});
    expect_misuse<InvalidArgument>([&] { copy(x, y); }, {"do not broadcast together", "'x' (1000,), 'y' (10,)"});
    const ReductionKernel<float> dot(context(), "float *x, float *y",
                                     {.map_expr = "x[i] * y[i]", .reduce_expr = "a + b", .neutral = "0"},
                                     {.name = "misuse_dot"});
    expect_misuse<InvalidArgument>([&] { dot(x, y); }, {"'x' has 1000", "'y' has 10"});
    expect_misuse<InvalidArgument>([&] { sort_by_key(x, y); }, {"1000 keys but 10 values"});
    expect_misuse<InvalidArgument>([&] { Array<float>(x + y); }, {"(1000,) (10,)"});
}

} // namespace rtcg::test
