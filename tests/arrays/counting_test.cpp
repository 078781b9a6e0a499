// searchsorted, bincount and histogram against numpy's results written out by hand and host loops.
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"

#include <rtcg/arrays/counting.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

using rtcg::Array;
using rtcg::test::context;
using I64 = std::vector<std::int64_t>;

TEST_CASE("searchsorted finds the first or last place that keeps the order, NaN last") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const auto sorted = Array<double>::to_device(context(), {1, 2, 2, 3, nan});
    const auto values = Array<double>::to_device(context(), {0, 2, 2.5, 3, 9, nan}).reshape({2, 3});
    const auto left = rtcg::searchsorted(sorted, values);
    CHECK(left.shape() == std::vector<std::size_t>{2, 3});
    CHECK(left.get() == I64{0, 1, 3, 3, 4, 4});
    CHECK(rtcg::searchsorted(sorted, values, rtcg::Side::right).get() == I64{0, 3, 3, 4, 4, 5});

    std::mt19937 random(3);
    std::vector<std::int32_t> keys(5000), probes(20000);
    for (auto& k : keys) k = static_cast<std::int32_t>(random() % 1000);
    for (auto& p : probes) p = static_cast<std::int32_t>(random() % 1100) - 50;
    std::sort(keys.begin(), keys.end());
    const std::vector<std::int64_t> got =
        rtcg::searchsorted(Array<std::int32_t>::to_device(context(), keys), Array<std::int32_t>::to_device(context(), probes))
            .get();
    for (std::size_t k = 0; k < probes.size(); ++k)
        REQUIRE(got[k] == std::lower_bound(keys.begin(), keys.end(), probes[k]) - keys.begin());
}

TEST_CASE("bincount counts each value; histogram bins as numpy does") {
    const auto labels = Array<std::int32_t>::to_device(context(), {0, 1, 1, 3, 2, 1, 7});
    CHECK(rtcg::bincount(labels).get() == I64{1, 3, 1, 1, 0, 0, 0, 1});
    CHECK(rtcg::bincount(labels, 10).size() == 10);
    CHECK(rtcg::bincount(Array<std::int32_t>::zeros(context(), 0), 3).get() == I64{0, 0, 0});
    CHECK(rtcg::test::contains(rtcg::test::message_of<rtcg::InvalidArgument>(
                                   [&] { rtcg::bincount(Array<std::int32_t>::to_device(context(), {1, -3})); }),
                               "the smallest is -3"));

    // numpy.histogram([1, 2, 1], bins=[0, 1, 2, 3]) style: equal bins over a range.
    const auto x = Array<float>::to_device(context(), {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, -1.0f, 2.9999f});
    const auto [counts, edges] = rtcg::histogram(x, 3, std::pair{0.0, 3.0});
    CHECK(counts.get() == I64{2, 2, 3}); // -1 is outside; 3.0 goes in the last bin
    CHECK(edges.get() == std::vector<double>{0, 1, 2, 3});
    const auto [auto_counts, auto_edges] = rtcg::histogram(x, 4);
    CHECK(auto_edges.get() == std::vector<double>{-1, 0, 1, 2, 3});
    CHECK(auto_counts.get() == I64{1, 2, 2, 3});

    std::mt19937 random(17);
    std::normal_distribution<double> normal;
    std::vector<double> samples(100000);
    for (double& s : samples) s = normal(random);
    const auto [h, e] = rtcg::histogram(Array<double>::to_device(context(), samples), 50, std::pair{-3.0, 3.0});
    const std::vector<double> edge = e.get();
    I64 expected(50);
    for (double s : samples) {
        if (s < -3.0 || s > 3.0) continue;
        std::size_t b = static_cast<std::size_t>(std::upper_bound(edge.begin(), edge.end(), s) - edge.begin()) - 1;
        expected[std::min<std::size_t>(b, 49)] += 1;
    }
    CHECK(h.get() == expected);
}
