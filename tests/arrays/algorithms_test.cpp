// copy_if, remove_if, partition, unique and the radix sort on the device against host references
// (std::copy_if, std::stable_partition, std::unique, std::stable_sort with numpy's order): every
// size of the issue, int32, int64, float, double and a struct; sorted, reverse-sorted, all-equal
// and NaN-holding inputs; stability of equal keys; one selection over 2^31 elements where a GPU
// has the memory. The radix sort's kernels are also compiled for CUDA by NVRTC (the selections
// are ScanKernels, whose CUDA source scan_test.cpp compiles).
#include "../support/cuda_compile.hpp"
#include "../support/expect_error.hpp"
#include "../support/test_context.hpp"
#include "scan_test_support.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/radix_sort_source.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <random>
#include <vector>

using rtcg::Array;
using rtcg::test::Affine;
using rtcg::test::context;
using rtcg::test::scan_sizes;

namespace {

template <class T>
std::vector<T> mixed_values(std::size_t n, unsigned seed) {
    std::mt19937_64 generator(seed);
    std::vector<T> out(n);
    for (T& v : out) {
        if constexpr (std::is_floating_point_v<T>)
            v = static_cast<T>(static_cast<std::int64_t>(generator() % 2000001) - 1000000) / T(8);
        else if constexpr (std::is_signed_v<T>)
            v = static_cast<T>(static_cast<std::int64_t>(generator() >> 1) - std::numeric_limits<std::int64_t>::max() / 2);
        else
            v = static_cast<T>(generator());
    }
    return out;
}

// numpy's sort order: NaNs last, -0.0 equal to 0.0.
template <class T>
bool numpy_less(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(a)) return false;
        if (std::isnan(b)) return true;
    }
    return a < b;
}

// Bitwise, so that -0.0 and 0.0, and NaNs, are told apart and must be where the reference has them.
template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

template <class K>
void check_sort(const std::vector<K>& keys) {
    CAPTURE(keys.size());
    std::vector<K> expected = keys;
    std::stable_sort(expected.begin(), expected.end(), numpy_less<K>);
    const auto keys_gpu = Array<K>::to_device(context(), keys);
    CHECK(same_bits(rtcg::sort(keys_gpu).get(), expected));
    CHECK(same_bits(keys_gpu.get(), keys)); // the input is untouched
}

template <class K, class V>
void check_sort_by_key(const std::vector<K>& keys, const std::vector<V>& values) {
    CAPTURE(keys.size());
    std::vector<std::size_t> order(keys.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return numpy_less(keys[a], keys[b]); });
    std::vector<K> expected_keys;
    std::vector<V> expected_values;
    for (std::size_t k : order) {
        expected_keys.push_back(keys[k]);
        expected_values.push_back(values[k]);
    }
    const auto [sorted_keys, sorted_values] =
        rtcg::sort_by_key(Array<K>::to_device(context(), keys), Array<V>::to_device(context(), values));
    CHECK(same_bits(sorted_keys.get(), expected_keys));
    CHECK(sorted_values.get() == expected_values);
}

// Random, sorted, reverse-sorted and all-equal keys.
template <class K>
std::vector<std::vector<K>> key_patterns(std::size_t n) {
    std::vector<K> random = mixed_values<K>(n, static_cast<unsigned>(n) + 1);
    std::vector<K> sorted = random;
    std::sort(sorted.begin(), sorted.end(), numpy_less<K>);
    std::vector<K> reversed(sorted.rbegin(), sorted.rend());
    return {random, sorted, reversed, std::vector<K>(n, random.empty() ? K{} : random[0])};
}

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
    for (std::size_t n : scan_sizes) {
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
    for (std::size_t n : scan_sizes) {
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
    for (std::size_t n : scan_sizes) {
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

TEST_CASE("sort orders integers and floats of every width at every size") {
    for (std::size_t n : scan_sizes) {
        check_sort(mixed_values<std::uint32_t>(n, 1));
        check_sort(mixed_values<std::int32_t>(n, 2));
        check_sort(mixed_values<float>(n, 5));
        if (n <= (1u << 20)) {
            check_sort(mixed_values<std::uint64_t>(n, 3));
            check_sort(mixed_values<std::int64_t>(n, 4));
            check_sort(mixed_values<double>(n, 6));
        }
    }
}

TEST_CASE("sort handles sorted, reverse-sorted and all-equal input") {
    for (std::size_t n : {std::size_t{1}, std::size_t{257}, std::size_t{4101}, std::size_t{(1u << 20) + 1}}) {
        for (const auto& keys : key_patterns<std::int32_t>(n)) check_sort(keys);
        for (const auto& keys : key_patterns<double>(n)) check_sort(keys);
    }
}

TEST_CASE("sort puts every NaN last and treats -0.0 as 0.0, keeping their order") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<float> keys{3.0f, -nan, 0.0f, -0.0f, -inf, nan, inf, -0.0f, 0.0f, -2.5f, nan, 1e-45f, -1e-45f};
    for (std::size_t k = 0; k < 5000; ++k) keys.push_back(k % 7 == 0 ? (k % 2 ? nan : -nan) : static_cast<float>(k % 13) - 6);
    check_sort(keys);
    std::vector<double> wide(keys.begin(), keys.end());
    check_sort(wide);
}

TEST_CASE("sort_by_key is stable and moves values of any type with their keys") {
    for (std::size_t n : scan_sizes) {
        CAPTURE(n);
        // Few distinct keys, so most are equal: the values (their positions) show stability.
        std::vector<float> keys(n);
        std::vector<std::int32_t> positions(n);
        std::vector<Affine> structs(n);
        std::vector<std::uint64_t> wide_keys(n);
        for (std::size_t k = 0; k < n; ++k) {
            keys[k] = static_cast<float>((k * 7919) % 10) - 4.5f;
            positions[k] = static_cast<std::int32_t>(k);
            structs[k] = rtcg::test::affine_at(k);
            wide_keys[k] = (k * 2654435761u) % 1000 << 40;
        }
        check_sort_by_key(keys, positions);
        if (n <= (1u << 20)) {
            rtcg::test::affine_type();
            check_sort_by_key(wide_keys, structs);
        }
    }
}

TEST_CASE("the radix sort's kernels compile for CUDA, for every key type, with and without values") {
    using rtcg::codegen::Dialect;
    using rtcg::codegen::DType;
    const DType affine = rtcg::test::affine_type();
    for (const DType& key : {DType::uint32(), DType::int32(), DType::uint64(), DType::int64(), DType::float32(),
                             DType::float64(), DType::int8()}) {
        CAPTURE(key.name());
        rtcg::test::compile_for_cuda(rtcg::radix_sort_source(Dialect::cuda, key, std::nullopt, DType::uint32(), 256, 7));
    }
    rtcg::test::compile_for_cuda(rtcg::radix_sort_source(Dialect::cuda, DType::float32(), DType::int32(), DType::uint64(), 256, 3));
    rtcg::test::compile_for_cuda(rtcg::radix_sort_source(Dialect::cuda, DType::uint64(), affine, DType::uint32(), 128, 3));
    CHECK_THROWS_AS(rtcg::radix_sort_source(Dialect::cuda, DType::complex64(), std::nullopt, DType::uint32(), 256, 7),
                    rtcg::InvalidArgument);
}

TEST_CASE("sort_by_key refuses keys and values of different sizes") {
    const auto keys = Array<std::uint32_t>::zeros(context(), 10);
    const auto values = Array<std::int32_t>::zeros(context(), 9);
    CHECK(rtcg::test::contains(
        rtcg::test::message_of<rtcg::InvalidArgument>([&] { rtcg::sort_by_key(keys, values); }), "10 keys but 9 values"));
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
    const auto tail = kept.slice(kept.size() - 2, kept.size()).get();
    CHECK(tail == std::vector<std::uint8_t>{7, 7});
}
