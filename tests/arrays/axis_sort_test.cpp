// sort and argsort along an axis, merge and merge_by_key on the device against host references
// (std::stable_sort of each line, std::merge) in numpy's order: random shapes of 1 to 4 axes, every
// axis by its index and from the end, int32, int64, float and double, few distinct keys so that
// stability shows; NaNs and zeros of both signs, compared bit for bit; sizes 0 and 1; strided and
// reversed views; merges of every size pairing around the work-items' runs, stable ties through
// values that are the elements' origins, unsorted inputs (an unspecified result, still of the
// right size) and the error cases.
#include "../support/expect_error.hpp"
#include "../support/random_rounds.hpp"
#include "../support/element_count.hpp"
#include "../support/numpy_order.hpp"
#include "../support/test_context.hpp"

#include <rtcg/arrays/algorithms.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

using rtcg::Array;
using rtcg::none;
using rtcg::slice;
using rtcg::test::context;
using rtcg::test::element_count;
using rtcg::test::numpy_less;
using rtcg::test::same_bits;

namespace {

// Few distinct values of both signs (ties everywhere); floats add zeros of both signs and NaNs.
template <class T>
std::vector<T> tied_values(std::size_t n, unsigned seed) {
    std::mt19937 generator(seed);
    std::vector<T> out(n);
    for (T& v : out) {
        const auto pick = static_cast<unsigned>(generator() % 12);
        if constexpr (std::is_floating_point_v<T>) {
            if (pick == 0) v = std::numeric_limits<T>::quiet_NaN();
            else if (pick == 1) v = -std::numeric_limits<T>::quiet_NaN();
            else if (pick == 2) v = T(-0.0);
            else if (pick == 3) v = std::numeric_limits<T>::infinity();
            else v = static_cast<T>(static_cast<int>(pick) - 7) / 2;
        } else {
            v = pick == 0 ? std::numeric_limits<T>::min() : static_cast<T>(static_cast<int>(pick) - 6);
        }
    }
    return out;
}

// The stable sort of each line along `axis` of the C-order `values`, and each element's position
// along the axis in the input.
template <class T>
std::pair<std::vector<T>, std::vector<std::int64_t>> host_sort(const std::vector<T>& values,
                                                                const std::vector<std::size_t>& shape,
                                                                std::size_t axis) {
    std::size_t inner = 1, outer = 1;
    for (std::size_t k = axis + 1; k < shape.size(); ++k) inner *= shape[k];
    for (std::size_t k = 0; k < axis; ++k) outer *= shape[k];
    const std::size_t length = shape[axis];
    std::vector<T> sorted(values.size());
    std::vector<std::int64_t> positions(values.size());
    std::vector<std::int64_t> line(length);
    for (std::size_t o = 0; o < outer; ++o)
        for (std::size_t k = 0; k < inner; ++k) {
            const auto at = [&](std::size_t l) { return (o * length + l) * inner + k; };
            for (std::size_t l = 0; l < length; ++l) line[l] = static_cast<std::int64_t>(l);
            std::stable_sort(line.begin(), line.end(), [&](std::int64_t p, std::int64_t q) {
                return numpy_less(values[at(static_cast<std::size_t>(p))], values[at(static_cast<std::size_t>(q))]);
            });
            for (std::size_t l = 0; l < length; ++l) {
                sorted[at(l)] = values[at(static_cast<std::size_t>(line[l]))];
                positions[at(l)] = line[l];
            }
        }
    return {sorted, positions};
}

template <class T>
void check_every_axis(const Array<T>& x, bool positions) {
    const std::vector<T> values = x.get();
    const auto dimensions = static_cast<std::int64_t>(x.ndim());
    for (std::int64_t axis = 0; axis < dimensions; ++axis) {
        CAPTURE(axis);
        const auto [sorted, places] = host_sort(values, x.shape(), static_cast<std::size_t>(axis));
        const auto result = rtcg::sort(x, axis - (axis % 2) * dimensions);
        CHECK(result.shape() == x.shape());
        CHECK(same_bits(result.get(), sorted));
        if (positions) CHECK(rtcg::argsort(x, axis).get() == places);
    }
}

template <class T>
void check_random_shapes(bool positions) {
    static constexpr std::size_t extents[] = {1, 2, 3, 5, 9, 17, 40};
    std::mt19937 generator(99);
    const int rounds = rtcg::test::random_rounds(4);
    for (int round = 0; round < rounds; ++round) {
        std::vector<std::size_t> shape(1 + generator() % 4);
        for (std::size_t& extent : shape) extent = extents[generator() % 7];
        INFO(rtcg::detail::shape_text(shape));
        check_every_axis(Array<T>::to_device(context(), tied_values<T>(element_count(shape), static_cast<unsigned>(generator())), shape),
                         positions);
    }
}

template <class T>
std::vector<T> sorted_values(std::size_t n, unsigned seed) {
    std::vector<T> values = tied_values<T>(n, seed);
    std::stable_sort(values.begin(), values.end(), numpy_less<T>);
    return values;
}

template <class T>
void check_merges() {
    static constexpr std::size_t sizes[] = {0, 1, 2, 15, 16, 17, 100, 1000};
    unsigned seed = 5;
    for (std::size_t na : sizes)
        for (std::size_t nb : sizes) {
            CAPTURE(na);
            CAPTURE(nb);
            const std::vector<T> a = sorted_values<T>(na, ++seed), b = sorted_values<T>(nb, ++seed);
            std::vector<T> expected(na + nb);
            std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin(), numpy_less<T>);
            const auto merged = rtcg::merge(Array<T>::to_device(context(), a), Array<T>::to_device(context(), b));
            CHECK(merged.shape() == std::vector<std::size_t>{na + nb});
            CHECK(same_bits(merged.get(), expected));
        }
}

} // namespace

// One test case per key type: each compiles its own sorts, which take seconds on PoCL.
TEST_CASE("sort and argsort of int32 along every axis of random shapes equal stable host sorts") {
    check_random_shapes<std::int32_t>(true);
}

TEST_CASE("sort of int64 along every axis of random shapes equals stable host sorts") {
    check_random_shapes<std::int64_t>(false);
}

TEST_CASE("sort and argsort of float along every axis, NaNs last and zeros in their order, equal stable host sorts") {
    check_random_shapes<float>(true);
}

TEST_CASE("sort of double along every axis of random shapes equals stable host sorts") {
    check_random_shapes<double>(false);
}

TEST_CASE("sort and argsort along an axis of views, of sizes 0 and 1, and their errors") {
    const std::vector<std::size_t> shape{30, 20, 4};
    const auto base = Array<std::int32_t>::to_device(context(), tied_values<std::int32_t>(2400, 3), shape);
    for (const Array<std::int32_t>& view :
         {base(slice(none, none, -1), slice(1, none, 3), slice(none)), base.transpose({2, 0, 1}),
          base(slice(2, none, 4), slice(none, none, -2), slice(none, none, -1))}) {
        INFO(rtcg::detail::shape_text(view.shape()));
        check_every_axis(view, true);
    }
    const auto empty = Array<std::int32_t>::empty(context(), {0, 3});
    CHECK(rtcg::sort(empty, 0).shape() == std::vector<std::size_t>{0, 3});
    CHECK(rtcg::argsort(empty, 1).size() == 0);
    const auto one = Array<std::int32_t>::to_device(context(), {7}, {1, 1});
    CHECK(rtcg::sort(one, -1).get() == std::vector<std::int32_t>{7});
    CHECK(rtcg::argsort(one, 0).get() == std::vector<std::int64_t>{0});
    CHECK(rtcg::test::contains(rtcg::test::message_of<rtcg::InvalidArgument>([&] { (void)rtcg::sort(base, 3); }),
                               "axis 3 is out of bounds for an array of 3 dimensions"));
    CHECK(rtcg::test::contains(rtcg::test::message_of<rtcg::InvalidArgument>([&] { (void)rtcg::argsort(base, -4); }),
                               "argsort"));
    const auto scalar = Array<std::int32_t>::full(context(), std::vector<std::size_t>{}, 1);
    CHECK(rtcg::test::contains(rtcg::test::message_of<rtcg::InvalidArgument>([&] { (void)rtcg::argsort(scalar); }),
                               "0 dimensions"));
    // Without an axis, sort is numpy's axis=None: the flattened elements.
    CHECK(rtcg::sort(base).shape() == std::vector<std::size_t>{2400});
}

TEST_CASE("merge of sorted int32, int64, float and double arrays equals std::merge at every size pairing") {
    check_merges<std::int32_t>();
    check_merges<std::int64_t>();
    check_merges<float>();
    check_merges<double>();
}

TEST_CASE("merge_by_key is stable, merges views, ends on unsorted inputs and refuses arrays that do not fit") {
    // Keys with many ties; values tell each element's origin: a's are k, b's 1000 + k.
    const std::vector<float> a = sorted_values<float>(300, 1), b = sorted_values<float>(250, 2);
    std::vector<std::pair<float, std::int32_t>> expected;
    std::vector<std::pair<float, std::int32_t>> a_pairs, b_pairs;
    for (std::size_t k = 0; k < a.size(); ++k) a_pairs.push_back({a[k], static_cast<std::int32_t>(k)});
    for (std::size_t k = 0; k < b.size(); ++k) b_pairs.push_back({b[k], static_cast<std::int32_t>(1000 + k)});
    std::merge(a_pairs.begin(), a_pairs.end(), b_pairs.begin(), b_pairs.end(), std::back_inserter(expected),
               [](const auto& p, const auto& q) { return numpy_less(p.first, q.first); });
    std::vector<std::int32_t> a_values(a.size()), b_values(b.size());
    for (std::size_t k = 0; k < a.size(); ++k) a_values[k] = static_cast<std::int32_t>(k);
    for (std::size_t k = 0; k < b.size(); ++k) b_values[k] = static_cast<std::int32_t>(1000 + k);
    const auto [keys, values] = rtcg::merge_by_key(Array<float>::to_device(context(), a),
                                                   Array<std::int32_t>::to_device(context(), a_values),
                                                   Array<float>::to_device(context(), b),
                                                   Array<std::int32_t>::to_device(context(), b_values));
    std::vector<float> expected_keys;
    std::vector<std::int32_t> expected_values;
    for (const auto& [key, value] : expected) {
        expected_keys.push_back(key);
        expected_values.push_back(value);
    }
    CHECK(same_bits(keys.get(), expected_keys));
    CHECK(values.get() == expected_values);

    // Views: a reversed descending run is ascending.
    const auto descending = Array<std::int64_t>::arange(context(), 100, 0, -2);
    const auto odd = Array<std::int64_t>::arange(context(), 1, 60, 2);
    std::vector<std::int64_t> both;
    for (std::int64_t v = 2; v <= 100; v += 2) both.push_back(v);
    for (std::int64_t v = 1; v < 60; v += 2) both.push_back(v);
    std::sort(both.begin(), both.end());
    CHECK(rtcg::merge(descending(slice(none, none, -1)), odd).get() == both);

    // Unsorted inputs: some order, of the right size, and the call ends.
    const auto unsorted = Array<std::int32_t>::to_device(context(), tied_values<std::int32_t>(500, 4));
    CHECK(rtcg::merge(unsorted, unsorted(slice(none, none, -1))).size() == 1000);

    const auto short_values = Array<std::int32_t>::to_device(context(), {1, 2});
    CHECK(rtcg::test::contains(rtcg::test::message_of<rtcg::InvalidArgument>([&] {
                                   (void)rtcg::merge_by_key(Array<float>::to_device(context(), a), short_values,
                                                            Array<float>::to_device(context(), b), short_values);
                               }),
                               "300 and 250 keys but 2 and 2 values"));
}
