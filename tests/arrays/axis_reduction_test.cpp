// Reductions along axes (rtcg/arrays/axis_reductions.hpp) against a host reference: random shapes
// up to 5-D and random axis sets, over contiguous, strided, transposed and broadcast operands and
// fused expressions, for each reduction and the element types it takes; keepdims, result types,
// initial values, NaN rules, first-occurrence indices, empty reductions and shapes that exercise
// every kernel (rows, columns, segments, slices folded by a second pass); the errors numpy raises.
#include "../support/expect_error.hpp"
#include "../support/random_rounds.hpp"
#include "../support/strided_reference.hpp"
#include "../support/test_context.hpp"
#include "array_test_support.hpp"

#include <rtcg/arrays/axis_reductions.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

namespace {

using rtcg::Array;
using rtcg::ReduceOptions;
using rtcg::test::context;
using rtcg::test::HostStrided;

// The elements of each output, outputs in C order over the kept axes, each output's elements in C
// order over the reduced ones.
template <class T>
std::vector<std::vector<T>> groups_of(const std::vector<T>& values, const std::vector<std::size_t>& shape,
                                      const std::vector<bool>& folded) {
    std::size_t outputs = 1;
    for (std::size_t k = 0; k < shape.size(); ++k)
        if (!folded[k]) outputs *= shape[k];
    std::vector<std::vector<T>> groups(outputs);
    for (std::size_t flat = 0; flat < values.size(); ++flat) {
        std::size_t rest = flat, o = 0, o_step = 1;
        for (std::size_t k = shape.size(); k-- > 0;) {
            const std::size_t c = rest % shape[k];
            rest /= shape[k];
            if (!folded[k]) {
                o += c * o_step;
                o_step *= shape[k];
            }
        }
        groups[o].push_back(values[flat]);
    }
    return groups;
}

std::vector<bool> flags(const std::vector<std::size_t>& shape, const std::vector<int>& axes) {
    std::vector<bool> folded(shape.size(), false);
    for (int a : axes) folded[static_cast<std::size_t>(a < 0 ? a + static_cast<int>(shape.size()) : a)] = true;
    return folded;
}

std::vector<std::size_t> result_shape(const std::vector<std::size_t>& shape, const std::vector<bool>& folded,
                                      bool keepdims) {
    std::vector<std::size_t> out;
    for (std::size_t k = 0; k < shape.size(); ++k)
        if (!folded[k]) out.push_back(shape[k]);
        else if (keepdims) out.push_back(1);
    return out;
}

// A random axis set of `ndim` axes, some negative.
std::vector<int> random_axes(std::mt19937& random, std::size_t ndim) {
    std::vector<int> axes;
    for (std::size_t k = 0; k < ndim; ++k)
        if (random() % 2) axes.push_back(random() % 2 ? static_cast<int>(k) : static_cast<int>(k) - static_cast<int>(ndim));
    std::shuffle(axes.begin(), axes.end(), random);
    return axes;
}

template <class T>
T small_value(std::mt19937& random) {
    if constexpr (std::is_same_v<T, bool>) return random() % 3 != 0;
    else if constexpr (std::is_floating_point_v<T>) return static_cast<T>(static_cast<int>(random() % 41) - 20) / T(4);
    else if constexpr (std::is_unsigned_v<T>) return static_cast<T>(random() % 7);
    else return static_cast<T>(static_cast<int>(random() % 13) - 6);
}

// A random operand of `shape`: contiguous, every other element of a larger array with odd axes
// reversed, or that transposed; the values in C order over `shape` beside it.
template <class T>
std::pair<Array<T>, std::vector<T>> random_operand(std::mt19937& random, const std::vector<std::size_t>& shape) {
    const int kind = static_cast<int>(random() % 3);
    std::vector<std::size_t> order(shape.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    if (kind == 2) std::shuffle(order.begin(), order.end(), random);
    // The base's axes are the view's in `order`, before the transpose puts them back.
    std::vector<std::size_t> base_shape(shape.size());
    for (std::size_t k = 0; k < shape.size(); ++k) base_shape[k] = kind == 0 ? shape[order[k]] : 2 * shape[order[k]] + 1;
    std::size_t n = 1;
    for (std::size_t e : base_shape) n *= e;
    std::vector<T> values(n);
    for (T& v : values) v = small_value<T>(random);
    Array<T> view = Array<T>::to_device(context(), values, base_shape);
    HostStrided<T> host = HostStrided<T>::packed(values, base_shape);
    if (kind != 0) {
        std::vector<rtcg::Index> index;
        std::vector<rtcg::test::HostIndexItem> items;
        for (std::size_t k = 0; k < base_shape.size(); ++k) {
            const auto twice = static_cast<std::int64_t>(base_shape[k] - 1);
            rtcg::test::HostIndexItem item{rtcg::test::HostIndexItem::Kind::slice, 0, {}, {}, {}};
            item.start = k % 2 ? twice : 0;
            item.stop = k % 2 ? 0 : twice;
            item.step = k % 2 ? -2 : 2;
            items.push_back(item);
            index.emplace_back(rtcg::Slice{item.start, item.stop, item.step});
        }
        view = view.index(index);
        host = rtcg::test::host_index(host, items);
        // Axis j of the result is the base's axis k with order[k] == j.
        std::vector<std::size_t> back(shape.size());
        for (std::size_t k = 0; k < shape.size(); ++k) back[order[k]] = k;
        view = view.transpose(std::vector<std::int64_t>(back.begin(), back.end()));
        host = rtcg::test::host_transpose(host, back);
    }
    REQUIRE(view.shape() == shape);
    return {view, host.values()};
}

std::vector<std::size_t> random_shape(std::mt19937& random) {
    std::vector<std::size_t> shape(random() % 6);
    for (std::size_t& e : shape) e = random() % 5 + (random() % 8 == 0 ? 0 : 1);
    return shape;
}

template <class T>
void check_close(const std::vector<T>& got, const std::vector<T>& expected) {
    REQUIRE(got.size() == expected.size());
    for (std::size_t k = 0; k < got.size(); ++k) {
        CAPTURE(k);
        if constexpr (std::is_floating_point_v<T>) {
            if (std::isnan(expected[k])) CHECK(std::isnan(got[k]));
            else CHECK(static_cast<double>(got[k]) == doctest::Approx(static_cast<double>(expected[k])).epsilon(1e-5));
        } else {
            CHECK(got[k] == expected[k]);
        }
    }
}

template <class T>
void check_random_reductions(std::uint32_t seed) {
    std::mt19937 random(seed);
    using S = rtcg::expr::type_of_t<rtcg::expr::sum_type(rtcg::expr::code_of<T>())>;
    using M = rtcg::expr::type_of_t<rtcg::detail::mean_type(rtcg::expr::code_of<T>())>;
    for (int round = 0; round < rtcg::test::random_rounds(4); ++round) {
        const std::vector<std::size_t> shape = random_shape(random);
        const auto [x, values] = random_operand<T>(random, shape);
        const bool every = random() % 5 == 0;
        const std::vector<int> axes = every ? std::vector<int>{} : random_axes(random, shape.size());
        std::vector<int> all_axes(shape.size());
        std::iota(all_axes.begin(), all_axes.end(), 0);
        const std::vector<bool> folded = flags(shape, every ? all_axes : axes);
        const bool keepdims = random() % 2;
        const ReduceOptions options{.axes = every ? rtcg::Axes{} : rtcg::Axes(axes), .keepdims = keepdims};
        CAPTURE(rtcg::detail::shape_text(shape));
        CAPTURE(axes.size());
        CAPTURE(every);
        CAPTURE(keepdims);
        const auto groups = groups_of(values, shape, folded);
        const auto out_shape = result_shape(shape, folded, keepdims);

        const Array<S> s = rtcg::sum(x, options);
        CHECK(s.shape() == out_shape);
        std::vector<S> sums, prods;
        std::vector<M> means;
        std::vector<bool> alls, anys;
        for (const auto& g : groups) {
            S total = 0, product = 1;
            for (const T v : g) {
                total = static_cast<S>(total + static_cast<S>(v));
                product = static_cast<S>(product * static_cast<S>(v));
            }
            sums.push_back(total);
            prods.push_back(product);
            means.push_back(static_cast<M>(static_cast<double>(total) / static_cast<double>(g.size())));
            alls.push_back(std::all_of(g.begin(), g.end(), [](T v) { return v != T(0); }));
            anys.push_back(std::any_of(g.begin(), g.end(), [](T v) { return v != T(0); }));
        }
        check_close(s.get(), sums);
        check_close(rtcg::prod(x, options).get(), prods);
        check_close(rtcg::mean(x, options).get(), means);
        CHECK(rtcg::all(x, options).get() == alls);
        CHECK(rtcg::any(x, options).get() == anys);
        const bool empty = std::any_of(groups.begin(), groups.end(), [](const auto& g) { return g.empty(); });
        if (!empty) {
            std::vector<T> mins, maxs;
            for (const auto& g : groups) {
                mins.push_back(*std::min_element(g.begin(), g.end()));
                maxs.push_back(*std::max_element(g.begin(), g.end()));
            }
            check_close(rtcg::min(x, options).get(), mins);
            check_close(rtcg::max(x, options).get(), maxs);
        } else if (!groups.empty()) {
            CHECK_THROWS_AS(rtcg::min(x, options), rtcg::InvalidArgument);
        }
    }
}

} // namespace

TEST_CASE("axis reductions: random shapes, axes and layouts, against the host") {
    check_random_reductions<float>(1);
    check_random_reductions<double>(2);
    check_random_reductions<std::int32_t>(3);
    check_random_reductions<std::uint8_t>(4);
}

TEST_CASE("axis reductions: bool operands sum to int64 and any/all fold them") {
    const auto x = Array<bool>::to_device(context(), std::vector<bool>{true, false, true, true, true, true}, {2, 3});
    CHECK(rtcg::sum(x, {.axes = 1}).get() == std::vector<std::int64_t>{2, 3});
    CHECK(rtcg::all(x, {.axes = 1}).get() == std::vector<bool>{false, true});
    CHECK(rtcg::any(x, {.axes = 0}).get() == std::vector<bool>{true, true, true});
}

TEST_CASE("axis reductions: a fused expression over broadcast operands is the map") {
    std::mt19937 random(7);
    for (int round = 0; round < 4; ++round) {
        std::vector<std::size_t> shape(random() % 4 + 1);
        for (std::size_t& e : shape) e = random() % 4 + 1;
        std::vector<std::size_t> y_shape = shape;
        for (std::size_t& e : y_shape)
            if (random() % 2) e = 1;
        const auto [x, xv] = random_operand<float>(random, shape);
        const auto [y, yv_own] = random_operand<float>(random, y_shape);
        const std::vector<int> axes = random_axes(random, shape.size());
        const std::vector<bool> folded = flags(shape, axes);
        std::vector<double> products;
        const HostStrided<float> y_host = HostStrided<float>::packed(yv_own, y_shape);
        for (std::size_t k = 0; k < xv.size(); ++k)
            products.push_back(double(xv[k]) * double(rtcg::test::broadcast_element(y_host, shape, k)) + 1.0);
        std::vector<double> expected;
        for (const auto& g : groups_of(products, shape, folded)) expected.push_back(std::accumulate(g.begin(), g.end(), 0.0));
        const Array<double> got = rtcg::sum<double>(x * y + 1.0f, {.axes = rtcg::Axes(axes)});
        check_close(got.get(), expected);
    }
}

TEST_CASE("axis reductions: long rows and columns, few and many outputs (segments, slices, second pass)") {
    for (const std::vector<std::size_t>& shape :
         std::vector<std::vector<std::size_t>>{{3, 20000}, {20000, 3}, {1, 70001}, {70001}, {5, 300, 7}, {257, 129}, {2, 3000, 2}}) {
        const std::size_t n = std::accumulate(shape.begin(), shape.end(), std::size_t{1}, std::multiplies<>());
        std::vector<std::int32_t> values(n);
        for (std::size_t k = 0; k < n; ++k) values[k] = static_cast<std::int32_t>((k * 7919) % 1001) - 500;
        const auto x = Array<std::int32_t>::to_device(context(), values, shape);
        for (int axis = 0; axis < static_cast<int>(shape.size()); ++axis) {
            CAPTURE(rtcg::detail::shape_text(shape));
            CAPTURE(axis);
            const auto groups = groups_of(values, shape, flags(shape, {axis}));
            std::vector<std::int64_t> sums;
            std::vector<std::int32_t> maxs;
            std::vector<std::int64_t> argmaxs;
            for (const auto& g : groups) {
                sums.push_back(std::accumulate(g.begin(), g.end(), std::int64_t{0}));
                const auto best = std::max_element(g.begin(), g.end());
                maxs.push_back(*best);
                argmaxs.push_back(best - g.begin());
            }
            CHECK(rtcg::sum(x, {.axes = axis}).get() == sums);
            CHECK(rtcg::max(x, {.axes = axis}).get() == maxs);
            CHECK(rtcg::argmax(x, {.axes = axis}).get() == argmaxs);
        }
        CHECK(rtcg::sum(x, {}).get() == std::vector<std::int64_t>{std::accumulate(values.begin(), values.end(), std::int64_t{0})});
    }
}

TEST_CASE("axis reductions: argmin and argmax give the first extreme, a NaN first") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const auto x = Array<float>::to_device(context(), std::vector<float>{1, 5, 5, 0, 0, 2, nan, 3, nan, 7, -1, 7}, {3, 4});
    CHECK(rtcg::argmax(x, {.axes = 1}).get() == std::vector<std::int64_t>{1, 2, 0});
    CHECK(rtcg::argmin(x, {.axes = 1}).get() == std::vector<std::int64_t>{3, 2, 0});
    CHECK(rtcg::argmax(x, {.axes = 0}).get() == std::vector<std::int64_t>{2, 2, 1, 2});
    CHECK(rtcg::argmax(x, {}).get() == std::vector<std::int64_t>{6});
    CHECK(rtcg::argmax(x.T(), {.axes = 0}).get() == std::vector<std::int64_t>{1, 2, 0});
    const auto ties = Array<std::int32_t>::to_device(context(), std::vector<std::int32_t>(1000, 4), {10, 100});
    CHECK(rtcg::argmin(ties, {.axes = 1}).get() == std::vector<std::int64_t>(10, 0));
    CHECK(rtcg::argmax(ties, {.axes = 0, .keepdims = true}).shape() == std::vector<std::size_t>{1, 100});
}

TEST_CASE("axis reductions: min and max propagate NaN; initial folds in once") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const auto x = Array<float>::to_device(context(), std::vector<float>{1, nan, 3, 4, 5, 6}, {2, 3});
    const std::vector<float> mins = rtcg::min(x, {.axes = 1}).get();
    CHECK(std::isnan(mins[0]));
    CHECK(mins[1] == 4);
    CHECK(std::isnan(rtcg::max(x, {.axes = 0}).get()[1]));
    CHECK(rtcg::max(x, {.axes = 1, .initial = 10.0f}).get()[1] == 10);
    CHECK(rtcg::sum(x, {.axes = 0, .initial = 100.0f}).get()[2] == 109);
    const auto empty = Array<float>::empty(context(), std::vector<std::size_t>{3, 0});
    CHECK(rtcg::sum(empty, {.axes = 1}).get() == std::vector<float>(3, 0));
    CHECK(rtcg::prod(empty, {.axes = 1}).get() == std::vector<float>(3, 1));
    CHECK(rtcg::min(empty, {.axes = 1, .initial = 2.5f}).get() == std::vector<float>(3, 2.5f));
    CHECK(std::isnan(rtcg::mean(empty, {.axes = 1}).get()[0]));
    CHECK(rtcg::sum(empty, {.axes = 0}).get().empty());
    const std::string message = rtcg::test::message_of<rtcg::InvalidArgument>([&] { (void)rtcg::max(empty, {.axes = 1}); });
    CHECK(rtcg::test::contains(message, "rtcg::max"));
    CHECK(rtcg::test::contains(message, "(3, 0)"));
    CHECK_THROWS_AS(rtcg::argmax(empty, {.axes = 1}), rtcg::InvalidArgument);
}

TEST_CASE("axis reductions: result types, no axes, 0-dimensional results") {
    const auto x = Array<std::int32_t>::to_device(context(), std::vector<std::int32_t>{2147483647, 1, 2, 3}, {2, 2});
    CHECK(rtcg::sum(x, {.axes = 1}).get() == std::vector<std::int64_t>{2147483648LL, 5});
    CHECK(rtcg::sum<std::int32_t>(x, {.axes = 1}).get()[1] == 5);
    CHECK(rtcg::mean(x, {.axes = 0}).get() == std::vector<double>{1073741824.5, 2.0});
    CHECK(rtcg::sum<double>(x, {.axes = rtcg::Axes(std::vector<int>{})}).get() == std::vector<double>{2147483647, 1, 2, 3});
    const Array<std::int64_t> whole = rtcg::sum(x, {});
    CHECK(whole.shape().empty());
    CHECK(whole.get() == std::vector<std::int64_t>{2147483653LL});
    CHECK(rtcg::sum(x, {.keepdims = true}).shape() == std::vector<std::size_t>{1, 1});
}

TEST_CASE("axis reductions: var, std and ptp") {
    std::mt19937 random(11);
    for (int round = 0; round < 3; ++round) {
        const std::vector<std::size_t> shape{random() % 4 + 1, random() % 5 + 2, random() % 3 + 1};
        const auto [x, values] = random_operand<double>(random, shape);
        const std::vector<int> axes = random() % 2 ? std::vector<int>{0, 2} : std::vector<int>{1};
        const std::size_t ddof = random() % 2;
        std::vector<double> vars, ptps;
        for (const auto& g : groups_of(values, shape, flags(shape, axes))) {
            const double m = std::accumulate(g.begin(), g.end(), 0.0) / double(g.size());
            double squares = 0;
            for (double v : g) squares += (v - m) * (v - m);
            vars.push_back(squares / (double(g.size()) - double(ddof)));
            ptps.push_back(*std::max_element(g.begin(), g.end()) - *std::min_element(g.begin(), g.end()));
        }
        const ReduceOptions options{.axes = rtcg::Axes(axes), .ddof = ddof};
        check_close(rtcg::var(x, options).get(), vars);
        std::vector<double> stds(vars);
        for (double& v : stds) v = std::sqrt(v);
        check_close(rtcg::std(x, options).get(), stds);
        check_close(rtcg::ptp(x, options).get(), ptps);
    }
    const auto ints = Array<std::int16_t>::to_device(context(), std::vector<std::int16_t>{1, 2, 3, 4}, {4});
    CHECK(rtcg::var(ints, {}).get() == std::vector<double>{1.25});
}

TEST_CASE("axis reductions: bad axes and options are InvalidArgument naming them") {
    const auto x = Array<float>::to_device(context(), std::vector<float>(24, 1.0f), {2, 3, 4});
    const std::string out_of_range = rtcg::test::message_of<rtcg::InvalidArgument>([&] { (void)rtcg::sum(x, {.axes = 3}); });
    CHECK(rtcg::test::contains(out_of_range, "axis 3"));
    CHECK(rtcg::test::contains(out_of_range, "(2, 3, 4)"));
    CHECK_THROWS_AS(rtcg::sum(x, {.axes = -4}), rtcg::InvalidArgument);
    const std::string twice = rtcg::test::message_of<rtcg::InvalidArgument>([&] { (void)rtcg::max(x, {.axes = {1, -2}}); });
    CHECK(rtcg::test::contains(twice, "axis -2"));
    CHECK(rtcg::test::contains(twice, "twice"));
    CHECK_THROWS_AS(rtcg::argmax(x, {.axes = {0, 1}}), rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::mean(x, {.axes = 0, .initial = 1.0f}), rtcg::InvalidArgument);
    const auto ints = Array<std::int32_t>::to_device(context(), std::vector<std::int32_t>{1, 2}, {2});
    CHECK_THROWS_AS(rtcg::sum(ints, {.initial = 0.5}), rtcg::InvalidArgument);
}
