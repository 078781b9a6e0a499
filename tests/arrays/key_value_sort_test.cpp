// KeyValueSorter against a stable grouping on the host: values of int32, int64, float and double,
// keys of int32, uint16 and int64 over few and many (mostly empty) keys, n = 0 and 1, strided and reversed
// views, and keys out of range, which return nothing and name the first bad key.
#include "../support/test_context.hpp"

#include <rtcg/arrays/key_value_sort.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

using rtcg::Array;
using rtcg::KeyValueSorter;
using rtcg::test::context;

namespace {

template <class K>
std::vector<K> keys_below(std::size_t n, std::size_t nkeys, std::uint32_t seed) {
    std::vector<K> keys(n);
    std::uint32_t state = seed;
    for (K& key : keys) {
        state = state * 1664525u + 1013904223u;
        key = static_cast<K>((state >> 8) % nkeys);
    }
    return keys;
}

template <class V>
std::vector<V> distinct_values(std::size_t n) {
    std::vector<V> values(n);
    for (std::size_t k = 0; k < n; ++k) values[k] = static_cast<V>(static_cast<double>(k) * 0.5 - 7);
    return values;
}

// The host's grouping: key k's values in input order, and the starts.
template <class K, class V>
void check_grouping(const std::vector<K>& keys, const std::vector<V>& values, std::size_t nkeys,
                    const rtcg::KeyValueLists<V>& grouped) {
    std::vector<std::int64_t> starts(nkeys + 1, 0);
    std::vector<V> lists;
    for (std::size_t key = 0; key < nkeys; ++key) {
        starts[key] = static_cast<std::int64_t>(lists.size());
        for (std::size_t k = 0; k < keys.size(); ++k)
            if (static_cast<std::size_t>(keys[k]) == key) lists.push_back(values[k]);
    }
    starts[nkeys] = static_cast<std::int64_t>(lists.size());
    CHECK(grouped.starts.get() == starts);
    CHECK(grouped.lists.get() == lists);
}

template <class K, class V>
void check_sizes(const KeyValueSorter& sorter) {
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{3001}})
        for (std::size_t nkeys : {std::size_t{1}, std::size_t{17}, std::size_t{5000}}) {
            CAPTURE(n);
            CAPTURE(nkeys);
            const std::vector<K> keys = keys_below<K>(n, nkeys, static_cast<std::uint32_t>(n + nkeys));
            const std::vector<V> values = distinct_values<V>(n);
            check_grouping(keys, values, nkeys,
                           sorter(Array<K>::to_device(context(), keys), Array<V>::to_device(context(), values), nkeys));
        }
}

} // namespace

// One value type per test case, each its own gather kernel; the sort is the same for all.
TEST_CASE_TEMPLATE("KeyValueSorter groups values by int32 keys, stably", V, std::int32_t, std::int64_t, float, double) {
    check_sizes<std::int32_t, V>(KeyValueSorter(context()));
}

TEST_CASE("KeyValueSorter groups values by uint16 and int64 keys") {
    check_sizes<std::uint16_t, float>(KeyValueSorter(context()));
    check_sizes<std::int64_t, std::int32_t>(KeyValueSorter(context()));
}

TEST_CASE("KeyValueSorter takes strided and reversed keys and values") {
    const KeyValueSorter sorter(context());
    const std::vector<std::int32_t> keys = keys_below<std::int32_t>(2 * 999, 40, 5);
    const std::vector<std::int32_t> values = distinct_values<std::int32_t>(keys.size());
    const auto keys_gpu = Array<std::int32_t>::to_device(context(), keys);
    const auto values_gpu = Array<std::int32_t>::to_device(context(), values);
    const auto every_other = rtcg::slice(rtcg::none, rtcg::none, 2);
    const auto backwards = rtcg::slice(rtcg::none, rtcg::none, -1);
    std::vector<std::int32_t> keys_strided, values_strided;
    for (std::size_t k = 0; k < keys.size(); k += 2) {
        keys_strided.push_back(keys[k]);
        values_strided.push_back(values[k]);
    }
    check_grouping(keys_strided, values_strided, 40, sorter(keys_gpu(every_other), values_gpu(every_other), 40));
    const std::vector<std::int32_t> keys_reversed(keys.rbegin(), keys.rend());
    const std::vector<std::int32_t> values_reversed(values.rbegin(), values.rend());
    check_grouping(keys_reversed, values_reversed, 40, sorter(keys_gpu(backwards), values_gpu(backwards), 40));
}

TEST_CASE("KeyValueSorter names the first key out of range and returns nothing") {
    const KeyValueSorter sorter(context());
    std::vector<std::int32_t> keys = keys_below<std::int32_t>(1000, 10, 3);
    const auto values = Array<std::int32_t>::to_device(context(), distinct_values<std::int32_t>(keys.size()));
    keys[700] = 10;
    keys[321] = -4;
    try {
        (void)sorter(Array<std::int32_t>::to_device(context(), keys), values, 10);
        FAIL("keys out of range were grouped");
    } catch (const rtcg::InvalidArgument& e) {
        CHECK(std::string(e.what()).find("key -4 at index 321") != std::string::npos);
    }
    CHECK_THROWS_AS((void)sorter(Array<std::int32_t>::to_device(context(), keys), values, 0), rtcg::InvalidArgument);
    CHECK_THROWS_AS((void)sorter(Array<std::int32_t>::zeros(context(), 3), values, 10), rtcg::InvalidArgument);
}
