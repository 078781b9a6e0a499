// The radix sort (rtcg::sort, rtcg::sort_by_key) on the device against std::stable_sort in numpy's
// order: keys of every width at every size of the scan tests and around the sort's tiles; the
// digit patterns the passes depend on (every value of every digit, passes skipped because every
// key shares the digit, skipped and run passes interleaved, the whole input copied when all are
// skipped); stability of equal keys, NaNs and zeros of both signs, through values that are the
// keys' positions; views; values of any type; many tiles, whose passes chain long look-backs, and
// the kernels driven directly with small tiles and both widths of the look-back's statuses, the
// one-tile kernel (a whole sort in one work-group) among them, ranked by warp votes and by
// counting rounds where the device has warp primitives. The kernels are also compiled for CUDA by
// NVRTC.
#include "../support/cuda_compile.hpp"
#include "../support/expect_error.hpp"
#include "../support/numpy_order.hpp"
#include "../support/test_context.hpp"
#include "scan_test_support.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/radix_sort_source.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

using rtcg::Array;
using rtcg::test::Affine;
using rtcg::test::context;
using rtcg::test::mixed_values;
using rtcg::test::numpy_less;
using rtcg::test::same_bits;
using rtcg::test::scan_sizes;

namespace {

// Tiles are 256 work-items of 15 keys (3840) for keys alone and 32-bit keys with values, and of 11
// (2816) for 64-bit keys with 32-bit values, on devices that run 256 work-items with 42 KB of
// local memory (PoCL and NVIDIA's OpenCL); CUDA's warp-vote ranking takes 19 keys (4864) of up to
// 4 bytes below 2^24 keys, 27 (6912) from there: sizes one short of, at and past one and more
// tiles. Up to one tile, one work-group sorts in one launch; past it, the passes run.
constexpr std::size_t tile_sizes[] = {2815, 2816, 2817, 3839, 3840, 3841, 2 * 3840, 2 * 3840 + 1, 3 * 3840 - 1,
                                      4863, 4864, 4865, 6911, 6912, 6913, 2 * 6912 + 1};
constexpr std::size_t large = (std::size_t{1} << 20) + 7;
// From 2^24 keys sort() reads the digits' counts back and skips the passes every key agrees on,
// with CUDA's largest tiles; below, every pass runs, such a pass as a copy.
constexpr std::size_t read_back = (std::size_t{1} << 24) + 7;

template <class K>
std::vector<K> stable_sorted(std::vector<K> keys) {
    std::stable_sort(keys.begin(), keys.end(), numpy_less<K>);
    return keys;
}

template <class K>
void check_sort(const Array<K>& keys_gpu) {
    const std::vector<K> keys = keys_gpu.get();
    CAPTURE(keys.size());
    CHECK(same_bits(rtcg::sort(keys_gpu).get(), stable_sorted(keys)));
    CHECK(same_bits(keys_gpu.get(), keys)); // the input is untouched
}

template <class K>
void check_sort(const std::vector<K>& keys) {
    check_sort(Array<K>::to_device(context(), keys));
}

template <class K, class V>
void check_sort_by_key(const Array<K>& keys_gpu, const Array<V>& values_gpu) {
    const std::vector<K> keys = keys_gpu.get();
    const std::vector<V> values = values_gpu.get();
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
    const auto [sorted_keys, sorted_values] = rtcg::sort_by_key(keys_gpu, values_gpu);
    CHECK(same_bits(sorted_keys.get(), expected_keys));
    CHECK(sorted_values.get() == expected_values);
}

template <class K, class V>
void check_sort_by_key(const std::vector<K>& keys, const std::vector<V>& values) {
    check_sort_by_key(Array<K>::to_device(context(), keys), Array<V>::to_device(context(), values));
}

// Each key's position: as values, they show that equal keys keep their order.
std::vector<std::uint32_t> positions(std::size_t n) {
    std::vector<std::uint32_t> out(n);
    for (std::size_t k = 0; k < n; ++k) out[k] = static_cast<std::uint32_t>(k);
    return out;
}

// Keys whose every byte runs through its 256 values in each block of 256 keys, with the bytes
// combined differently from block to block; shuffled.
template <class K>
std::vector<K> every_digit_value(std::size_t n, unsigned seed) {
    using Bits = std::make_unsigned_t<K>;
    std::vector<K> keys(n);
    for (std::size_t k = 0; k < n; ++k) {
        Bits bits = 0;
        for (std::size_t p = 0; p < sizeof(K); ++p)
            bits |= static_cast<Bits>(static_cast<Bits>((k + (k / 256) * (2 * p + 1) * 7 + 17 * p) & 0xff) << (8 * p));
        keys[k] = static_cast<K>(bits);
    }
    std::shuffle(keys.begin(), keys.end(), std::mt19937(seed));
    return keys;
}

// Random bits where `varying` is set, those of `shared` elsewhere.
template <class K>
std::vector<K> bits_varying(std::size_t n, std::make_unsigned_t<K> varying, std::make_unsigned_t<K> shared,
                            unsigned seed) {
    using Bits = std::make_unsigned_t<K>;
    std::mt19937_64 generator(seed);
    std::vector<K> keys(n);
    for (K& key : keys) key = static_cast<K>((static_cast<Bits>(generator()) & varying) | (shared & ~varying));
    return keys;
}

template <class K>
constexpr std::make_unsigned_t<K> top_byte = static_cast<std::make_unsigned_t<K>>(std::make_unsigned_t<K>{0xff}
                                                                                  << (8 * (sizeof(K) - 1)));

// Mixed values with NaNs of both signs, -0.0 and 0.0 among them.
template <class F>
std::vector<F> with_nans_and_zeros(std::size_t n, unsigned seed) {
    std::vector<F> keys = mixed_values<F>(n, seed);
    const F nan = std::numeric_limits<F>::quiet_NaN();
    for (std::size_t k = 0; k < n; ++k) {
        if (k % 7 == 0) keys[k] = k % 2 ? nan : -nan;
        else if (k % 11 == 0) keys[k] = F(-0.0);
        else if (k % 13 == 0) keys[k] = F(0.0);
    }
    return keys;
}

// Random 32-bit keys with 16 of their bits set: every digit varies and many keys are equal.
std::vector<std::uint32_t> repeating_keys(std::size_t n, unsigned seed) {
    return bits_varying<std::uint32_t>(n, 0x0f0f0f0fu, 0, seed);
}

// 32-bit keys and their positions, sorted by the kernels of radix_sort_source.hpp as its header
// documents them, with `Count` counts: tiles of `block` * `items` keys, all four passes run.
// nullopt where the device cannot run the kernels in work-groups of `block`.
using SortedPairs = std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>>;
template <class Count>
std::optional<SortedPairs> sort_with_kernels(const rtcg::codegen::Target& target,
                                             const std::vector<std::uint32_t>& keys, std::size_t block,
                                             std::size_t items) {
    using rtcg::codegen::DType;
    constexpr std::size_t key_positions = 4, digits = 256, total_words = 2 * key_positions * digits;
    const rtcg::Context& ctx = context();
    const DType counter = sizeof(Count) == 8 ? DType::uint64() : DType::uint32();
    const rtcg::Module module =
        ctx.compile(rtcg::radix_sort_source(target, DType::uint32(), DType::uint32(), counter, block, items));
    for (const char* name : {"rtcg_sort_histogram", "rtcg_sort_starts", "rtcg_sort_pass"})
        if (const std::size_t allowed = module.kernel(name).attributes().max_threads_per_block; allowed && allowed < block)
            return std::nullopt;
    const std::size_t n = keys.size();
    const std::size_t tiles = (n + block * items - 1) / (block * items);
    std::vector<std::uint32_t> state(total_words + key_positions + tiles * digits * sizeof(Count) / 4, 0);
    const rtcg::Buffer state_gpu = ctx.to_device(state);
    const std::array<rtcg::Buffer, 2> keys_gpu{ctx.to_device(keys), ctx.allocate(n * sizeof(std::uint32_t))};
    const std::array<rtcg::Buffer, 2> values_gpu{ctx.to_device(positions(n)), ctx.allocate(n * sizeof(std::uint32_t))};
    const std::int64_t zero = 0, count = static_cast<std::int64_t>(n);
    module.kernel("rtcg_sort_histogram")(ctx.queue(), rtcg::LaunchConfig{rtcg::Dim3{3}, rtcg::Dim3{block}, 0},
                                         keys_gpu[0], zero, count, state_gpu);
    const rtcg::Buffer starts_gpu = ctx.allocate(key_positions * (digits + 1) * sizeof(Count));
    module.kernel("rtcg_sort_starts")(ctx.queue(), rtcg::LaunchConfig{rtcg::Dim3{1}, rtcg::Dim3{block}, 0}, state_gpu,
                                      starts_gpu);
    // Against the histogram's totals, read back: each digit starts after the smaller ones, and a
    // position's flag says whether one digit has every key.
    ctx.queue().read(state_gpu, state.data(), total_words * sizeof(std::uint32_t));
    std::vector<Count> expected_starts(key_positions * (digits + 1), 0);
    for (std::size_t e = 0; e < key_positions * digits; ++e) {
        const std::uint64_t total = state[2 * e] | std::uint64_t{state[2 * e + 1]} << 32;
        if ((e + 1) % digits) expected_starts[e + 1] = expected_starts[e] + static_cast<Count>(total);
        if (total == n) expected_starts[key_positions * digits + e / digits] = 1;
    }
    CHECK(ctx.to_host<Count>(starts_gpu) == expected_starts);
    for (unsigned pass = 0; pass < key_positions; ++pass)
        module.kernel("rtcg_sort_pass")(ctx.queue(), rtcg::LaunchConfig{rtcg::Dim3{tiles}, rtcg::Dim3{block}, 0},
                                        keys_gpu[pass % 2], zero, keys_gpu[1 - pass % 2], values_gpu[pass % 2], zero,
                                        values_gpu[1 - pass % 2], count, 8 * pass, pass, starts_gpu, state_gpu);
    return SortedPairs{ctx.to_host<std::uint32_t>(keys_gpu[0]), ctx.to_host<std::uint32_t>(values_gpu[0])};
}

// The same, by rtcg_sort_one_tile, for at most one tile of keys.
std::optional<SortedPairs> sort_with_one_tile_kernel(const rtcg::codegen::Target& target,
                                                     const std::vector<std::uint32_t>& keys, std::size_t block,
                                                     std::size_t items) {
    using rtcg::codegen::DType;
    const rtcg::Context& ctx = context();
    const rtcg::Module module =
        ctx.compile(rtcg::radix_sort_source(target, DType::uint32(), DType::uint32(), DType::uint32(), block, items));
    const rtcg::Kernel kernel = module.kernel("rtcg_sort_one_tile");
    if (const std::size_t allowed = kernel.attributes().max_threads_per_block; allowed && allowed < block)
        return std::nullopt;
    const std::size_t n = keys.size();
    const std::size_t bytes = n * sizeof(std::uint32_t);
    const rtcg::Buffer keys_gpu = ctx.to_device(keys), values_gpu = ctx.to_device(positions(n));
    const std::array<rtcg::Buffer, 2> keys_out{ctx.allocate(bytes), ctx.allocate(bytes)};
    const std::array<rtcg::Buffer, 2> values_out{ctx.allocate(bytes), ctx.allocate(bytes)};
    const std::int64_t zero = 0, count = static_cast<std::int64_t>(n);
    kernel(ctx.queue(), rtcg::LaunchConfig{rtcg::Dim3{1}, rtcg::Dim3{block}, 0}, keys_gpu, zero, keys_out[0],
           keys_out[1], values_gpu, zero, values_out[0], values_out[1], count);
    // Four positions: the last one, 3, wrote the odd arrays.
    return SortedPairs{ctx.to_host<std::uint32_t>(keys_out[1]), ctx.to_host<std::uint32_t>(values_out[1])};
}

// The keys stably sorted, and where each came from.
SortedPairs stable_sorted_with_positions(const std::vector<std::uint32_t>& keys) {
    std::vector<std::size_t> order(keys.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
    SortedPairs sorted;
    for (std::size_t k : order) {
        sorted.first.push_back(keys[k]);
        sorted.second.push_back(static_cast<std::uint32_t>(k));
    }
    return sorted;
}

// The device's target, and where it has warp primitives also the same dialect without them: both
// rankings (warp votes, counting rounds) run on the device.
std::vector<rtcg::codegen::Target> ranking_targets() {
    const rtcg::codegen::Target target = rtcg::codegen::target_of(context().device());
    if (!target.warp_primitives) return {target};
    return {target, rtcg::codegen::Target(target.dialect, false)};
}

// Random, sorted, reverse-sorted and all-equal keys.
template <class K>
std::vector<std::vector<K>> key_patterns(std::size_t n) {
    std::vector<K> random = mixed_values<K>(n, static_cast<unsigned>(n) + 1);
    std::vector<K> sorted = stable_sorted(random);
    std::vector<K> reversed(sorted.rbegin(), sorted.rend());
    return {random, sorted, reversed, std::vector<K>(n, random.empty() ? K{} : random[0])};
}

} // namespace

TEST_CASE("sort orders integers and floats of every width at every size") {
    for (std::size_t n : scan_sizes()) {
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

TEST_CASE("sort orders 8- and 16-bit keys, in one and two passes") {
    for (std::size_t n : {std::size_t{2}, std::size_t{255}, std::size_t{3841}, large}) {
        check_sort(mixed_values<std::int8_t>(n, 7));
        check_sort(mixed_values<std::uint8_t>(n, 8));
        check_sort(mixed_values<std::int16_t>(n, 9));
        check_sort(mixed_values<std::uint16_t>(n, 10));
    }
}

TEST_CASE("sort handles sorted, reverse-sorted and all-equal input") {
    for (std::size_t n : {std::size_t{1}, std::size_t{257}, std::size_t{4101}, std::size_t{(1u << 20) + 1}}) {
        for (const auto& keys : key_patterns<std::int32_t>(n)) check_sort(keys);
        for (const auto& keys : key_patterns<double>(n)) check_sort(keys);
    }
}

TEST_CASE("sort at sizes around whole tiles") {
    for (std::size_t n : tile_sizes) {
        check_sort(mixed_values<std::uint32_t>(n, 11));
        check_sort_by_key(mixed_values<std::uint64_t>(n, 12), positions(n));
        // Few distinct keys: long runs of one digit in every tile.
        std::vector<std::int32_t> few(n);
        for (std::size_t k = 0; k < n; ++k) few[k] = static_cast<std::int32_t>((k * 7919) % 5) - 2;
        check_sort_by_key(few, positions(n));
    }
}

TEST_CASE("sort chains many tiles, at sizes around whole tiles") {
    // Hundreds to a thousand tiles: each pass's look-back walks long chains of earlier tiles.
    for (std::size_t n : {64 * 3840 - 1, 64 * 3840, 64 * 3840 + 1, 1000 * 3840 + 17}) {
        check_sort(mixed_values<std::uint32_t>(n, 25));
        // Few distinct keys: their positions show that equal keys keep their order across tiles.
        check_sort_by_key(repeating_keys(n, 26), positions(n));
        std::vector<float> few(n);
        for (std::size_t k = 0; k < n; ++k) few[k] = static_cast<float>((k * 7919) % 3) - 1;
        check_sort_by_key(few, positions(n));
    }
}

TEST_CASE("sort gives the same result every time") {
    // Work-groups take their tiles in whatever order they start: every run must agree.
    const std::size_t n = 300 * 3840 + 5;
    const auto keys = Array<std::uint32_t>::to_device(context(), repeating_keys(n, 27));
    const auto values = Array<std::uint32_t>::to_device(context(), positions(n));
    for (int run = 0; run < 8; ++run) check_sort_by_key(keys, values);
}

// Fewer work-items than digits (each looks back for several), more, and blocks that are not a
// power of two: on CUDA, whole warps (32, 64, 96, 256) rank by warp votes, 96 work-items scanning
// three digits' counters each, and 300 by counting rounds.
constexpr std::pair<std::size_t, std::size_t> small_shapes[] = {{32, 3}, {64, 5}, {96, 7}, {300, 3}, {256, 15}};

TEST_CASE("the pass kernels sort with small tiles and both widths of status") {
    // 64-bit counts take two words per status, as sort() does from 2^30 keys.
    const std::vector<std::uint32_t> keys = repeating_keys(50001, 28);
    const SortedPairs expected = stable_sorted_with_positions(keys);
    for (const rtcg::codegen::Target& target : ranking_targets())
        for (const auto& [block, items] : small_shapes) {
            const std::size_t tile = block * items;
            CAPTURE(target.warp_primitives);
            CAPTURE(tile);
            const auto narrow = sort_with_kernels<std::uint32_t>(target, keys, block, items);
            if (!narrow) {
                MESSAGE("skipped: the device runs these kernels in work-groups of fewer than " << block);
                continue;
            }
            CHECK(*narrow == expected);
            const auto wide = sort_with_kernels<std::uint64_t>(target, keys, block, items);
            REQUIRE(wide);
            CHECK(*wide == expected);
        }
}

TEST_CASE("the one-tile kernel sorts a whole tile, a part of one and one key, in small work-groups") {
    for (const rtcg::codegen::Target& target : ranking_targets())
        for (const auto& [block, items] : small_shapes) {
            const std::size_t tile = block * items;
            for (std::size_t n : {tile, tile - 1, tile / 2 + 1, std::size_t{1}}) {
                CAPTURE(target.warp_primitives);
                CAPTURE(block);
                CAPTURE(n);
                const std::vector<std::uint32_t> keys = repeating_keys(n, static_cast<unsigned>(29 + n));
                const auto sorted = sort_with_one_tile_kernel(target, keys, block, items);
                if (!sorted) {
                    MESSAGE("skipped: the device runs the kernel in work-groups of fewer than " << block);
                    break;
                }
                CHECK(*sorted == stable_sorted_with_positions(keys));
            }
        }
}

TEST_CASE("sort with every value of every digit present") {
    for (std::size_t n : {std::size_t{256}, std::size_t{3 * 3840 + 5}, large}) {
        check_sort_by_key(every_digit_value<std::uint32_t>(n, 13), positions(n));
        check_sort_by_key(every_digit_value<std::int64_t>(n, 14), positions(n));
        check_sort(every_digit_value<std::uint16_t>(n, 15));
    }
}

TEST_CASE("sort where every key shares some digits: those passes copy, and from 2^24 keys are skipped") {
    for (std::size_t n : {std::size_t{2}, std::size_t{3841}, large, read_back}) {
        CAPTURE(n);
        // Only the top byte differs: every pass but the last is skipped.
        check_sort_by_key(bits_varying<std::uint32_t>(n, top_byte<std::uint32_t>, 0x00c0ffeeu, 16), positions(n));
        check_sort_by_key(bits_varying<std::int64_t>(n, top_byte<std::int64_t>, 0x0123456789abcdefu, 17), positions(n));
        // Skipped and run passes interleaved, with an even and an odd number run.
        check_sort(bits_varying<std::uint32_t>(n, 0x00ff00ffu, 0x7e007e00u, 18));
        check_sort(bits_varying<std::uint32_t>(n, 0xff00ffffu, 0x00ab0000u, 19));
        check_sort(bits_varying<std::uint64_t>(n, 0x00000000ff000000u, 0x5555555555555555u, 20));
        // Every pass skipped: the input comes back as it is.
        check_sort_by_key(std::vector<std::int16_t>(n, -3), positions(n));
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
    for (std::size_t n : {std::size_t{3841}, large}) {
        check_sort_by_key(with_nans_and_zeros<float>(n, 21), positions(n));
        check_sort_by_key(with_nans_and_zeros<double>(n, 22), positions(n));
    }
}

TEST_CASE("sort_by_key is stable and moves values of any type with their keys") {
    for (std::size_t n : scan_sizes()) {
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

TEST_CASE("sort_by_key moves structs with 16-bit keys") {
    rtcg::test::affine_type();
    for (std::size_t n : {std::size_t{3841}, large}) {
        std::vector<Affine> structs(n);
        for (std::size_t k = 0; k < n; ++k) structs[k] = rtcg::test::affine_at(k);
        check_sort_by_key(mixed_values<std::int16_t>(n, 23), structs);
    }
}

TEST_CASE("sort and sort_by_key read views from their offset") {
    const std::size_t n = 3 * 3840 + 11;
    const auto keys = Array<std::int32_t>::to_device(context(), mixed_values<std::int32_t>(n, 24));
    const auto values = Array<std::uint32_t>::to_device(context(), positions(n));
    check_sort(keys(rtcg::slice(123, n - 5)));
    check_sort_by_key(keys(rtcg::slice(7, 3 * 3840)), values(rtcg::slice(11, 3 * 3840 + 4)));
    // Every pass skipped: the copy starts at the views' offsets too.
    const auto equal = Array<std::int32_t>::to_device(context(), std::vector<std::int32_t>(n, 42));
    check_sort_by_key(equal(rtcg::slice(5, n)), values(rtcg::slice(3, n - 2)));
}

TEST_CASE("the radix sort's kernels compile for CUDA, for every key type, with and without values") {
    using rtcg::codegen::Dialect;
    using rtcg::codegen::DType;
    const DType affine = rtcg::test::affine_type();
    for (const DType& key : {DType::uint32(), DType::int32(), DType::uint64(), DType::int64(), DType::float32(),
                             DType::float64(), DType::int8(), DType::uint8(), DType::int16(), DType::uint16()}) {
        CAPTURE(key.name());
        rtcg::test::compile_for_cuda(rtcg::radix_sort_source(Dialect::cuda, key, std::nullopt, DType::uint32(), 256, 15));
    }
    // The largest tiles sort() asks for, ranked by warp votes: 27 keys of 4 bytes or 13 of 8
    // bytes per work-item, all held in registers.
    rtcg::test::compile_for_cuda(rtcg::radix_sort_source(Dialect::cuda, DType::uint32(), std::nullopt, DType::uint32(), 256, 27));
    rtcg::test::compile_for_cuda(rtcg::radix_sort_source(Dialect::cuda, DType::uint64(), DType::uint64(), DType::uint64(), 256, 13));
    // The largest local memory sort() asks for: 64-bit keys and counters, with and without values.
    rtcg::test::compile_for_cuda(rtcg::radix_sort_source(Dialect::cuda, DType::float64(), std::nullopt, DType::uint64(), 256, 15));
    rtcg::test::compile_for_cuda(rtcg::radix_sort_source(Dialect::cuda, DType::uint64(), affine, DType::uint64(), 256, 11));
    rtcg::test::compile_for_cuda(rtcg::radix_sort_source(Dialect::cuda, DType::float32(), DType::float64(), DType::uint32(), 256, 15));
    // Work-groups smaller than the 256 digits, as on devices that cannot run 256 work-items.
    rtcg::test::compile_for_cuda(rtcg::radix_sort_source(Dialect::cuda, DType::int16(), DType::int32(), DType::uint32(), 64, 5));
    // Ranked by counting rounds: work-groups that are not whole warps.
    rtcg::test::compile_for_cuda(rtcg::radix_sort_source(Dialect::cuda, DType::uint32(), DType::uint32(), DType::uint32(), 300, 3));
    CHECK_THROWS_AS(rtcg::radix_sort_source(Dialect::cuda, DType::complex64(), std::nullopt, DType::uint32(), 256, 15),
                    rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::radix_sort_source(Dialect::cuda, DType::uint32(), std::nullopt, DType::uint32(), 0, 15),
                    rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::radix_sort_source(Dialect::cuda, DType::uint32(), DType::uint32(), DType::uint32(), 1024, 65),
                    rtcg::InvalidArgument);
    CHECK_THROWS_AS(rtcg::radix_sort_source(Dialect::cuda, DType::uint32(), std::nullopt, DType::int32(), 256, 15),
                    rtcg::InvalidArgument);
}

TEST_CASE("sort_by_key refuses keys and values of different sizes") {
    const auto keys = Array<std::uint32_t>::zeros(context(), 10);
    const auto values = Array<std::int32_t>::zeros(context(), 9);
    CHECK(rtcg::test::contains(
        rtcg::test::message_of<rtcg::InvalidArgument>([&] { rtcg::sort_by_key(keys, values); }), "10 keys but 9 values"));
}
