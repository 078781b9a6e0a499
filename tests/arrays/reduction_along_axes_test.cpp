// ReductionKernel along axes: over random shapes up to 4-D, views with negative steps and arrays
// that broadcast together, each output against a fold on the host; keepdims, every axis, empty
// folds, `n`, other queues; and what a call along axes refuses.
#include "../support/expect_error.hpp"
#include "../support/random_rounds.hpp"
#include "../support/element_count.hpp"
#include "../support/test_context.hpp"

#include <rtcg/arrays/reduction.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

using rtcg::Along;
using rtcg::Array;
using rtcg::InvalidArgument;
using rtcg::ReductionKernel;
using rtcg::slice;
using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::element_count;
using rtcg::test::message_of;

namespace {

using Shape = std::vector<std::size_t>;

// The C-order coordinates of `flat` in `shape`.
std::vector<std::size_t> coordinates(std::size_t flat, const Shape& shape) {
    std::vector<std::size_t> at(shape.size());
    for (std::size_t k = shape.size(); k-- > 0;) {
        at[k] = flat % shape[k];
        flat /= shape[k];
    }
    return at;
}

// The C-order element of an array of `shape` (aligned to the right of `call`, broadcast where its
// extent is 1) at the call's coordinates `at`.
std::size_t broadcast_index(const std::vector<std::size_t>& at, const Shape& shape) {
    std::size_t index = 0;
    const std::size_t skip = at.size() - shape.size();
    for (std::size_t k = 0; k < shape.size(); ++k) index = index * shape[k] + (shape[k] == 1 ? 0 : at[skip + k]);
    return index;
}

// Folds map(x, y) over the flagged axes of `call` on the host: the result in C order of the kept axes.
template <class T, class Map>
std::vector<T> host_fold(const Shape& call, const std::vector<bool>& folded, Map map) {
    Shape kept;
    for (std::size_t k = 0; k < call.size(); ++k)
        if (!folded[k]) kept.push_back(call[k]);
    std::vector<T> out(element_count(kept), T{});
    for (std::size_t flat = 0; flat < element_count(call); ++flat) {
        const std::vector<std::size_t> at = coordinates(flat, call);
        std::size_t o = 0;
        for (std::size_t k = 0; k < call.size(); ++k)
            if (!folded[k]) o = o * call[k] + at[k];
        out[o] += map(at);
    }
    return out;
}

ReductionKernel<std::int64_t> dot_kernel() {
    return ReductionKernel<std::int64_t>(context(), "const long *x, const long *y",
                                         {.map_expr = "x[i] * y[i]", .reduce_expr = "a + b", .neutral = "0"},
                                         {.name = "dot_along"});
}

std::vector<std::int64_t> random_values(std::size_t n, std::mt19937& rng) {
    std::uniform_int_distribution<std::int64_t> pick(-50, 50);
    std::vector<std::int64_t> values(n);
    for (std::int64_t& v : values) v = pick(rng);
    return values;
}

} // namespace

TEST_CASE("along axes: random shapes, axes, broadcasts and reversed views against the host") {
    std::mt19937 rng(7);
    const ReductionKernel<std::int64_t> dot = dot_kernel();
    for (int round = 0; round < rtcg::test::random_rounds(24); ++round) {
        const std::size_t dims = 1 + rng() % 4;
        Shape call(dims);
        for (std::size_t& extent : call) extent = 1 + rng() % 7;
        // y broadcasts: a suffix of the call's axes, some of extent 1.
        Shape y_shape(call.begin() + static_cast<std::ptrdiff_t>(rng() % dims), call.end());
        for (std::size_t& extent : y_shape)
            if (rng() % 3 == 0) extent = 1;
        std::vector<bool> folded(dims);
        std::vector<int> axes;
        for (std::size_t k = 0; k < dims; ++k)
            if (rng() % 2) {
                folded[k] = true;
                axes.push_back(rng() % 2 ? static_cast<int>(k) : static_cast<int>(k) - static_cast<int>(dims));
            }
        const bool keepdims = rng() % 2;
        CAPTURE(round);

        // x is a reversed view of a larger array: its first axis doubled and stepped by -2.
        Shape stored = call;
        stored[0] *= 2;
        const std::vector<std::int64_t> x_stored = random_values(element_count(stored), rng);
        const std::vector<std::int64_t> y_values = random_values(element_count(y_shape), rng);
        const auto x_full = Array<std::int64_t>::to_device(context(), x_stored, stored);
        const auto x = x_full.index(std::vector<rtcg::Index>{slice(rtcg::none, rtcg::none, -2)});
        const auto y = Array<std::int64_t>::to_device(context(), y_values, y_shape);

        const Array<std::int64_t> got = dot(Along{.axes = rtcg::Axes(axes), .keepdims = keepdims}, x, y);
        const std::vector<std::int64_t> expected = host_fold<std::int64_t>(call, folded, [&](const auto& at) {
            std::vector<std::size_t> stored_at = at;
            stored_at[0] = stored[0] - 1 - 2 * at[0];
            return x_stored[broadcast_index(stored_at, stored)] * y_values[broadcast_index(at, y_shape)];
        });
        Shape shape;
        for (std::size_t k = 0; k < dims; ++k)
            if (!folded[k]) shape.push_back(call[k]);
            else if (keepdims) shape.push_back(1);
        CHECK(got.shape() == shape);
        CHECK(got.get() == expected);
    }
}

TEST_CASE("along axes: every axis, n, empty folds, empty outputs and another queue") {
    const ReductionKernel<std::int64_t> dot = dot_kernel();
    const auto x = Array<std::int64_t>::arange(context(), 0, 24).reshape({2, 3, 4});
    const auto ones = Array<std::int64_t>::full(context(), std::vector<std::size_t>{4}, 1);

    const Array<std::int64_t> all = dot(Along{}, x, ones);
    CHECK(all.ndim() == 0);
    CHECK(all.item() == 276);

    // n counts the elements folded into each output: here a mean, in double.
    const ReductionKernel<double> mean(context(), "const long *x",
                                       {.map_expr = "(double)x[i] / n", .reduce_expr = "a + b", .neutral = "0"},
                                       {.name = "mean_along"});
    CHECK(mean(Along{.axes = {0, 2}}, x).get() == std::vector<double>{7.5, 11.5, 15.5});

    // Nothing to fold: each output is the neutral element.
    const auto empty_axis = Array<std::int64_t>::zeros(context(), std::vector<std::size_t>{3, 0});
    CHECK(dot(Along{.axes = 1}, empty_axis, empty_axis).get() == std::vector<std::int64_t>{0, 0, 0});
    // No outputs: an empty result, nothing launched.
    CHECK(dot(Along{.axes = 1}, empty_axis.T(), empty_axis.T()).shape() == Shape{0});

    rtcg::Queue side = context().create_queue();
    context().queue().finish();
    const Array<std::int64_t> rows = dot(side, Along{.axes = -1, .keepdims = true}, x, x);
    side.finish();
    CHECK(rows.shape() == Shape{2, 3, 1});
    CHECK(rows.get() == std::vector<std::int64_t>{14, 126, 366, 734, 1230, 1854});
}

TEST_CASE("along axes: maps that index otherwise, bad axes, shapes and names are refused") {
    const auto x = Array<float>::zeros(context(), std::vector<std::size_t>{3, 4});
    const auto along = [&](const char* arguments, const char* map) {
        return message_of<InvalidArgument>([&] {
            ReductionKernel<float>(context(), arguments, {.map_expr = map, .reduce_expr = "a + b", .neutral = "0"},
                                   {.name = "refused"})(Along{.axes = 1}, x);
        });
    };
    CHECK(contains(along("const float *x", "x[i + 1]"), "uses the array 'x' other than as x[i]"));
    CHECK(contains(along("const float *x", "x[i] * i"), "uses i other than"));
    CHECK(contains(along("const float *x", "*x"), "other than as x[i]"));
    CHECK(contains(along("const float *x", "x[0]"), "other than as x[i]"));

    const ReductionKernel<float> sum(context(), "const float *x",
                                     {.map_expr = "x[i]", .reduce_expr = "a + b", .neutral = "0"}, {.name = "sum_along"});
    CHECK(contains(message_of<InvalidArgument>([&] { sum(Along{.axes = 2}, x); }), "axis 2 is out of bounds"));
    CHECK(contains(message_of<InvalidArgument>([&] { sum(Along{.axes = {1, -1}}, x); }), "named twice"));

    const ReductionKernel<float> pair(context(), "const float *x, const float *y",
                                      {.map_expr = "x[i] + y[i]", .reduce_expr = "a + b", .neutral = "0"},
                                      {.name = "pair_along"});
    const auto y = Array<float>::zeros(context(), std::vector<std::size_t>{3});
    CHECK(contains(message_of<InvalidArgument>([&] { pair(Along{.axes = 0}, x, y); }), "(3, 4)"));

    const ReductionKernel<float> shadowing(context(), "const float *x, long x_reduced0",
                                           {.map_expr = "x[i] * x_reduced0", .reduce_expr = "a + b", .neutral = "0"},
                                           {.name = "shadowing"});
    CHECK(contains(message_of<InvalidArgument>([&] { shadowing(Along{.axes = 0}, x, 2L); }), "'x_reduced0' is taken"));
}
