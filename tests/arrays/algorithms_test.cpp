// copy_if, remove_if, partition and unique on the device against host references (std::copy_if,
// std::stable_partition, std::unique): every size of the issue, int32, int64, float, double and a
// struct; one selection over 2^31 elements where a GPU has the memory. The selections are
// ScanKernels, whose CUDA source scan_test.cpp compiles with NVRTC; the radix sort has its own
// tests (sort_test.cpp).
#include "../support/test_context.hpp"
#include "scan_test_support.hpp"

#include <rtcg/arrays/algorithms.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <vector>

using rtcg::Array;
using rtcg::test::Affine;
using rtcg::test::context;
using rtcg::test::mixed_values;
using rtcg::test::scan_sizes;

namespace {

template <class T>
void check_selections(std::size_t n) {
    CAPTURE(n);
    const std::vector<T> x = mixed_values<T>(n, static_cast<unsigned>(n));
    const auto x_gpu = Array<T>::to_device(context(), x);
    std::vector<T> expected;
    std::copy_if(x.begin(), x.end(), std::back_inserter(expected), [](T v) { return v > T(0); });
    CHECK(rtcg::copy_if(x_gpu, "x[i] > 0").get() == expected);
}

} // namespace

TEST_CASE("copy_if of int32, int64, float and double at every size") {
    for (std::size_t n : scan_sizes()) {
        check_selections<std::int32_t>(n);
        check_selections<std::int64_t>(n);
        check_selections<float>(n);
        check_selections<double>(n);
    }
}

TEST_CASE("copy_if of a struct, with a predicate of the index and the neighbours") {
    rtcg::test::affine_type();
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{4101}, std::size_t{(1u << 20) + 1}}) {
        CAPTURE(n);
        std::vector<Affine> x(n);
        for (std::size_t k = 0; k < n; ++k) x[k] = rtcg::test::affine_at(k);
        std::vector<Affine> expected;
        for (std::size_t k = 0; k < n; ++k)
            if (x[k].mul == 3 && (k == 0 || x[k - 1].add < x[k].add)) expected.push_back(x[k]);
        const auto kept = rtcg::copy_if(Array<Affine>::to_device(context(), x),
                                        "x[i].mul == 3 && (i == 0 || x[i - 1].add < x[i].add)");
        CHECK(kept.get() == expected);
    }
}

TEST_CASE("remove_if and partition keep the order of both parts") {
    for (std::size_t n : scan_sizes()) {
        CAPTURE(n);
        const std::vector<std::int32_t> x = mixed_values<std::int32_t>(n, 3);
        const auto x_gpu = Array<std::int32_t>::to_device(context(), x);
        const auto is_odd = [](std::int32_t v) { return v % 2 != 0; };

        std::vector<std::int32_t> kept;
        std::remove_copy_if(x.begin(), x.end(), std::back_inserter(kept), is_odd);
        CHECK(rtcg::remove_if(x_gpu, "x[i] % 2 != 0").get() == kept);

        std::vector<std::int32_t> parted = x;
        const auto middle = std::stable_partition(parted.begin(), parted.end(), is_odd);
        const auto [values, true_count] = rtcg::partition(x_gpu, "x[i] % 2 != 0");
        CHECK(true_count == static_cast<std::size_t>(middle - parted.begin()));
        CHECK(values.get() == parted);
    }
}

TEST_CASE("unique keeps one element of each run") {
    for (std::size_t n : scan_sizes()) {
        CAPTURE(n);
        std::vector<std::int32_t> x(n);
        for (std::size_t k = 0; k < n; ++k) x[k] = static_cast<std::int32_t>(k / 3 + k / 1000);
        std::vector<std::int32_t> expected = x;
        expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
        CHECK(rtcg::unique(Array<std::int32_t>::to_device(context(), x)).get() == expected);
    }
    // NaNs: every one kept by the default equality, one per run with numpy's.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const auto x = Array<double>::to_device(context(), {-1.0, -1.0, 0.0, 2.0, 2.0, nan, nan, nan});
    const std::vector<double> every_nan = rtcg::unique(x).get();
    CHECK(every_nan.size() == 6);
    const std::vector<double> one_nan = rtcg::unique(x, "a == b || (a != a && b != b)").get();
    REQUIRE(one_nan.size() == 4);
    CHECK(std::isnan(one_nan[3]));
}

TEST_CASE("copy_if over more than 2^31 elements (GPUs with the memory only)") {
    const std::size_t n = (std::size_t{1} << 31) + 5;
    if (!rtcg::test::can_test_beyond_2_31(3 * n)) {
        MESSAGE("skipped: needs a GPU with room for " << 3 * n << " bytes and more");
        return;
    }
    auto x = Array<std::uint8_t>::full(context(), n, 7);
    const auto kept = rtcg::copy_if(x, "i % 3 == 0 || i == n - 1");
    CHECK(kept.size() == (n + 2) / 3 + ((n - 1) % 3 != 0));
    const auto tail = kept(rtcg::slice(kept.size() - 2, kept.size())).get();
    CHECK(tail == std::vector<std::uint8_t>{7, 7});
}

TEST_CASE("the Counted forms leave the result and its count on the device, as the others return them") {
    const std::vector<std::int32_t> x = mixed_values<std::int32_t>(1000, 3);
    const auto x_gpu = Array<std::int32_t>::to_device(context(), x);
    std::vector<std::int32_t> positive, rest;
    std::copy_if(x.begin(), x.end(), std::back_inserter(positive), [](std::int32_t v) { return v > 0; });
    std::copy_if(x.begin(), x.end(), std::back_inserter(rest), [](std::int32_t v) { return v <= 0; });

    // Room beyond the input's size is left alone.
    auto into = rtcg::Counted<std::int32_t>::room(context(), x.size() + 5);
    into.values.fill(-7);
    rtcg::copy_if(x_gpu, "x[i] > 0", into);
    CHECK(into.count.item() == static_cast<std::int64_t>(positive.size()));
    CHECK(into.trimmed().get() == positive);
    CHECK(into.values(-1).item() == -7);

    rtcg::remove_if(x_gpu, "x[i] > 0", into);
    CHECK(into.trimmed().get() == rest);

    rtcg::partition(x_gpu, "x[i] > 0", into);
    CHECK(into.count.item() == static_cast<std::int64_t>(positive.size()));
    std::vector<std::int32_t> parted = positive;
    parted.insert(parted.end(), rest.begin(), rest.end());
    CHECK(into.values(rtcg::slice(0, static_cast<std::int64_t>(x.size()))).get() == parted);

    std::vector<std::int32_t> sorted = x;
    std::sort(sorted.begin(), sorted.end());
    rtcg::unique(Array<std::int32_t>::to_device(context(), sorted), into);
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    CHECK(into.trimmed().get() == sorted);

    // An empty input counts 0; outputs that cannot hold the result, or a count that is not one
    // int64, are refused before anything runs.
    rtcg::copy_if(Array<std::int32_t>::empty(context(), 0), "x[i] > 0", into);
    CHECK(into.count.item() == 0);
    const auto small = rtcg::Counted<std::int32_t>::room(context(), x.size() - 1);
    CHECK_THROWS_AS(rtcg::copy_if(x_gpu, "x[i] > 0", small), rtcg::InvalidArgument);
    const rtcg::Counted<std::int32_t> wide_count{into.values, Array<std::int64_t>::zeros(context(), 2)};
    CHECK_THROWS_AS(rtcg::unique(x_gpu, wide_count), rtcg::InvalidArgument);
}
