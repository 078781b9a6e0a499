// Building arrays from arrays (flip, split, concatenate, stack, tile, repeat, roll, pad, diff,
// clip) and indexing by arrays and masks (take and put in every mode, extract, compress, copyto,
// flatnonzero, nonzero) against numpy's results written out by hand and host loops, on strided
// inputs too, with the errors bad input gets.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "array_test_support.hpp"

#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/indexing.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/arrays/shaping.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

using rtcg::Array;
using rtcg::IndexMode;
using rtcg::none;
using rtcg::slice;
using rtcg::test::contains;
using rtcg::test::context;
using rtcg::test::message_of;
using Refused = rtcg::InvalidArgument;
using I64 = std::vector<std::int64_t>;

namespace {

Array<std::int64_t> matrix(std::size_t rows, std::size_t columns) {
    return Array<std::int64_t>::arange(context(), 0, static_cast<std::int64_t>(rows * columns)).reshape(std::vector<std::size_t>{rows, columns});
}

} // namespace

TEST_CASE("flip, split, concatenate and stack") {
    const auto m = matrix(3, 4); // [[0 1 2 3] [4 5 6 7] [8 9 10 11]]
    CHECK(rtcg::flip(m).get() == I64{11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0});
    CHECK(rtcg::flip(m, 1).get() == I64{3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8});
    const auto halves = rtcg::split(m, 2, 1);
    REQUIRE(halves.size() == 2);
    CHECK(halves[1].get() == I64{2, 3, 6, 7, 10, 11});
    const auto cut = rtcg::split(m, I64{1, 5}, 0);
    CHECK(cut[0].shape() == std::vector<std::size_t>{1, 4});
    CHECK(cut[1].shape() == std::vector<std::size_t>{2, 4});
    CHECK(cut[2].size() == 0);
    CHECK(rtcg::concatenate<std::int64_t>({m, m(slice(0, 1))}, 0).get() ==
          I64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3});
    CHECK(rtcg::concatenate<std::int64_t>({m.T(), rtcg::flip(m).T()}, 1).get() ==
          I64{0, 4, 8, 11, 7, 3, 1, 5, 9, 10, 6, 2, 2, 6, 10, 9, 5, 1, 3, 7, 11, 8, 4, 0});
    const auto stacked = rtcg::stack<std::int64_t>({m(0), m(2)}, 1);
    CHECK(stacked.shape() == std::vector<std::size_t>{4, 2});
    CHECK(stacked.get() == I64{0, 8, 1, 9, 2, 10, 3, 11});
    CHECK(contains(message_of<Refused>([&] { rtcg::split(m, 3, 1); }), "does not split into 3 equal sections"));
    CHECK(contains(message_of<Refused>([&] { rtcg::concatenate<std::int64_t>({m, m.T()}, 0); }),
                   "an array of shape (4, 3) cannot be concatenated with one of shape (3, 4) along axis 0"));
    CHECK(contains(message_of<Refused>([&] { rtcg::stack<std::int64_t>({m, m.T()}); }), "same shape"));
}

TEST_CASE("tile, repeat, roll, pad, diff and clip") {
    const auto row = Array<std::int32_t>::to_device(context(), {1, 2, 3});
    CHECK(rtcg::tile(row, {2}).get() == std::vector<std::int32_t>{1, 2, 3, 1, 2, 3});
    const auto tiled = rtcg::tile(row, {2, 2});
    CHECK(tiled.shape() == std::vector<std::size_t>{2, 6});
    CHECK(tiled.get() == std::vector<std::int32_t>{1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3});
    CHECK(rtcg::repeat(row, 2).get() == std::vector<std::int32_t>{1, 1, 2, 2, 3, 3});
    const auto m = matrix(2, 3);
    CHECK(rtcg::repeat(m, 2, 0).get() == I64{0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5});
    CHECK(rtcg::repeat(m, 2, 1).get() == I64{0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5});
    CHECK(rtcg::roll(m, 1).get() == I64{5, 0, 1, 2, 3, 4});
    CHECK(rtcg::roll(m, -1, 1).get() == I64{1, 2, 0, 4, 5, 3});
    CHECK(rtcg::roll(m, 7, 0).get() == I64{3, 4, 5, 0, 1, 2});
    const auto padded = rtcg::pad(m, {{1, 0}, {0, 2}}, std::int64_t{-1});
    CHECK(padded.shape() == std::vector<std::size_t>{3, 5});
    CHECK(padded.get() == I64{-1, -1, -1, -1, -1, 0, 1, 2, -1, -1, 3, 4, 5, -1, -1});
    const auto squares = Array<double>::to_device(context(), {1, 4, 9, 16, 25});
    CHECK(rtcg::diff(squares).get() == std::vector<double>{3, 5, 7, 9});
    CHECK(rtcg::diff(squares, 2).get() == std::vector<double>{2, 2, 2});
    CHECK(rtcg::diff(m, 1, 0).get() == I64{3, 3, 3});
    CHECK(Array<double>(rtcg::clip(squares, 2.0, 10.0)).get() == std::vector<double>{2, 4, 9, 10, 10});
    CHECK(contains(message_of<Refused>([&] { rtcg::pad(m, {{1, 1}}, std::int64_t{0}); }), "one pair per axis"));
}

TEST_CASE("take along an axis and of the flattened array, in each mode") {
    const auto m = matrix(3, 4);
    const auto rows = Array<std::int32_t>::to_device(context(), {2, 0, -1});
    CHECK(rtcg::take(m, rows, 0).get() == I64{8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11});
    CHECK(rtcg::take(m, rows, 1).get() == I64{2, 0, 3, 6, 4, 7, 10, 8, 11});
    const auto flat = Array<std::int64_t>::to_device(context(), {11, 0, 5}).reshape({3, 1});
    const auto taken = rtcg::take(m.T(), flat);
    CHECK(taken.shape() == std::vector<std::size_t>{3, 1});
    CHECK(taken.get() == I64{11, 0, 9}); // m.T() flattened: 0 4 8 1 5 9 2 6 10 3 7 11
    const auto far = Array<std::int64_t>::to_device(context(), {5, -6, 13, -1, 2, -4});
    CHECK(rtcg::take(m(0), far, 0, IndexMode::wrap).get() == I64{1, 2, 1, 3, 2, 0});
    CHECK(rtcg::take(m(0), far, 0, IndexMode::clip).get() == I64{3, 0, 3, 0, 2, 0});
    CHECK(contains(message_of<Refused>([&] { rtcg::take(m(0), far, 0); }), "out of bounds for an axis of size 4"));
    CHECK(contains(message_of<Refused>([&] { rtcg::take(m, rows, 2); }), "axis 2 is out of bounds"));

    // Random gathers against a host loop.
    std::mt19937 random(5);
    const auto big = Array<float>::arange(context(), 0.0f, 50000.0f);
    std::vector<std::int64_t> indices(10007);
    for (auto& index : indices) index = static_cast<std::int64_t>(random() % 50000);
    const std::vector<float> got = rtcg::take(big, Array<std::int64_t>::to_device(context(), indices)).get();
    for (std::size_t k = 0; k < indices.size(); ++k) REQUIRE(got[k] == static_cast<float>(indices[k]));

    // Wrap mode at the ends of the 64-bit range, along the last axis and along the first (whose
    // rows the kernel splits), against numpy's floored remainder.
    const std::int64_t most = std::numeric_limits<std::int64_t>::max(), least = std::numeric_limits<std::int64_t>::min();
    const std::vector<std::int64_t> extreme{least, least + 1, most, most - 1, -13, 13, -1, 6, -7, 12345678901234};
    const auto wrapped = [](std::int64_t k, std::int64_t n) { return (k % n + n) % n; };
    const auto seven = Array<std::int64_t>::arange(context(), 0, 7);
    const std::vector<std::int64_t> along_last = rtcg::take(seven, Array<std::int64_t>::to_device(context(), extreme),
                                                            std::nullopt, IndexMode::wrap).get();
    for (std::size_t k = 0; k < extreme.size(); ++k) CHECK(along_last[k] == wrapped(extreme[k], 7));
    const auto rows_of_m = rtcg::take(m, Array<std::int64_t>::to_device(context(), extreme), 0, IndexMode::wrap).get();
    for (std::size_t k = 0; k < extreme.size(); ++k)
        for (std::size_t c = 0; c < 4; ++c)
            CHECK(rows_of_m[k * 4 + c] == wrapped(extreme[k], 3) * 4 + static_cast<std::int64_t>(c));
}

TEST_CASE("put writes at flat indices in C order, and nothing when an index is out of range") {
    auto m = matrix(3, 4);
    const auto at = Array<std::int64_t>::to_device(context(), {0, 5, -1});
    rtcg::put(m, at, Array<std::int64_t>::to_device(context(), {-7, -8}));
    CHECK(m.get() == I64{-7, 1, 2, 3, 4, -8, 6, 7, 8, 9, 10, -7});
    auto t = matrix(3, 4);
    rtcg::put(t.T(), Array<std::int64_t>::to_device(context(), {1}), Array<std::int64_t>::to_device(context(), {100}));
    CHECK(t(1, 0).item() == 100); // element 1 of t.T() in C order is t[1, 0]
    const auto bad = Array<std::int64_t>::to_device(context(), {1, 12});
    CHECK(contains(message_of<Refused>([&] { rtcg::put(m, bad, m(0, slice(0, 1)).ravel()); }), "index 12"));
    CHECK(m.get() == I64{-7, 1, 2, 3, 4, -8, 6, 7, 8, 9, 10, -7});
    rtcg::put(m, bad, Array<std::int64_t>::to_device(context(), {50, 60}), IndexMode::clip);
    CHECK(m(0, 1).item() == 50);
    CHECK(m(2, 3).item() == 60);
    // Wrap: 2^63 - 1 = 12 * 768614336404564650 + 7, and -2^63 wraps to 12 - 8 = 4.
    const auto far = Array<std::int64_t>::to_device(
        context(), {std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min(), -25});
    rtcg::put(m, far, Array<std::int64_t>::to_device(context(), {70, 80, 90}), IndexMode::wrap);
    CHECK(m(1, 3).item() == 70);
    CHECK(m(1, 0).item() == 80);
    CHECK(m(2, 3).item() == 90); // -25 mod 12 = 11
    // Values that share the array's memory are read as they were: m.flat[8], m.flat[9] = m[2, 1:3].
    auto shared = matrix(3, 4);
    rtcg::put(shared, Array<std::int64_t>::to_device(context(), {8, 9}), shared(2, slice(1, 3)));
    CHECK(shared(2).get() == I64{9, 10, 10, 11});
}

TEST_CASE("put along an axis writes numpy's a[:, idx] = values, values broadcast, nothing on a bad index") {
    // Against a host loop over a contiguous (outer, extent, inner) view, on random 3-D shapes, each
    // axis, indices without repeats (the kept value of a repeated index is unspecified), values of
    // the full shape and broadcast along each of their axes, and a transposed target.
    std::mt19937 random(11);
    for (int round = 0; round < 24; ++round) {
        const std::vector<std::size_t> shape{1 + random() % 5, 1 + random() % 6, 1 + random() % 4};
        const std::size_t axis = static_cast<std::size_t>(round % 3), extent = shape[axis];
        std::vector<std::int64_t> positions(extent);
        for (std::size_t k = 0; k < extent; ++k) positions[k] = static_cast<std::int64_t>(k);
        std::shuffle(positions.begin(), positions.end(), random);
        positions.resize(1 + random() % extent);
        for (auto& p : positions)
            if (random() % 2) p -= static_cast<std::int64_t>(extent); // negative: from the end
        std::vector<std::size_t> values_shape = shape;
        values_shape[axis] = positions.size();
        const std::size_t spread_axis = random() % 4; // 3: no axis broadcast
        if (spread_axis < 3 && spread_axis != axis) values_shape[spread_axis] = 1;
        std::size_t values_size = 1;
        for (std::size_t d : values_shape) values_size *= d;
        std::vector<double> host_values(values_size);
        for (std::size_t k = 0; k < values_size; ++k) host_values[k] = 1000.0 + static_cast<double>(k);
        const bool transposed = round % 2 == 1;
        std::size_t size = shape[0] * shape[1] * shape[2];
        std::vector<double> expected(size);
        for (std::size_t k = 0; k < size; ++k) expected[k] = -static_cast<double>(k);
        Array<double> a = Array<double>::to_device(context(), expected, shape);
        if (transposed) {
            a = Array<double>::to_device(context(), expected, {shape[2], shape[1], shape[0]}).T();
            auto fill = Array<double>::to_device(context(), expected, shape);
            a.assign(fill);
        }
        std::size_t inner = 1, outer = 1;
        for (std::size_t d = axis + 1; d < 3; ++d) inner *= shape[d];
        for (std::size_t d = 0; d < axis; ++d) outer *= shape[d];
        for (std::size_t o = 0; o < outer; ++o)
            for (std::size_t j = 0; j < positions.size(); ++j)
                for (std::size_t w = 0; w < inner; ++w) {
                    // The value at (o, j, w) of the broadcast values: coordinates along each axis.
                    std::size_t coordinates[3];
                    std::size_t rest = (o * positions.size() + j) * inner + w;
                    std::vector<std::size_t> full_shape = shape;
                    full_shape[axis] = positions.size();
                    for (int d = 2; d >= 0; --d) {
                        coordinates[d] = rest % full_shape[static_cast<std::size_t>(d)];
                        rest /= full_shape[static_cast<std::size_t>(d)];
                    }
                    std::size_t source = 0;
                    for (std::size_t d = 0; d < 3; ++d) source = source * values_shape[d] + (values_shape[d] == 1 ? 0 : coordinates[d]);
                    const std::int64_t p = positions[j];
                    const std::size_t k = static_cast<std::size_t>(p < 0 ? p + static_cast<std::int64_t>(extent) : p);
                    expected[(o * extent + k) * inner + w] = host_values[source];
                }
        rtcg::put(a, Array<std::int64_t>::to_device(context(), positions),
                  Array<double>::to_device(context(), host_values, values_shape), static_cast<std::int64_t>(axis));
        INFO("round " << round << ", axis " << axis);
        REQUIRE(a.get() == expected);
    }

    auto m = matrix(3, 4);
    const auto rows = Array<std::int32_t>::to_device(context(), {2, 0});
    rtcg::put(m, rows, m(slice(0, 2)), 0); // m[[2, 0]] = m[0:2]: the values are read as they were
    CHECK(m.get() == I64{4, 5, 6, 7, 4, 5, 6, 7, 0, 1, 2, 3});
    rtcg::put(m, rows, std::int64_t{-1}, -1); // m[:, [2, 0]] = -1
    CHECK(m.get() == I64{-1, 5, -1, 7, -1, 5, -1, 7, -1, 1, -1, 3});
    rtcg::put(m, Array<std::int64_t>::to_device(context(), {1}), m(slice(none), slice(3, 4)) * std::int64_t{10}, 1);
    CHECK(m.get() == I64{-1, 70, -1, 7, -1, 70, -1, 7, -1, 30, -1, 3});
    rtcg::put(m, Array<std::int64_t>::to_device(context(), {7, -9}), Array<std::int64_t>::to_device(context(), {8, 9}), 1,
              IndexMode::wrap); // 7 -> 3, -9 -> 3: one of 8 and 9 in column 3
    for (std::int64_t r = 0; r < 3; ++r) CHECK((m(r, 3).item() == 8 || m(r, 3).item() == 9));
    rtcg::put(m, Array<std::int64_t>::to_device(context(), {7}), std::int64_t{0}, 0, IndexMode::clip);
    CHECK(m(2).get() == I64{0, 0, 0, 0});

    const auto before = m.get();
    CHECK(contains(message_of<Refused>([&] {
                       rtcg::put(m, Array<std::int64_t>::to_device(context(), {0, 4}), std::int64_t{5}, 1);
                   }),
                   "index 4 is out of bounds for an axis of size 4"));
    CHECK(contains(message_of<Refused>([&] { rtcg::put(m, rows, std::int64_t{5}, 2); }), "axis 2"));
    CHECK(contains(message_of<Refused>([&] { rtcg::put(m, rows, matrix(3, 4), 0); }), "(3, 4)"));
    CHECK(contains(message_of<Refused>([&] { rtcg::put(matrix(0, 4), rows, std::int64_t{5}, 0); }), "axis of size 0"));
    CHECK(m.get() == before);
    rtcg::put(m, Array<std::int64_t>::empty(context(), 0), std::int64_t{5}, 0); // no index: nothing
    CHECK(m.get() == before);
}

TEST_CASE("masks select, compress and assign; nonzero gives positions") {
    const auto x = Array<float>::to_device(context(), {-1, 2, 0, -3, 4, 0}).reshape({2, 3});
    CHECK(rtcg::extract(x > 0.0f, x).get() == std::vector<float>{2, 4});
    CHECK(rtcg::extract(x.T() < 0.0f, x.T()).get() == std::vector<float>{-1, -3});
    const auto keep = Array<bool>::to_device(context(), {true, false, true});
    CHECK(rtcg::compress(keep, x, 1).get() == std::vector<float>{-1, 0, -3, 0});
    CHECK(rtcg::compress(Array<bool>::to_device(context(), {false, true}), x, 0).get() == std::vector<float>{-3, 4, 0});
    auto y = x.copy();
    rtcg::copyto(y, 0.0f, y < 0.0f);
    CHECK(y.get() == std::vector<float>{0, 2, 0, 0, 4, 0});
    rtcg::copyto(y, Array<float>::to_device(context(), {10, 20, 30}), y == 0.0f);
    CHECK(y.get() == std::vector<float>{10, 2, 30, 10, 4, 30});
    CHECK(rtcg::flatnonzero(x).get() == I64{0, 1, 3, 4});
    const auto coordinates = rtcg::nonzero(x);
    REQUIRE(coordinates.size() == 2);
    CHECK(coordinates[0].get() == I64{0, 0, 1, 1});
    CHECK(coordinates[1].get() == I64{0, 1, 0, 1});
    CHECK(contains(message_of<Refused>([&] { rtcg::extract(keep, x); }), "a mask of shape (3,) cannot select"));

    // The Counted forms: the same slices and coordinates at the front of the room, their number on
    // the device; a room of the wrong shape or axis is refused before anything runs.
    const auto kept = rtcg::Counted<float>::room(context(), {2, 3}, 1);
    rtcg::compress(keep, x, 1, kept);
    CHECK(kept.count.item() == 2);
    CHECK(kept.trimmed().shape() == std::vector<std::size_t>{2, 2});
    CHECK(kept.trimmed().get() == std::vector<float>{-1, 0, -3, 0});
    const auto rows = rtcg::Counted<float>::room(context(), {2, 3}, 0);
    rtcg::compress(Array<bool>::to_device(context(), {false, true}), x.T().T(), 0, rows);
    CHECK(rows.trimmed().get() == std::vector<float>{-3, 4, 0});
    CHECK(contains(message_of<Refused>([&] { rtcg::compress(keep, x, 1, rows); }),
                   "the room must be contiguous of shape (2, 3) along axis 1"));
    const auto places = rtcg::Counted<std::int64_t>::room(context(), {2, 6}, 1);
    rtcg::nonzero(x, places);
    CHECK(places.count.item() == 4);
    CHECK(places.trimmed().get() == I64{0, 0, 1, 1, 0, 1, 0, 1});
    const auto none_here = rtcg::Counted<std::int64_t>::room(context(), {2, 0}, 1);
    rtcg::nonzero(Array<float>::zeros(context(), {0, 3}), none_here);
    CHECK(none_here.count.item() == 0);
    CHECK(contains(message_of<Refused>([&] { rtcg::nonzero(x, rtcg::Counted<std::int64_t>::room(context(), 6)); }),
                   "the room must be of shape (2, 6) along axis 1"));

    // A larger random mask against a host loop.
    std::mt19937 random(11);
    std::vector<float> values(100003);
    for (float& v : values) v = static_cast<float>(static_cast<int>(random() % 200) - 100);
    const auto big = Array<float>::to_device(context(), values);
    std::vector<float> expected;
    for (float v : values)
        if (v > 10) expected.push_back(v);
    CHECK(rtcg::extract(big > 10.0f, big).get() == expected);
}
