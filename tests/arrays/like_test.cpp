// empty_like, zeros_like, ones_like and full_like: numpy's dtype=, order= ('K' keeps the
// prototype's axis order, reversed and broadcast axes included; 'A'; 'C'; 'F') and shape=.
#include "../support/test_context.hpp"

#include <rtcg/arrays/indexing.hpp>
#include <rtcg/arrays/like.hpp>

#include <doctest/doctest.h>

#include <complex>
#include <cstdint>
#include <vector>

using rtcg::Array;
using rtcg::LikeOrder;
using rtcg::slice;
using rtcg::test::context;

namespace {
using Strides = std::vector<std::ptrdiff_t>;
using Shape = std::vector<std::size_t>;
} // namespace

TEST_CASE("*_like: values, element types and shapes") {
    const auto x = Array<float>::zeros(context(), Shape{2, 3});
    const Array<float> z = rtcg::zeros_like(x);
    CHECK(z.shape() == Shape{2, 3});
    CHECK(z.get() == std::vector<float>(6, 0.0f));
    const Array<double> o = rtcg::ones_like<double>(x);
    CHECK(o.get() == std::vector<double>(6, 1.0));
    const Array<std::int32_t> f = rtcg::full_like<std::int32_t>(x, 7.9, {.shape = Shape{4}});
    CHECK(f.get() == std::vector<std::int32_t>(4, 7));
    const Array<std::complex<float>> c = rtcg::full_like<std::complex<float>>(x, 2.0f);
    CHECK(c(1, 2).item() == std::complex<float>(2.0f, 0.0f));
    CHECK(rtcg::empty_like(Array<bool>::empty(context(), 0)).size() == 0);
}

TEST_CASE("*_like: order keep follows the prototype's strides; any, c and f as numpy") {
    const auto base = Array<float>::zeros(context(), Shape{2, 3, 4});
    // A permuted view: C order of the permuted shape would not match it; keep does, axis for axis.
    const auto permuted = base.transpose({2, 0, 1});
    CHECK(permuted.strides() == Strides{1, 12, 4});
    CHECK(rtcg::empty_like(permuted).strides() == Strides{1, 12, 4});
    // Reversed and stepped axes come out forward and whole.
    const auto reversed = base(slice(rtcg::none, rtcg::none, -1), rtcg::ellipsis, slice(rtcg::none, rtcg::none, 2));
    CHECK(rtcg::zeros_like(reversed).strides() == Strides{6, 2, 1});
    // A broadcast axis has stride 0: it goes innermost, still a whole axis of the new array.
    const auto broadcast = Array<float>::zeros(context(), Shape{3}).broadcast_to({4, 3});
    const auto from_broadcast = rtcg::empty_like(broadcast);
    CHECK(from_broadcast.shape() == Shape{4, 3});
    CHECK(from_broadcast.strides() == Strides{1, 4});

    const auto fortran = Array<float>::zeros(context(), Shape{2, 3}, rtcg::Order::f);
    CHECK(rtcg::empty_like(fortran, {.order = LikeOrder::any}).is_f_contiguous());
    CHECK(rtcg::empty_like(permuted, {.order = LikeOrder::any}).is_contiguous());
    CHECK(rtcg::empty_like(fortran, {.order = LikeOrder::c}).is_contiguous());
    CHECK(rtcg::empty_like(base, {.order = LikeOrder::f}).is_f_contiguous());
    // keep with a shape of another rank is C order.
    CHECK(rtcg::empty_like(permuted, {.shape = Shape{6, 4}}).is_contiguous());
}

TEST_CASE("where with only a condition is nonzero") {
    const auto x = Array<std::int32_t>::to_device(context(), std::vector<std::int32_t>{0, 5, 0, 0, 2, 1}, {2, 3});
    const std::vector<Array<std::int64_t>> at = rtcg::where(x);
    REQUIRE(at.size() == 2);
    CHECK(at[0].get() == std::vector<std::int64_t>{0, 1, 1});
    CHECK(at[1].get() == std::vector<std::int64_t>{1, 1, 2});
}
