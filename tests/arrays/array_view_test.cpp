// Views of 1-D arrays and of rows: slices share storage at an element offset (which generated
// kernels add on the device), reshape keeps the elements. strided_view_test.cpp checks n-d views
// against a host reference.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "array_test_support.hpp"

#include <rtcg/arrays/array.hpp>
#include <rtcg/arrays/elementwise.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

using rtcg::Array;
using rtcg::test::context;

TEST_CASE("slices read and write the elements they view") {
    const std::vector<float> host = rtcg::test::values<float>(1025);
    const auto a = Array<float>::to_device(context(), host);
    for (auto [start, stop] : {std::pair<std::size_t, std::size_t>{0, 0}, {0, 1}, {1, 2}, {3, 35}, {7, 1025}, {1025, 1025}}) {
        CAPTURE(start);
        CAPTURE(stop);
        const auto view = a(rtcg::slice(start, stop));
        CHECK(view.size() == stop - start);
        CHECK(view.get() == std::vector<float>(host.begin() + start, host.begin() + stop));
    }
    // An odd offset, which no OpenCL sub-buffer could start at.
    const auto view = a(rtcg::slice(3, 35));
    rtcg::ElementwiseKernel twice(context(), "float *x", "x[i] = 2 * x[i]", {.name = "twice"});
    twice(view);
    std::vector<float> expected = host;
    for (std::size_t k = 3; k < 35; ++k) expected[k] *= 2;
    CHECK(a.get() == expected);
    CHECK(view(rtcg::slice(1, 2)).get() == std::vector<float>{expected[4]});
}

TEST_CASE("slices of n-dimensional arrays take rows") {
    const auto a = Array<std::int32_t>::arange(context(), 0, 12).reshape({4, 3});
    const auto rows = a(rtcg::slice(1, 3));
    CHECK(rows.shape() == std::vector<std::size_t>{2, 3});
    CHECK(rows.get() == std::vector<std::int32_t>{3, 4, 5, 6, 7, 8});
}

TEST_CASE("reshape keeps the elements in order") {
    const auto a = Array<double>::arange(context(), 0.0, 24.0);
    const auto b = a.reshape({2, 3, 4});
    CHECK(b.shape() == std::vector<std::size_t>{2, 3, 4});
    CHECK(b.ndim() == 3);
    CHECK(b.get() == a.get());
    CHECK(a(rtcg::slice(4, 10)).reshape({2, 3}).get() == std::vector<double>{4, 5, 6, 7, 8, 9});
}

TEST_CASE("slices clip their bounds as numpy's do; reshapes of another size are refused") {
    const auto a = Array<float>::arange(context(), 0.0f, 10.0f);
    using rtcg::test::contains;
    using rtcg::test::message_of;
    CHECK(a(rtcg::slice(0, 11)).size() == 10);
    CHECK(a(rtcg::slice(5, 4)).size() == 0);
    CHECK(a(rtcg::slice(-3, 100)).get() == std::vector<float>{7, 8, 9});
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { a(rtcg::slice(0, 5, 0)); }), "slice step cannot be zero"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { a(10); }), "index 10 is out of bounds for axis 0 with size 10"));
    CHECK(contains(message_of<rtcg::InvalidArgument>([&] { a.reshape({3, 4}); }), "(3, 4)"));
    CHECK_NOTHROW(a.reshape({2, 5}));
}

TEST_CASE("shapes with a zero dimension are empty arrays whose rows still have a size") {
    const auto a = Array<float>::empty(context(), {0, 3, 4});
    CHECK(a.size() == 0);
    CHECK(a.nbytes() == 0);
    CHECK(a.get().empty());
    CHECK(a(rtcg::slice(0, 0)).shape() == std::vector<std::size_t>{0, 3, 4});
    const auto b = a.reshape({4, 0, 3});
    CHECK(b.size() == 0);
    CHECK(b(rtcg::slice(1, 3)).shape() == std::vector<std::size_t>{2, 0, 3});
    CHECK(b(rtcg::slice(1, 3)).size() == 0);
    // The largest row that fits with the element size: (2^63 - 1) / 4 floats, as numpy counts them.
    CHECK_NOTHROW(Array<float>::empty(context(), {0, std::size_t{1} << 60}));
}
