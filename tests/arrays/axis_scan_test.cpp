// cumsum, cumprod and exclusive_cumsum along an axis (and of the flattened array) on the device
// against sequential host scans: random shapes of 1 to 4 axes, every axis by its index and from the
// end, int32, int64, float and double (cumprod: int64 along axes, double without one); shapes
// that take each of the kernels' routes (rows, columns in one chunk and in several, the
// transposing copy); sizes 0 and 1; strided, reversed and
// broadcast inputs; outputs given (in place, strided, sharing memory with the input); out-of-range
// axes and outputs that do not fit. Values keep floating sums and
// products exact in any grouping (small integers; products of 1, -1 and 2), and integers wrap as
// the host's unsigned arithmetic does.
#include "../support/expect_error.hpp"
#include "../support/random_rounds.hpp"
#include "../support/element_count.hpp"
#include "../support/test_context.hpp"

#include <rtcg/arrays/scan.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

using rtcg::Array;
using rtcg::slice;
using rtcg::test::context;
using rtcg::test::element_count;
using Operation = rtcg::detail::RunningOperation;
using rtcg::none;

namespace {

template <class T>
T combine(Operation operation, T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        // Wrapping, as on the device, without signed overflow on the host.
        using U = std::make_unsigned_t<T>;
        const U result = operation == Operation::sum ? static_cast<U>(static_cast<U>(a) + static_cast<U>(b))
                                                     : static_cast<U>(static_cast<U>(a) * static_cast<U>(b));
        return static_cast<T>(result);
    } else {
        return operation == Operation::sum ? a + b : a * b;
    }
}

// The scan along `axis` of the C-order `values` of `shape`, line by line.
template <class T>
std::vector<T> host_scan(const std::vector<T>& values, const std::vector<std::size_t>& shape, std::size_t axis,
                         Operation operation, bool exclusive) {
    std::size_t inner = 1, outer = 1;
    for (std::size_t k = axis + 1; k < shape.size(); ++k) inner *= shape[k];
    for (std::size_t k = 0; k < axis; ++k) outer *= shape[k];
    const std::size_t length = shape[axis];
    std::vector<T> out(values.size());
    for (std::size_t o = 0; o < outer; ++o)
        for (std::size_t k = 0; k < inner; ++k) {
            T acc = operation == Operation::sum ? T(0) : T(1);
            for (std::size_t l = 0; l < length; ++l) {
                const std::size_t at = (o * length + l) * inner + k;
                const T next = combine(operation, acc, values[at]);
                out[at] = exclusive ? acc : next;
                acc = next;
            }
        }
    return out;
}

template <class T>
std::vector<T> exact_values(std::size_t n, Operation operation, unsigned seed) {
    static constexpr int sum_values[] = {-3, -2, -1, 0, 1, 2, 3};
    static constexpr int product_values[] = {1, -1, 2, 1, 1};
    std::mt19937 generator(seed);
    std::vector<T> out(n);
    for (T& v : out)
        v = static_cast<T>(operation == Operation::sum ? sum_values[generator() % 7] : product_values[generator() % 5]);
    return out;
}

// Every axis of `shape`, as its index and counted from the end: cumsum and exclusive_cumsum, or
// cumprod, against the host scan.
template <class T>
void check_every_axis(const std::vector<std::size_t>& shape, unsigned seed, Operation operation) {
    const auto dimensions = static_cast<std::int64_t>(shape.size());
    const std::vector<T> values = exact_values<T>(element_count(shape), operation, seed);
    const auto x = Array<T>::to_device(context(), values, shape);
    for (std::int64_t axis = 0; axis < dimensions; ++axis) {
        CAPTURE(axis);
        const auto k = static_cast<std::size_t>(axis);
        if (operation == Operation::sum) {
            const auto inclusive = rtcg::cumsum(x, axis);
            CHECK(inclusive.shape() == shape);
            CHECK(inclusive.get() == host_scan(values, shape, k, operation, false));
            CHECK(rtcg::exclusive_cumsum(x, axis - dimensions).get() == host_scan(values, shape, k, operation, true));
        } else {
            CHECK(rtcg::cumprod(x, axis - dimensions).get() == host_scan(values, shape, k, operation, false));
        }
    }
}

// Extents up to 40: lines take the rows or the columns route, whose kernels are one per type, and
// never the transposing copy, whose copies differ with every layout (the route test covers it).
std::vector<std::size_t> random_shape(std::mt19937& generator) {
    static constexpr std::size_t extents[] = {1, 2, 3, 5, 8, 13, 33, 40};
    std::vector<std::size_t> shape(1 + generator() % 4);
    for (std::size_t& extent : shape) extent = extents[generator() % 8];
    return shape;
}

template <class T>
void check_random_shapes(Operation operation) {
    std::mt19937 generator(1234);
    const int rounds = rtcg::test::random_rounds(8);
    for (int round = 0; round < rounds; ++round) {
        const std::vector<std::size_t> shape = random_shape(generator);
        INFO(rtcg::detail::shape_text(shape));
        check_every_axis<T>(shape, static_cast<unsigned>(generator()), operation);
    }
}

} // namespace

// One test case per element type and operation: each compiles its own kernels, which take
// seconds on PoCL. Products share the sums' code but for the operation: one type covers them.
TEST_CASE("cumsum and exclusive_cumsum of int32 along every axis of random shapes equal host scans") {
    check_random_shapes<std::int32_t>(Operation::sum);
}

TEST_CASE("cumsum and exclusive_cumsum of int64 along every axis of random shapes equal host scans") {
    check_random_shapes<std::int64_t>(Operation::sum);
}

TEST_CASE("cumprod of int64 along every axis of random shapes equals host scans") {
    check_random_shapes<std::int64_t>(Operation::product);
}

TEST_CASE("cumsum and exclusive_cumsum of float along every axis of random shapes equal host scans") {
    check_random_shapes<float>(Operation::sum);
}

TEST_CASE("cumsum and exclusive_cumsum of double along every axis of random shapes equal host scans") {
    check_random_shapes<double>(Operation::sum);
}

TEST_CASE("scans along an axis take every route: rows, columns in one chunk and in several, a transposing copy") {
    // (300, 40) axis 0: 40 neighbouring lines of 300, cut into chunks (carries between them);
    // (3, 5, 7) axis 1: short lines, one chunk each; (100, 5) axis 0: few neighbours, long lines,
    // through the transposing copy; (7, 300) axis 1 and (1, 1000): rows, segmented and one.
    for (const std::vector<std::size_t>& shape : {std::vector<std::size_t>{300, 40}, {3, 5, 7}, {100, 5}, {7, 300},
                                                   {1, 1000}, {2, 130, 33}, {1000, 1}}) {
        INFO(rtcg::detail::shape_text(shape));
        check_every_axis<std::int64_t>(shape, 7, Operation::sum);
        check_every_axis<std::int64_t>(shape, 8, Operation::product);
    }
}

TEST_CASE("cumsum and cumprod without an axis scan the elements in C order into a 1-D array") {
    const std::vector<std::size_t> shape{4, 3, 5};
    const std::vector<double> values = exact_values<double>(60, Operation::product, 3);
    const auto x = Array<double>::to_device(context(), values, shape);
    const auto sums = rtcg::cumsum(x);
    CHECK(sums.shape() == std::vector<std::size_t>{60});
    CHECK(sums.get() == host_scan(values, {60}, 0, Operation::sum, false));
    CHECK(rtcg::cumprod(x).get() == host_scan(values, {60}, 0, Operation::product, false));
    CHECK(rtcg::exclusive_cumsum(x).shape() == std::vector<std::size_t>{60});
    CHECK(rtcg::exclusive_cumsum(x).get() == host_scan(values, {60}, 0, Operation::sum, true));
}

TEST_CASE("scans along an axis of sizes 0 and 1") {
    const auto empty = Array<float>::empty(context(), {0, 4});
    CHECK(rtcg::cumsum(empty, 0).shape() == std::vector<std::size_t>{0, 4});
    CHECK(rtcg::cumsum(empty, 1).size() == 0);
    CHECK(rtcg::cumprod(empty, -1).size() == 0);
    CHECK(rtcg::cumsum(empty).shape() == std::vector<std::size_t>{0});
    const auto one = Array<std::int32_t>::to_device(context(), {5}, {1, 1});
    CHECK(rtcg::cumsum(one, 0).get() == std::vector<std::int32_t>{5});
    CHECK(rtcg::cumprod(one, 1).get() == std::vector<std::int32_t>{5});
    CHECK(rtcg::exclusive_cumsum(one, -1).get() == std::vector<std::int32_t>{0});
}

TEST_CASE("scans along an axis of strided, reversed and broadcast views equal those of contiguous copies") {
    const std::vector<std::size_t> shape{90, 40, 3};
    const std::vector<std::int64_t> values = exact_values<std::int64_t>(element_count(shape), Operation::sum, 9);
    const auto base = Array<std::int64_t>::to_device(context(), values, shape);
    const std::vector<Array<std::int64_t>> views{base(slice(none, none, -1), slice(1, none, 2), slice(none)),
                                                 base(slice(3, none, 3), slice(none, none, -1), slice(none, none, -2)),
                                                 base.transpose({2, 0, 1}),
                                                 base(0).broadcast_to({70, 40, 3})};
    for (const Array<std::int64_t>& view : views) {
        INFO(rtcg::detail::shape_text(view.shape()));
        const auto copy = view.copy();
        const std::vector<std::int64_t> copied = copy.get();
        for (std::int64_t axis = 0; axis < 3; ++axis) {
            CAPTURE(axis);
            CHECK(rtcg::cumsum(view, axis).get() ==
                  host_scan(copied, copy.shape(), static_cast<std::size_t>(axis), Operation::sum, false));
            CHECK(rtcg::cumprod(view, axis).get() == rtcg::cumprod(copy, axis).get());
        }
        CHECK(rtcg::cumsum(view).get() == host_scan(copied, {copy.size()}, 0, Operation::sum, false));
    }
}

TEST_CASE("scans along an axis refuse axes out of range and outputs that do not fit, writing nothing") {
    const auto x = Array<float>::to_device(context(), {1, 2, 3, 4, 5, 6}, {2, 3});
    CHECK(rtcg::test::contains(rtcg::test::message_of<rtcg::InvalidArgument>([&] { (void)rtcg::cumsum(x, 2); }),
                               "axis 2 is out of bounds for an array of 2 dimensions"));
    CHECK(rtcg::test::contains(rtcg::test::message_of<rtcg::InvalidArgument>([&] { (void)rtcg::cumprod(x, -3); }),
                               "cumprod"));
    CHECK(rtcg::test::contains(
        rtcg::test::message_of<rtcg::InvalidArgument>([&] { (void)rtcg::exclusive_cumsum(x, 5); }), "axis 5"));
    const auto scalar = Array<float>::full(context(), std::vector<std::size_t>{}, 2.0f);
    CHECK(rtcg::test::contains(rtcg::test::message_of<rtcg::InvalidArgument>([&] { (void)rtcg::cumsum(scalar, 0); }),
                               "0 dimensions"));
    // Outputs of another shape or size, or that repeat elements.
    auto out = Array<float>::full(context(), {3, 2}, 7.0f);
    CHECK(rtcg::test::contains(rtcg::test::message_of<rtcg::InvalidArgument>([&] { rtcg::cumsum(x, 0, out); }),
                               "the output must be an array of the input's dtype, shape and context"));
    CHECK(rtcg::test::contains(
        rtcg::test::message_of<rtcg::InvalidArgument>([&] { rtcg::cumsum(x, out(slice(0, 2))); }),
        "the output must be an array of the input's dtype and context, of 6 elements"));
    const auto broadcast = Array<float>::full(context(), {1, 3}, 7.0f).broadcast_to({2, 3});
    CHECK(rtcg::test::contains(
        rtcg::test::message_of<rtcg::InvalidArgument>([&] { rtcg::cumprod(x, 1, broadcast); }),
        "the output of shape (2, 3) repeats elements (a broadcast view), which a scan cannot write"));
    CHECK(rtcg::test::contains(
        rtcg::test::message_of<rtcg::InvalidArgument>([&] { rtcg::exclusive_cumsum(x, broadcast); }), "repeats elements"));
    CHECK(out.get() == std::vector<float>(6, 7.0f));
}

TEST_CASE("scans write into given outputs: in place, strided, and sharing memory with the input") {
    // Every route (rows, columns, the transposing copy) in place, in a strided output and in a
    // transposed view of the input itself, against the host scan of the values before the call.
    const std::vector<std::vector<std::size_t>> shapes{{7, 300}, {300, 40}, {200, 9}};
    for (const auto& shape : shapes)
        for (std::int64_t axis = 0; axis < 2; ++axis) {
            INFO(rtcg::detail::shape_text(shape) << " axis " << axis);
            const std::vector<std::int64_t> values =
                exact_values<std::int64_t>(element_count(shape), Operation::sum, static_cast<unsigned>(shape[0]));
            const auto expected = host_scan(values, shape, static_cast<std::size_t>(axis), Operation::sum, false);
            auto x = Array<std::int64_t>::to_device(context(), values, shape);
            rtcg::cumsum(x, axis, x);
            CHECK(x.get() == expected);

            auto y = Array<std::int64_t>::to_device(context(), values, shape);
            rtcg::exclusive_cumsum(y, axis, y);
            CHECK(y.get() == host_scan(values, shape, static_cast<std::size_t>(axis), Operation::sum, true));

            // Into every other column of a wider array: the columns between keep their values.
            auto wide = Array<std::int64_t>::full(context(), {shape[0], 2 * shape[1]}, -5);
            const auto x_again = Array<std::int64_t>::to_device(context(), values, shape);
            rtcg::cumsum(x_again, axis, wide(slice(none), slice(none, none, 2)));
            CHECK(wide(slice(none), slice(none, none, 2)).get() == expected);
            CHECK(wide(slice(none), slice(1, none, 2)).get() == std::vector<std::int64_t>(x_again.size(), -5));

            // The input read through a reversed view of its own storage: as if copied first.
            auto z = Array<std::int64_t>::to_device(context(), values, shape);
            const auto reversed = z(slice(none, none, -1), slice(none, none, -1));
            const auto reversed_values = reversed.get();
            rtcg::cumsum(reversed, axis, z);
            CHECK(z.get() == host_scan(reversed_values, shape, static_cast<std::size_t>(axis), Operation::sum, false));
        }

    // Without an axis: in place on a strided view, into a 1-D output and into another shape, and
    // from one storage shifted by an element (the overlap is not the same elements).
    const std::vector<double> values = exact_values<double>(60, Operation::product, 4);
    auto m = Array<double>::to_device(context(), values, {6, 10});
    const auto columns = m(slice(none), slice(1, none, 3));
    const auto column_values = columns.get();
    rtcg::cumprod(columns, columns);
    CHECK(columns.get() == host_scan(column_values, {column_values.size()}, 0, Operation::product, false));
    auto flat = Array<double>::to_device(context(), values);
    rtcg::cumsum(flat, flat);
    CHECK(flat.get() == host_scan(values, {60}, 0, Operation::sum, false));
    auto square = Array<double>::zeros(context(), {10, 6});
    rtcg::exclusive_cumsum(Array<double>::to_device(context(), values, {6, 10}), square);
    CHECK(square.get() == host_scan(values, {60}, 0, Operation::sum, true));
    auto shifted = Array<double>::to_device(context(), values);
    rtcg::cumsum(shifted(slice(0, 59)), shifted(slice(1, 60)));
    std::vector<double> expected_shift = host_scan(std::vector<double>(values.begin(), values.end() - 1), {59}, 0,
                                                   Operation::sum, false);
    expected_shift.insert(expected_shift.begin(), values[0]);
    CHECK(shifted.get() == expected_shift);
}
