// ReductionKernel on the device against host references: sums of every size and element type,
// max and min, the papers' dot product, preamble functions, views, ranges, scalar arguments,
// 64-bit indices, DeviceScalar, and one compile however often an equal kernel is built. Every
// kernel's CUDA source is compiled by NVRTC too.
#include "../support/test_context.hpp"
#include "../support/type_names.hpp"
#include "array_test_support.hpp"
#include "reduction_test_support.hpp"

#include <rtcg/arrays/reduction.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using rtcg::Array;
using rtcg::DeviceScalar;
using rtcg::Range;
using rtcg::ReductionKernel;
using rtcg::codegen::Dialect;
using rtcg::test::array_sizes;
using rtcg::test::close_to;
using rtcg::test::compiles_for_cuda;
using rtcg::test::context;

namespace {

template <class T>
ReductionKernel<T> sum_kernel() {
    return ReductionKernel<T>(context(), rtcg::test::type_name<T>(Dialect::opencl) + " *x",
                              {.map_expr = "x[i]", .reduce_expr = "a+b", .neutral = "0"}, {.name = "sum"});
}

ReductionKernel<float> max_kernel() {
    return ReductionKernel<float>(context(), "float *x",
                                  {.map_expr = "x[i]", .reduce_expr = "a > b ? a : b", .neutral = "-INFINITY"},
                                  {.name = "maximum", .preamble = rtcg::test::infinity_preamble});
}

ReductionKernel<float> min_kernel() {
    return ReductionKernel<float>(context(), "float *x",
                                  {.map_expr = "x[i]", .reduce_expr = "a < b ? a : b", .neutral = "INFINITY"},
                                  {.name = "minimum", .preamble = rtcg::test::infinity_preamble});
}

ReductionKernel<float> dot_kernel() {
    return ReductionKernel<float>(context(), "float *x, float *y",
                                  {.map_expr = "x[i]*y[i]", .reduce_expr = "a+b", .neutral = "0"}, {.name = "dot"});
}

std::vector<float> other_values(std::size_t n) {
    std::vector<float> y(n);
    for (std::size_t k = 0; k < n; ++k) y[k] = static_cast<float>(k % 13) * 0.5f - 3;
    return y;
}

} // namespace

TEST_CASE_TEMPLATE("sums at every size", T, std::int32_t, std::int64_t, float, double) {
    const ReductionKernel<T> sum = sum_kernel<T>();
    compiles_for_cuda(sum);
    for (std::size_t n : array_sizes) {
        CAPTURE(n);
        const std::vector<T> x = rtcg::test::values<T>(n);
        const DeviceScalar<T> result = sum(Array<T>::to_device(context(), x));
        if constexpr (std::is_integral_v<T>) {
            T expected = 0;
            for (T v : x) expected += v;
            CHECK(result.get() == expected);
        } else {
            double expected = 0, magnitudes = 0;
            for (T v : x) expected += v, magnitudes += std::abs(static_cast<double>(v));
            CHECK(close_to(result.get(), expected, magnitudes));
        }
    }
}

TEST_CASE("a reduction of a 10,000-character name runs") {
    const ReductionKernel<std::int64_t> sum(context(), "long *x",
                                            {.map_expr = "x[i]", .reduce_expr = "a+b", .neutral = "0"},
                                            {.name = "long_" + std::string(10'000, 'r')});
    compiles_for_cuda(sum);
    const std::vector<std::int64_t> x = rtcg::test::values<std::int64_t>(1000);
    std::int64_t expected = 0;
    for (std::int64_t v : x) expected += v;
    CHECK(sum(Array<std::int64_t>::to_device(context(), x)).get() == expected);
}

TEST_CASE("max and min, with the infinities as neutral elements") {
    const ReductionKernel<float> maximum = max_kernel();
    const ReductionKernel<float> minimum = min_kernel();
    compiles_for_cuda(maximum);
    compiles_for_cuda(minimum);
    for (std::size_t n : array_sizes) {
        CAPTURE(n);
        std::vector<float> x = rtcg::test::values<float>(n);
        // The extremes anywhere, the last index included.
        if (n > 2) x[n / 3] = 5000.5f, x[n - 1] = -7000.25f;
        const auto x_gpu = Array<float>::to_device(context(), x);
        float highest = -std::numeric_limits<float>::infinity(), lowest = std::numeric_limits<float>::infinity();
        for (float v : x) highest = std::max(highest, v), lowest = std::min(lowest, v);
        CHECK(maximum(x_gpu).get() == highest);
        CHECK(minimum(x_gpu).get() == lowest);
    }
}

TEST_CASE("the papers' dot product, and a map through preamble functions") {
    const ReductionKernel<float> dot = dot_kernel();
    const ReductionKernel<double> norm_squared(
        context(), "float *x", {.map_expr = "squared(x[i])", .reduce_expr = "a+b", .neutral = "0"},
        {.name = "norm2", .preamble = "RTCG_DEVICE double squared(float v) { return (double)v * v; }"});
    compiles_for_cuda(dot);
    compiles_for_cuda(norm_squared);
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{129}, std::size_t{15391}, std::size_t{1} << 20}) {
        CAPTURE(n);
        const std::vector<float> x = rtcg::test::values<float>(n);
        const std::vector<float> y = other_values(n);
        double expected = 0, magnitudes = 0, squares = 0;
        for (std::size_t k = 0; k < n; ++k) {
            expected += static_cast<double>(x[k]) * y[k];
            magnitudes += std::abs(static_cast<double>(x[k]) * y[k]);
            squares += static_cast<double>(x[k]) * x[k];
        }
        const auto x_gpu = Array<float>::to_device(context(), x);
        CHECK(close_to(dot(x_gpu, Array<float>::to_device(context(), y)).get(), expected, magnitudes));
        CHECK(close_to(norm_squared(x_gpu).get(), squares, squares));
    }
}

TEST_CASE("views reduce their own elements, wherever they start") {
    const ReductionKernel<std::int64_t> sum = sum_kernel<std::int64_t>();
    const ReductionKernel<float> dot = dot_kernel();
    const std::size_t n = 20000;
    const auto x = Array<std::int64_t>::arange(context(), 0, static_cast<std::int64_t>(n));
    const auto f = Array<float>::to_device(context(), other_values(n));
    for (const auto& [start, stop] : {std::pair{0, 1}, std::pair{3, 4}, std::pair{5, 5}, std::pair{17, 9000},
                                      std::pair{1, 20000}}) {
        CAPTURE(start);
        CAPTURE(stop);
        const auto first = static_cast<std::int64_t>(start), last = static_cast<std::int64_t>(stop) - 1;
        CHECK(sum(x(rtcg::slice(start, stop))).get() == (first + last) * (last - first + 1) / 2);
    }
    // Two views of one array at different offsets: f[k] * f[k + 7].
    const std::vector<float> host = other_values(n);
    double expected = 0;
    for (std::size_t k = 0; k + 7 < n; ++k) expected += static_cast<double>(host[k]) * host[k + 7];
    CHECK(close_to(dot(f(rtcg::slice(0, n - 7)), f(rtcg::slice(7, n))).get(), expected, 3.0 * 3.0 * n));
    // A reshaped array is reduced over all of its elements.
    CHECK(sum(x.reshape({100, 200})).get() == static_cast<std::int64_t>(n * (n - 1) / 2));
}

TEST_CASE("ranges reduce over their indices only, forwards and backwards") {
    const ReductionKernel<std::int64_t> sum = sum_kernel<std::int64_t>();
    for (std::size_t n : {std::size_t{1}, std::size_t{33}, std::size_t{15391}}) {
        CAPTURE(n);
        const auto count = static_cast<std::int64_t>(n);
        const auto x = Array<std::int64_t>::arange(context(), 0, count);
        for (const Range range : {Range{0, count, 1}, Range{1, count, 3}, Range{count - 1, -1, -1},
                                  Range{count - 1, 0, -2}, Range{0, 0, 1}}) {
            CAPTURE(range.start);
            CAPTURE(range.step);
            std::int64_t expected = 0;
            for (std::size_t k = 0; k < range.size(); ++k) expected += range.at(k);
            CHECK(sum(range, x).get() == expected);
        }
    }
}

TEST_CASE("scalar arguments, and indices beyond 32 bits") {
    const ReductionKernel<std::int64_t> scaled(context(), "long scale, int *x",
                                               {.map_expr = "scale * x[i]", .reduce_expr = "a+b", .neutral = "0"},
                                               {.name = "scaled_sum"});
    const auto x = Array<std::int32_t>::arange(context(), 0, 1000);
    CHECK(scaled(std::int64_t{3}, x).get() == 3 * 999 * 1000 / 2);
    CHECK(scaled(-2, x).get() == -2 * 999 * 1000 / 2);

    // With no array, a Range says which indices to cover; i is 64-bit however large.
    const ReductionKernel<std::int64_t> index_sum(
        context(), "long base", {.map_expr = "i - base", .reduce_expr = "a+b", .neutral = "0"}, {.name = "index_sum"});
    compiles_for_cuda(index_sum);
    const std::int64_t base = std::int64_t{1} << 40;
    CHECK(index_sum(Range{base, base + 5000, 1}, base).get() == 4999 * 5000 / 2);
    const std::int64_t step = std::int64_t{1} << 33;
    CHECK(index_sum(Range{0, 1000 * step, step}, std::int64_t{0}).get() == step * (999 * 1000 / 2));
    // At both ends of the index type, walking towards the end: the kernel steps past it unharmed.
    const std::int64_t highest = std::numeric_limits<std::int64_t>::max();
    const std::int64_t lowest = std::numeric_limits<std::int64_t>::min();
    CHECK(index_sum(Range{highest - 10, highest, 1}, highest - 10).get() == 45);
    CHECK(index_sum(Range{lowest + 10, lowest, -1}, lowest).get() == 55);
}

TEST_CASE("a DeviceScalar is a 0-dimensional array") {
    const ReductionKernel<std::int32_t> sum = sum_kernel<std::int32_t>();
    const DeviceScalar<std::int32_t> total = sum(Array<std::int32_t>::to_device(context(), {1, 2, 3}));
    const Array<std::int32_t>& array = total;
    CHECK(array.shape().empty());
    CHECK(array.size() == 1);
    CHECK(&total.array() == &array);
    CHECK(array.get() == std::vector<std::int32_t>{6});
    std::ostringstream printed;
    printed << total;
    CHECK(printed.str() == "6");
    CHECK_THROWS_AS(DeviceScalar<std::int32_t>(Array<std::int32_t>::zeros(context(), 1)), rtcg::InvalidArgument);
}

TEST_CASE("an equal kernel built again compiles nothing") {
    const ReductionKernel first = sum_kernel<double>();
    const rtcg::CompileCacheStats before = rtcg::compile_cache_stats();
    const ReductionKernel second = sum_kernel<double>();
    const rtcg::CompileCacheStats after = rtcg::compile_cache_stats();
    CHECK(after.compiles == before.compiles);
    CHECK(after.memory_hits == before.memory_hits); // not even a lookup of the source in core's memo
    CHECK(after.disk_hits == before.disk_hits);
    CHECK(second(Array<double>::to_device(context(), {0.5, 0.25})).get() == 0.75);
}

// Where the first pass's last group folds (targets with warp primitives), every queue counts its groups on a word of its
// own: sums queued on three queues at once, none read before all are queued, must not mix.
TEST_CASE("sums queued on several queues at once each give their own result") {
    const ReductionKernel<std::int64_t> sum = sum_kernel<std::int64_t>();
    constexpr std::size_t n = (1u << 20) + 5; // many groups
    constexpr std::size_t calls = 12;
    std::vector<rtcg::Queue> queues;
    for (int q = 0; q < 3; ++q) queues.push_back(context().create_queue());
    std::vector<Array<std::int64_t>> inputs;
    std::vector<std::int64_t> expected;
    for (std::size_t call = 0; call < calls; ++call) {
        const auto value = static_cast<std::int64_t>(call) + 1;
        std::vector<std::int64_t> x(n, value);
        x[call] = -1000 * (value - 1);
        expected.push_back(static_cast<std::int64_t>(n - 1) * value - 1000 * (value - 1));
        inputs.push_back(Array<std::int64_t>::to_device(context(), x));
    }
    std::vector<DeviceScalar<std::int64_t>> results;
    for (std::size_t call = 0; call < calls; ++call) results.push_back(sum(queues[call % 3], inputs[call]));
    for (rtcg::Queue& queue : queues) queue.finish();
    for (std::size_t call = 0; call < calls; ++call) {
        CAPTURE(call);
        CHECK(results[call].get() == expected[call]);
    }
}

// One launch where the target has warp primitives (their device-scope fence orders each group's
// partial before its count), two elsewhere: the configuration says whether the last group folds,
// and the fence appears in the source only where it does.
TEST_CASE("the last group folds the partials only where the target has warp primitives") {
    const ReductionKernel<double> sum = sum_kernel<double>();
    for (const rtcg::codegen::Target target :
         {rtcg::codegen::Target{Dialect::cuda}, rtcg::codegen::Target{Dialect::opencl, true},
          rtcg::codegen::Target{Dialect::opencl, false}}) {
        CAPTURE(rtcg::codegen::to_string(target.dialect));
        CAPTURE(target.warp_primitives);
        const std::string source = sum.source(target);
        CHECK((source.find("#define RTCG_REDUCE_LAST_GROUP_FOLDS 1") != std::string::npos) == target.warp_primitives);
        CHECK((source.find("rtcg_fence_acq_rel_device();") != std::string::npos) == target.warp_primitives);
    }
}
