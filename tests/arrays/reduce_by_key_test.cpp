// reduce_by_key against runs reduced on the host: sums of int32, int64, float and double (exact
// values, so any grouping gives the host's result), min and max with NaNs, an operation that is
// not commutative, int32 and int64 keys, n = 0 and 1, one run and all runs of one, strided views,
// the form that writes the run count on the device, and the refused calls, which write nothing.
#include "../support/test_context.hpp"

#include <rtcg/arrays/reduce_by_key.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <type_traits>
#include <vector>

using rtcg::Array;
using rtcg::RunOperation;
using rtcg::RunReduction;
using rtcg::test::context;

namespace {

// Keys in runs of 1 to max_run equal keys (max_run = 1: every key its own run).
template <class K>
std::vector<K> run_keys(std::size_t n, std::size_t max_run, std::uint32_t seed) {
    std::vector<K> keys;
    std::uint32_t state = seed;
    K key = 0;
    while (keys.size() < n) {
        state = state * 1664525u + 1013904223u;
        const std::size_t run = 1 + (state >> 8) % max_run;
        for (std::size_t k = 0; k < run && keys.size() < n; ++k) keys.push_back(key);
        key = static_cast<K>(key + 1 + static_cast<K>((state >> 20) % 3));
    }
    return keys;
}

// Small integers in every type, so that sums are exact however they are grouped.
template <class V>
std::vector<V> small_values(std::size_t n) {
    std::vector<V> values(n);
    for (std::size_t k = 0; k < n; ++k) values[k] = static_cast<V>(static_cast<std::int64_t>(k * 7919 % 201) - 100);
    return values;
}

template <class K, class V>
std::pair<std::vector<K>, std::vector<V>> host_runs(const std::vector<K>& keys, const std::vector<V>& values,
                                                    const std::function<V(V, V)>& op) {
    std::pair<std::vector<K>, std::vector<V>> runs;
    for (std::size_t k = 0; k < keys.size(); ++k) {
        if (k == 0 || keys[k] != keys[k - 1]) {
            runs.first.push_back(keys[k]);
            runs.second.push_back(values[k]);
        } else {
            runs.second.back() = op(runs.second.back(), values[k]);
        }
    }
    return runs;
}

template <class K, class V>
void check_sums() {
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{5000}})
        for (std::size_t max_run : {std::size_t{1}, std::size_t{9}, std::size_t{5000}}) {
            CAPTURE(n);
            CAPTURE(max_run);
            const std::vector<K> keys = run_keys<K>(n, max_run, static_cast<std::uint32_t>(n + max_run));
            const std::vector<V> values = small_values<V>(n);
            const auto [k, v] =
                rtcg::reduce_by_key(Array<K>::to_device(context(), keys), Array<V>::to_device(context(), values));
            const auto expected = host_runs<K, V>(keys, values, std::plus<V>());
            CHECK(k.get() == expected.first);
            CHECK(v.get() == expected.second);
        }
}

} // namespace

// One value type per test case: each is a scan of its own to compile. Integer values have keys of
// their type, floating ones int32 and int64 keys.
TEST_CASE_TEMPLATE("reduce_by_key sums runs", V, std::int32_t, std::int64_t, float, double) {
    if constexpr (std::is_integral_v<V>)
        check_sums<V, V>();
    else
        check_sums<std::conditional_t<std::is_same_v<V, float>, std::int32_t, std::int64_t>, V>();
}

namespace {

struct NanRuns {
    std::vector<std::int32_t> keys = run_keys<std::int32_t>(3000, 12, 9);
    std::vector<float> values = small_values<float>(keys.size());

    NanRuns() { values[17] = std::numeric_limits<float>::quiet_NaN(); }

    void check(RunReduction reduction, const std::function<float(float, float)>& op) const {
        const auto reduced = rtcg::reduce_by_key(Array<std::int32_t>::to_device(context(), keys),
                                                 Array<float>::to_device(context(), values), reduction);
        const std::vector<float> got = reduced.values.get();
        const std::vector<float> expected = host_runs<std::int32_t, float>(keys, values, op).second;
        REQUIRE(got.size() == expected.size());
        for (std::size_t k = 0; k < got.size(); ++k) {
            CAPTURE(k);
            CHECK((got[k] == expected[k] || (std::isnan(got[k]) && std::isnan(expected[k]))));
        }
    }
};

} // namespace

TEST_CASE("reduce_by_key min keeps NaN") {
    NanRuns().check(RunReduction::min,
                    [](float a, float b) { return std::isnan(a) || std::isnan(b) ? NAN : std::min(a, b); });
}

TEST_CASE("reduce_by_key max keeps NaN") {
    NanRuns().check(RunReduction::max,
                    [](float a, float b) { return std::isnan(a) || std::isnan(b) ? NAN : std::max(a, b); });
}

TEST_CASE("reduce_by_key with an operation that is not commutative keeps the order of each run") {
    // "b": the last value of each run.
    const std::vector<std::int32_t> keys = run_keys<std::int32_t>(3000, 12, 10);
    const std::vector<std::int32_t> values = small_values<std::int32_t>(keys.size());
    const auto last = rtcg::reduce_by_key(Array<std::int32_t>::to_device(context(), keys),
                                          Array<std::int32_t>::to_device(context(), values), RunOperation{"b", "0"});
    const auto expected = host_runs<std::int32_t, std::int32_t>(keys, values, [](int, int b) { return b; });
    CHECK(last.keys.get() == expected.first);
    CHECK(last.values.get() == expected.second);
}

TEST_CASE("reduce_by_key takes strided and reversed views") {
    const std::vector<std::int32_t> keys = run_keys<std::int32_t>(2 * 1500, 7, 4);
    const std::vector<std::int32_t> values = small_values<std::int32_t>(keys.size());
    const auto keys_gpu = Array<std::int32_t>::to_device(context(), keys);
    const auto values_gpu = Array<std::int32_t>::to_device(context(), values);
    std::vector<std::int32_t> keys_strided, values_strided;
    for (std::size_t k = 0; k < keys.size(); k += 3) {
        keys_strided.push_back(keys[k]);
        values_strided.push_back(values[k]);
    }
    const auto every_third = rtcg::slice(rtcg::none, rtcg::none, 3);
    const auto strided = rtcg::reduce_by_key(keys_gpu(every_third), values_gpu(every_third));
    const auto expected = host_runs<std::int32_t, std::int32_t>(keys_strided, values_strided, std::plus<int>());
    CHECK(strided.keys.get() == expected.first);
    CHECK(strided.values.get() == expected.second);

    const auto backwards = rtcg::slice(rtcg::none, rtcg::none, -1);
    const auto reversed = rtcg::reduce_by_key(keys_gpu(backwards), values_gpu(backwards));
    const auto expected_reversed = host_runs<std::int32_t, std::int32_t>(
        {keys.rbegin(), keys.rend()}, {values.rbegin(), values.rend()}, std::plus<int>());
    CHECK(reversed.keys.get() == expected_reversed.first);
    CHECK(reversed.values.get() == expected_reversed.second);
}

TEST_CASE("reduce_by_key into CountedRuns writes the run count on the device, and refused calls write nothing") {
    const std::vector<std::int32_t> keys = run_keys<std::int32_t>(2000, 5, 8);
    const std::vector<std::int32_t> values = small_values<std::int32_t>(keys.size());
    const auto keys_gpu = Array<std::int32_t>::to_device(context(), keys);
    const auto values_gpu = Array<std::int32_t>::to_device(context(), values);
    const auto out_keys = Array<std::int32_t>::full(context(), keys.size() + 5, -1);
    const auto out_values = Array<std::int32_t>::full(context(), keys.size() + 5, -1);
    const auto run_count = Array<std::int64_t>::full(context(), 1, -1);
    using Runs = rtcg::CountedRuns<std::int32_t, std::int32_t>;

    const auto too_short = Array<std::int32_t>::full(context(), keys.size() - 1, -1);
    CHECK_THROWS_AS(rtcg::reduce_by_key(keys_gpu, values_gpu, Runs{too_short, out_values, run_count}),
                    rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::reduce_by_key(keys_gpu, values_gpu(rtcg::slice(0, 5)), Runs{out_keys, out_values, run_count}),
                    rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::reduce_by_key(keys_gpu, values_gpu, Runs{out_keys, out_values, run_count}, RunOperation{"a +* b", "0"}),
                    rtcg::CompileError);
    CHECK_THROWS_AS(rtcg::reduce_by_key(keys_gpu, Array<bool>::zeros(context(), keys.size())), rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::reduce_by_key(keys_gpu, values_gpu, Runs{keys_gpu, out_values, run_count}),
                    rtcg::InvalidArgument);
    CHECK(too_short.get() == std::vector<std::int32_t>(keys.size() - 1, -1));
    CHECK(out_keys.get() == std::vector<std::int32_t>(keys.size() + 5, -1));
    CHECK(out_values.get() == std::vector<std::int32_t>(keys.size() + 5, -1));
    CHECK(run_count.get() == std::vector<std::int64_t>{-1});

    rtcg::reduce_by_key(keys_gpu, values_gpu, Runs{out_keys, out_values, run_count});
    const auto expected = host_runs<std::int32_t, std::int32_t>(keys, values, std::plus<int>());
    const auto runs = static_cast<std::size_t>(run_count.get()[0]);
    REQUIRE(runs == expected.first.size());
    const std::vector<std::int32_t> written_keys = out_keys.get();
    const std::vector<std::int32_t> written_values = out_values.get();
    CHECK(std::vector<std::int32_t>(written_keys.begin(), written_keys.begin() + runs) == expected.first);
    CHECK(std::vector<std::int32_t>(written_values.begin(), written_values.begin() + runs) == expected.second);
    CHECK(written_values[keys.size()] == -1);

    rtcg::reduce_by_key(keys_gpu(rtcg::slice(0, 0)), values_gpu(rtcg::slice(0, 0)), Runs{out_keys, out_values, run_count});
    CHECK(run_count.get() == std::vector<std::int64_t>{0});
}
