// n-dimensional views and broadcasting against the host reference of tests/support/strided_reference.hpp:
// random shapes up to 5-D indexed with random integers, slices (negative steps included), newaxis
// and ellipsis, for every element type; permuted axes; broadcast operands in expressions,
// assignments and ElementwiseKernel calls; and the operations that read views through contiguous
// stand-ins (reductions, scans, sorts, random fills, printing) against the same operations on
// contiguous copies.
#include "../support/expect_error.hpp"
#include "../support/random_rounds.hpp"
#include "../support/strided_reference.hpp"
#include "../support/test_context.hpp"
#include "array_test_support.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/expression.hpp>
#include <rtcg/arrays/operators.hpp>
#include <rtcg/arrays/random.hpp>
#include <rtcg/arrays/reductions.hpp>
#include <rtcg/arrays/scan.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <numeric>
#include <random>
#include <sstream>
#include <vector>

namespace {

using rtcg::Array;
using rtcg::ellipsis;
using rtcg::newaxis;
using rtcg::none;
using rtcg::slice;
using rtcg::test::context;
using rtcg::test::HostIndexItem;
using rtcg::test::HostStrided;

std::vector<std::size_t> random_shape(std::mt19937& random, std::size_t max_ndim, std::size_t max_extent) {
    std::vector<std::size_t> shape(random() % (max_ndim + 1));
    for (std::size_t& extent : shape) extent = random() % (max_extent + 1);
    return shape;
}

std::optional<std::int64_t> random_bound(std::mt19937& random, std::int64_t extent) {
    if (random() % 4 == 0) return std::nullopt;
    return static_cast<std::int64_t>(random() % static_cast<unsigned>(2 * extent + 5)) - extent - 2;
}

HostIndexItem item_of(HostIndexItem::Kind kind, std::int64_t position = 0) {
    return {kind, position, std::nullopt, std::nullopt, std::nullopt};
}

// A random index for `shape`: each leading axis an integer, a slice or (stopping there) left
// whole, newaxis among them, sometimes one ellipsis.
std::vector<HostIndexItem> random_index(std::mt19937& random, const std::vector<std::size_t>& shape) {
    std::vector<HostIndexItem> items;
    std::size_t axis = 0;
    const bool with_ellipsis = random() % 4 == 0;
    const std::size_t ellipsis_at = shape.empty() ? 0 : random() % (shape.size() + 1);
    for (; axis <= shape.size(); ++axis) {
        if (random() % 5 == 0) items.push_back(item_of(HostIndexItem::Kind::newaxis));
        if (with_ellipsis && axis == ellipsis_at) {
            items.push_back(item_of(HostIndexItem::Kind::ellipsis));
            // The rest, from the end, indexes the axes after the ellipsis: leave them whole.
            break;
        }
        if (axis == shape.size() || random() % 6 == 0) break;
        const auto n = static_cast<std::int64_t>(shape[axis]);
        if (n > 0 && random() % 3 == 0) {
            items.push_back(item_of(HostIndexItem::Kind::position, static_cast<std::int64_t>(random() % n) - (random() % 2 ? n : 0)));
        } else {
            const std::int64_t steps[] = {1, 2, 3, -1, -2, -3};
            HostIndexItem item = item_of(HostIndexItem::Kind::slice);
            item.start = random_bound(random, n);
            item.stop = random_bound(random, n);
            if (random() % 3) item.step = steps[random() % 6];
            items.push_back(item);
        }
    }
    return items;
}

std::vector<rtcg::Index> device_index(const std::vector<HostIndexItem>& items) {
    std::vector<rtcg::Index> out;
    for (const HostIndexItem& item : items) {
        switch (item.kind) {
        case HostIndexItem::Kind::position: out.emplace_back(item.position); break;
        case HostIndexItem::Kind::newaxis: out.emplace_back(newaxis); break;
        case HostIndexItem::Kind::ellipsis: out.emplace_back(ellipsis); break;
        case HostIndexItem::Kind::slice: out.emplace_back(rtcg::Slice{item.start, item.stop, item.step}); break;
        }
    }
    return out;
}

template <class T>
std::vector<T> values_from(std::size_t first, std::size_t n) {
    std::vector<T> out(n);
    for (std::size_t k = 0; k < n; ++k) out[k] = rtcg::test::value_at<T>(first + k);
    return out;
}

template <class T>
std::vector<T> to_vector(const HostStrided<T>& a) {
    return a.values();
}

// A strided view of `shape` over a larger array, and its host reference: every other element of
// each axis, reversed on odd axes, and permuted when `permute`.
template <class T>
std::pair<Array<T>, HostStrided<T>> strided_operand(const std::vector<std::size_t>& shape, std::size_t seed,
                                                    bool permute) {
    std::vector<std::size_t> base_shape(shape.size());
    std::vector<std::size_t> order(shape.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    if (permute) std::reverse(order.begin(), order.end());
    for (std::size_t k = 0; k < shape.size(); ++k) base_shape[order[k]] = 2 * shape[k] + 1;
    std::size_t n = 1;
    for (std::size_t extent : base_shape) n *= extent;
    const std::vector<T> values = values_from<T>(seed, n);
    const auto base = Array<T>::to_device(context(), values, base_shape);
    HostStrided<T> host = HostStrided<T>::packed(values, base_shape);
    // numpy: base[0:2e:2] on even axes and base[2e:0:-2] on odd ones, e elements each.
    std::vector<HostIndexItem> items;
    for (std::size_t k = 0; k < base_shape.size(); ++k) {
        const auto twice = static_cast<std::int64_t>(base_shape[k] - 1);
        HostIndexItem item = item_of(HostIndexItem::Kind::slice);
        item.start = k % 2 ? twice : 0;
        item.stop = k % 2 ? 0 : twice;
        item.step = k % 2 ? -2 : 2;
        items.push_back(item);
    }
    Array<T> view = base.index(device_index(items));
    host = rtcg::test::host_index(host, items);
    if (permute) {
        std::vector<std::int64_t> axes(order.begin(), order.end());
        view = view.transpose(axes);
        host = rtcg::test::host_transpose(host, order);
    }
    return {view, host};
}

// `shape` with random axes set to 1 and leading axes dropped: a shape that broadcasts to it.
std::vector<std::size_t> broadcastable(std::mt19937& random, std::vector<std::size_t> shape) {
    for (std::size_t& extent : shape)
        if (random() % 3 == 0) extent = 1;
    shape.erase(shape.begin(), shape.begin() + static_cast<std::ptrdiff_t>(random() % (shape.size() + 1)));
    return shape;
}

} // namespace

TEST_CASE_TEMPLATE("views by random indices read and write what the host reference does", T, RTCG_ARRAY_ELEMENT_TYPES) {
    std::mt19937 random(2024);
    for (int trial = 0; trial < rtcg::test::random_rounds(40); ++trial) {
        const std::vector<std::size_t> shape = random_shape(random, 5, 4);
        std::size_t n = 1;
        for (std::size_t extent : shape) n *= extent;
        const std::vector<T> values = values_from<T>(static_cast<std::size_t>(trial), n);
        const auto base = Array<T>::to_device(context(), values, shape);
        HostStrided<T> host = HostStrided<T>::packed(values, shape);
        const std::vector<HostIndexItem> items = random_index(random, shape);
        CAPTURE(trial);
        CAPTURE(rtcg::detail::shape_text(shape));
        const HostStrided<T> expected = rtcg::test::host_index(host, items);
        const Array<T> view = base.index(device_index(items));
        REQUIRE(view.shape() == expected.shape);
        CHECK(view.size() == expected.size());
        CHECK(view.get() == to_vector(expected));
        CHECK(view.copy().get() == to_vector(expected));
        CHECK(view.copy().is_contiguous());

        // Writing through the view changes its elements of the base array and no other.
        const std::vector<T> written = values_from<T>(1000 + static_cast<std::size_t>(trial), view.size());
        view.set(written);
        for (std::size_t k = 0; k < written.size(); ++k) expected.element(k) = written[k];
        CHECK(base.get() == host.stored());
    }
}

TEST_CASE_TEMPLATE("permuted axes read as the host reference's", T, float, std::int64_t, std::complex<double>, bool) {
    std::mt19937 random(7);
    for (int trial = 0; trial < rtcg::test::random_rounds(30); ++trial) {
        const std::vector<std::size_t> shape = random_shape(random, 5, 5);
        std::size_t n = 1;
        for (std::size_t extent : shape) n *= extent;
        const std::vector<T> values = values_from<T>(static_cast<std::size_t>(trial), n);
        const auto a = Array<T>::to_device(context(), values, shape);
        const HostStrided<T> host = HostStrided<T>::packed(values, shape);
        std::vector<std::size_t> axes(shape.size());
        std::iota(axes.begin(), axes.end(), std::size_t{0});
        std::shuffle(axes.begin(), axes.end(), random);
        CAPTURE(trial);
        const Array<T> permuted = a.transpose(std::vector<std::int64_t>(axes.begin(), axes.end()));
        CHECK(permuted.get() == to_vector(rtcg::test::host_transpose(host, axes)));
        std::vector<std::size_t> reversed(axes.size());
        std::iota(reversed.rbegin(), reversed.rend(), std::size_t{0});
        CHECK(a.T().get() == to_vector(rtcg::test::host_transpose(host, reversed)));
        if (shape.size() >= 2) {
            std::vector<std::size_t> swapped(shape.size());
            std::iota(swapped.begin(), swapped.end(), std::size_t{0});
            std::swap(swapped.front(), swapped.back());
            CHECK(a.swapaxes(0, -1).get() == to_vector(rtcg::test::host_transpose(host, swapped)));
            std::vector<std::size_t> moved(shape.size());
            std::iota(moved.begin(), moved.end(), std::size_t{0});
            std::rotate(moved.begin(), moved.begin() + 1, moved.end()); // axis 0 to the end
            CHECK(a.moveaxis(0, -1).get() == to_vector(rtcg::test::host_transpose(host, moved)));
        }
    }
}

TEST_CASE_TEMPLATE("expressions of strided and broadcast operands match the host", T, float, double, std::int32_t,
                   std::complex<float>) {
    std::mt19937 random(99);
    for (int trial = 0; trial < rtcg::test::random_rounds(25); ++trial) {
        std::vector<std::size_t> shape = random_shape(random, 4, 5);
        const std::vector<std::size_t> x_shape = broadcastable(random, shape);
        const std::vector<std::size_t> y_shape = broadcastable(random, shape);
        const std::vector<std::size_t> out_shape = *rtcg::test::host_broadcast(x_shape, y_shape);
        CAPTURE(trial);
        CAPTURE(rtcg::detail::shape_text(x_shape));
        CAPTURE(rtcg::detail::shape_text(y_shape));
        const auto [x, x_host] = strided_operand<T>(x_shape, 3, trial % 2 == 0);
        const auto [y, y_host] = strided_operand<T>(y_shape, 11, trial % 3 == 0);
        const Array<T> z = x * T(2) + y;
        REQUIRE(z.shape() == out_shape);
        std::vector<T> expected(z.size());
        for (std::size_t k = 0; k < expected.size(); ++k)
            expected[k] = rtcg::test::broadcast_element(x_host, out_shape, k) * T(2) +
                          rtcg::test::broadcast_element(y_host, out_shape, k);
        CHECK(z.get() == expected);

        // Into a strided target: only its elements change.
        auto [target, target_host] = strided_operand<T>(out_shape, 5, trial % 2 == 1);
        target.assign(x - y);
        for (std::size_t k = 0; k < target.size(); ++k)
            target_host.element(k) = rtcg::test::broadcast_element(x_host, out_shape, k) -
                                     rtcg::test::broadcast_element(y_host, out_shape, k);
        CHECK(target.get() == to_vector(target_host));
        // Compound assignment on a view, and a broadcast operand of it.
        target += x;
        for (std::size_t k = 0; k < target.size(); ++k)
            target_host.element(k) += rtcg::test::broadcast_element(x_host, out_shape, k);
        CHECK(target.get() == to_vector(target_host));
    }
}

TEST_CASE("x - x.mean(axis=0)-style broadcasting: a row and a column against a matrix") {
    const auto m = Array<float>::arange(context(), 0.0f, 12.0f).reshape({3, 4});
    const auto row = Array<float>::to_device(context(), {1, 2, 3, 4});
    const auto column = Array<float>::to_device(context(), {10, 20, 30}).reshape({3, 1});
    CHECK((m - row).get() == std::vector<float>{-1, -1, -1, -1, 3, 3, 3, 3, 7, 7, 7, 7});
    CHECK((m + column).get() == std::vector<float>{10, 11, 12, 13, 24, 25, 26, 27, 38, 39, 40, 41});
    CHECK((row + column).shape() == std::vector<std::size_t>{3, 4});
    // numpy: m[:, ::2] + row[np.newaxis, ::2]
    CHECK((m(slice(none), slice(none, none, 2)) + row(newaxis, slice(none, none, 2))).get() ==
          std::vector<float>{1, 5, 5, 9, 9, 13});
    Array<float> copy = m.copy();
    copy(slice(none), 1).fill(-1);
    CHECK(copy.get() == std::vector<float>{0, -1, 2, 3, 4, -1, 6, 7, 8, -1, 10, 11});
    copy(2, 3).fill(100);
    CHECK(copy(2, 3).item() == 100);
    CHECK(copy(-1, -1).item() == 100);
}

TEST_CASE("ElementwiseKernel reads strided and broadcast arrays as the i-th element of the call's shape") {
    const auto base = Array<float>::arange(context(), 0.0f, 24.0f).reshape({4, 6});
    const auto x = base(slice(none, none, -1), slice(1, none, 2)); // (4, 3), reversed rows, odd columns
    const auto y = Array<float>::to_device(context(), {100, 200, 300});
    auto z = Array<float>::zeros(context(), {3, 4}).T(); // a transposed output
    const rtcg::ElementwiseKernel axpy(context(), "float a, const float *x, const float *y, float *z",
                                       "z[i] = a * x[i] + y[i]", {.name = "strided_axpy"});
    axpy(2.0f, x, y, z);
    const std::vector<float> xs = x.get();
    std::vector<float> expected(12);
    for (std::size_t k = 0; k < 12; ++k) expected[k] = 2 * xs[k] + 100.0f * static_cast<float>(k % 3 + 1);
    CHECK(z.get() == expected);

    // Any index expression, not only i, names the call's element in C order.
    const rtcg::ElementwiseKernel reverse(context(), "const float *x, float *z", "z[i] = x[n - 1 - i]",
                                          {.name = "strided_reverse"});
    reverse(x, z);
    CHECK(z.get() == std::vector<float>(xs.rbegin(), xs.rend()));
    // A pointer used other than as x[...] runs on contiguous stand-ins, with the same result.
    const rtcg::ElementwiseKernel through_pointer(context(), "const float *x, float *z", "z[i] = *(x + i) + 1",
                                                  {.name = "strided_pointer"});
    through_pointer(x, z);
    for (float& v : expected) v = 0;
    for (std::size_t k = 0; k < 12; ++k) expected[k] = xs[k] + 1;
    CHECK(z.get() == expected);
    // A written array may not be broadcast: several indices would write each element.
    const rtcg::ElementwiseKernel add_into(context(), "const float *x, float *y", "y[i] += x[i]", {.name = "add_into"});
    CHECK(rtcg::test::contains(rtcg::test::message_of<rtcg::InvalidArgument>([&] { add_into(x, y); }),
                               "pointer argument 'y' of shape (3,) would be broadcast to the call's shape (4, 3)"));
    CHECK(y.get() == std::vector<float>{100, 200, 300});
}

TEST_CASE("reductions, scans, sorts and random fills of views equal those of contiguous copies") {
    const auto base = Array<std::int32_t>::to_device(context(), values_from<std::int32_t>(5, 40 * 30), {40, 30});
    const auto view = base(slice(3, none, 2), slice(none, none, -3)).T();
    const auto copy = view.copy();
    CHECK(rtcg::sum(view).get() == rtcg::sum(copy).get());
    CHECK(rtcg::max(view * 2 - 1).get() == rtcg::max(copy * 2 - 1).get());
    CHECK(rtcg::cumsum(view).get() == rtcg::cumsum(copy).get());
    CHECK(rtcg::sort(view).get() == rtcg::sort(copy).get());
    CHECK(rtcg::copy_if(view, "x[i] % 3 == 0").get() == rtcg::copy_if(copy, "x[i] % 3 == 0").get());
    // In place: a scan writing the view it reads.
    const auto doubled = base.copy();
    const auto in_place = doubled(slice(3, none, 2), slice(none, none, -3)).T();
    rtcg::cumsum(in_place, in_place);
    CHECK(in_place.get() == rtcg::cumsum(copy).get());

    auto floats = Array<float>::zeros(context(), {64, 48});
    const auto every_other = floats(slice(none, none, 2), slice(1, none, 3));
    rtcg::random::Philox first(context(), 42), second(context(), 42);
    first.fill_uniform(every_other);
    const auto packed = Array<float>::zeros(context(), every_other.shape());
    second.fill_uniform(packed);
    CHECK(every_other.get() == packed.get());
    CHECK(rtcg::sum(floats).get() == doctest::Approx(rtcg::sum(packed).get()).epsilon(1e-5));

    std::ostringstream strided, contiguous;
    strided << view;
    contiguous << copy;
    CHECK(strided.str() == contiguous.str());
}

TEST_CASE("reshape is a view where the strides allow one and a copy otherwise") {
    const auto a = Array<double>::arange(context(), 0.0, 24.0).reshape({2, 3, 4});
    const auto flat = a.reshape({-1});
    flat(slice(0, 1)).fill(-5);
    CHECK(a(0, 0, 0).item() == -5); // a view: shares storage
    const auto merged = a(slice(none), slice(none), slice(none, 3)).reshape({18}); // rows of 3 in rows of 4: a copy
    merged.fill(7);
    CHECK(a(0, 0, 2).item() == 2);
    CHECK(merged.shape() == std::vector<std::size_t>{18});
    const auto transposed = a.T();
    CHECK(!transposed.is_contiguous());
    CHECK(transposed.is_f_contiguous());
    const auto raveled = transposed.ravel();
    std::vector<double> expected;
    for (std::size_t k = 0; k < 4; ++k)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t i = 0; i < 2; ++i) expected.push_back(i == 0 && j == 0 && k == 0 ? -5 : double(i * 12 + j * 4 + k));
    CHECK(raveled.get() == expected);
    // Splitting an axis of a strided view needs no copy: the axis steps evenly.
    const auto columns = a(slice(none), slice(none), slice(none, none, -1)).reshape({2, 3, 2, 2});
    columns(0, 0, 0, 0).fill(50);
    CHECK(a(0, 0, 3).item() == 50);
    CHECK(a.reshape({4, -1}).shape() == std::vector<std::size_t>{4, 6});
    CHECK(ascontiguousarray(transposed).is_contiguous());
}

TEST_CASE("squeeze, expand_dims, broadcast_to, diagonal, real, imag and view") {
    const auto a = Array<float>::arange(context(), 0.0f, 6.0f).reshape({1, 2, 1, 3});
    CHECK(a.squeeze().shape() == std::vector<std::size_t>{2, 3});
    CHECK(a.squeeze({0}).shape() == std::vector<std::size_t>{2, 1, 3});
    CHECK(a.expand_dims(-1).shape() == std::vector<std::size_t>{1, 2, 1, 3, 1});
    const auto row = Array<float>::to_device(context(), {1, 2, 3});
    const auto rows = row.broadcast_to({2, 3});
    CHECK(rows.strides() == std::vector<std::ptrdiff_t>{0, 1});
    CHECK(rows.get() == std::vector<float>{1, 2, 3, 1, 2, 3});

    const auto m = Array<std::int32_t>::arange(context(), 0, 12).reshape({3, 4});
    CHECK(m.diagonal().get() == std::vector<std::int32_t>{0, 5, 10});
    CHECK(m.diagonal(1).get() == std::vector<std::int32_t>{1, 6, 11});
    CHECK(m.diagonal(-1).get() == std::vector<std::int32_t>{4, 9});
    CHECK(m.diagonal(4).size() == 0);
    CHECK(m.view<std::uint32_t>().get()[5] == 5u);
    CHECK(m.view<float>().strides() == m.strides());

    auto z = Array<std::complex<double>>::to_device(context(), {{1, 2}, {3, 4}, {5, 6}});
    CHECK(z.real().get() == std::vector<double>{1, 3, 5});
    CHECK(z.imag().get() == std::vector<double>{2, 4, 6});
    z.imag().assign(z.real() * 10.0);
    CHECK(z.get() == std::vector<std::complex<double>>{{1, 10}, {3, 30}, {5, 50}});
    z(slice(none, none, -1)).real().fill(0);
    CHECK(z.get() == std::vector<std::complex<double>>{{0, 10}, {0, 30}, {0, 50}});
}

TEST_CASE("arrays in Fortran order take and give their values in C order") {
    const std::vector<float> values{1, 2, 3, 4, 5, 6};
    const auto f = Array<float>::to_device(context(), values, {2, 3}, rtcg::Order::f);
    CHECK(f.is_f_contiguous());
    CHECK(!f.is_contiguous());
    CHECK(f.strides() == std::vector<std::ptrdiff_t>{1, 2});
    CHECK(f.get() == values);
    CHECK(f.T().is_contiguous());
    CHECK(f.T().get() == std::vector<float>{1, 4, 2, 5, 3, 6});
    CHECK((f + 1.0f).get() == std::vector<float>{2, 3, 4, 5, 6, 7});
    const auto zeros = Array<double>::zeros(context(), {4, 5, 6}, rtcg::Order::f);
    CHECK(zeros.strides() == std::vector<std::ptrdiff_t>{1, 4, 20});
    CHECK(rtcg::sum(zeros).get() == 0);
}

TEST_CASE("bad indices, axes and shapes are refused, naming them, and nothing is written") {
    using rtcg::test::contains;
    using rtcg::test::message_of;
    using Refused = rtcg::InvalidArgument;
    const auto a = Array<float>::arange(context(), 0.0f, 12.0f).reshape({3, 4});
    CHECK(contains(message_of<Refused>([&] { a(3); }), "index 3 is out of bounds for axis 0 with size 3"));
    CHECK(contains(message_of<Refused>([&] { a(0, -5); }), "index -5 is out of bounds for axis 1 with size 4"));
    CHECK(contains(message_of<Refused>([&] { a(0, 0, 0); }), "too many indices for an array of shape (3, 4)"));
    CHECK(contains(message_of<Refused>([&] { a(ellipsis, 0, ellipsis); }), "a single ellipsis"));
    CHECK(contains(message_of<Refused>([&] { a(slice(none, none, 0)); }), "slice step cannot be zero"));
    CHECK(contains(message_of<Refused>([&] { a.transpose({0, 0}); }), "repeated axis"));
    CHECK(contains(message_of<Refused>([&] { a.transpose({0, 2}); }), "axis 2 is out of bounds"));
    CHECK(contains(message_of<Refused>([&] { a.transpose({0}); }), "do not match an array of shape (3, 4)"));
    CHECK(contains(message_of<Refused>([&] { a.reshape({5, -1}); }), "cannot reshape an array of size 12"));
    CHECK(contains(message_of<Refused>([&] { a.reshape({-1, -1}); }), "one -1"));
    CHECK(contains(message_of<Refused>([&] { a.squeeze({0}); }), "its extent is not 1"));
    CHECK(contains(message_of<Refused>([&] { a.broadcast_to({4}); }), "cannot broadcast an array of shape (3, 4) to shape (4,)"));
    CHECK(contains(message_of<Refused>([&] { a.diagonal(0, 1, -1); }), "axis1 and axis2 cannot be the same"));
    const auto b = Array<float>::zeros(context(), {4, 3});
    CHECK(contains(message_of<Refused>([&] { (void)(a + b); }), "could not be broadcast together with shapes (3, 4) (4, 3)"));
    auto target = Array<float>::zeros(context(), {3, 4});
    CHECK(contains(message_of<Refused>([&] { target.assign(b.T().reshape({12})); }),
                   "could not broadcast values of shape (12,) into an array of shape (3, 4)"));
    CHECK(contains(message_of<Refused>([&] { target(slice(none), 0).set(std::vector<float>{1, 2}); }),
                   "the host span has 2 elements, the array 3"));
    CHECK(target.get() == std::vector<float>(12, 0.0f));
    std::vector<std::size_t> too_many(33, 1);
    CHECK(contains(message_of<Refused>([&] { Array<float>::zeros(context(), too_many); }), "at most 32"));
}

TEST_CASE("Every compound assignment on a view made in the statement writes the viewed elements only") {
    // numpy: m[:, 1::2] op= row, for each in-place operator; row broadcasts over m's rows.
    std::vector<std::int32_t> base(4 * 6);
    for (std::size_t k = 0; k < base.size(); ++k) base[k] = static_cast<std::int32_t>((k * 37) % 101) - 50;
    const std::vector<std::int32_t> row_host{3, -4, 5};
    const std::vector<std::int32_t> shifts_host{0, 1, 3};
    // numpy's remainder takes the divisor's sign.
    const auto floored_remainder = [](std::int32_t a, std::int32_t b) {
        const std::int32_t r = a % b;
        return r != 0 && (r < 0) != (b < 0) ? r + b : r;
    };
    using Op = std::int32_t (*)(std::int32_t, std::int32_t);
    const auto check = [&](const char* name, auto&& apply, const std::vector<std::int32_t>& operand, Op host_op) {
        CAPTURE(name);
        const auto m = Array<std::int32_t>::to_device(context(), base).reshape({4, 6});
        const auto row = Array<std::int32_t>::to_device(context(), operand);
        const Array<std::int32_t> view = apply(m(slice(none), slice(1, none, 2)), row);
        CHECK(view.shape() == std::vector<std::size_t>{4, 3});
        std::vector<std::int32_t> expected = base;
        for (std::size_t r = 0; r < 4; ++r)
            for (std::size_t c = 0; c < 3; ++c) {
                std::int32_t& e = expected[r * 6 + 1 + 2 * c];
                e = host_op(e, operand[c]);
            }
        CHECK(m.get() == expected);
        CHECK(view.get() == m(slice(none), slice(1, none, 2)).get());
    };
    check("+=", [](Array<std::int32_t>&& v, const Array<std::int32_t>& o) { return std::move(v) += o; }, row_host,
          [](std::int32_t a, std::int32_t b) { return a + b; });
    check("-=", [](Array<std::int32_t>&& v, const Array<std::int32_t>& o) { return std::move(v) -= o; }, row_host,
          [](std::int32_t a, std::int32_t b) { return a - b; });
    check("*=", [](Array<std::int32_t>&& v, const Array<std::int32_t>& o) { return std::move(v) *= o; }, row_host,
          [](std::int32_t a, std::int32_t b) { return a * b; });
    check("%=", [](Array<std::int32_t>&& v, const Array<std::int32_t>& o) { return std::move(v) %= o; }, row_host,
          floored_remainder);
    check("&=", [](Array<std::int32_t>&& v, const Array<std::int32_t>& o) { return std::move(v) &= o; }, row_host,
          [](std::int32_t a, std::int32_t b) { return a & b; });
    check("|=", [](Array<std::int32_t>&& v, const Array<std::int32_t>& o) { return std::move(v) |= o; }, row_host,
          [](std::int32_t a, std::int32_t b) { return a | b; });
    check("^=", [](Array<std::int32_t>&& v, const Array<std::int32_t>& o) { return std::move(v) ^= o; }, row_host,
          [](std::int32_t a, std::int32_t b) { return a ^ b; });
    check("<<=", [](Array<std::int32_t>&& v, const Array<std::int32_t>& o) { return std::move(v) <<= o; },
          shifts_host, [](std::int32_t a, std::int32_t b) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) << b); });
    check(">>=", [](Array<std::int32_t>&& v, const Array<std::int32_t>& o) { return std::move(v) >>= o; },
          shifts_host, [](std::int32_t a, std::int32_t b) { return a >> b; });

    // Floating division, by a scalar, straight on the view expression.
    const auto f = Array<float>::arange(context(), 0.0f, 12.0f).reshape({3, 4});
    f(slice(none, none, -2), slice(none, none, 3)) /= 4.0f;
    CHECK(f.get() == std::vector<float>{0, 1, 2, 0.75f, 4, 5, 6, 7, 2, 9, 10, 2.75f});
}
