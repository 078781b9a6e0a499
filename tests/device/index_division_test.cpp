// The division of indices by invariant divisors (arrays/device/thread/index_division.rtcg, whose
// packed divisors arrays/src/index_division.cpp makes): the host's form of the formula against C++'s
// division over every divisor below 3000 and divisors spread over the whole 32-bit range, each at
// the numerators where a quotient changes and at random ones; then the device's form on the test
// context (and compiled for CUDA by NVRTC) against the host's quotients.
// The same for the floored remainder of 64-bit indices (rtcg_wrap_index, numpy's wrap mode).
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"

#include "device_sources.hpp"
#include "index_division.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

using rtcg::detail::divide_index;
using rtcg::detail::packed_divisor;

constexpr std::uint32_t largest = std::numeric_limits<std::uint32_t>::max();

// Divisors: every one below 3000, then the powers of two and their neighbours, then random ones
// spread evenly over the bit lengths.
std::vector<std::uint32_t> divisors() {
    std::vector<std::uint32_t> all;
    for (std::uint32_t d = 1; d < 3000; ++d) all.push_back(d);
    for (unsigned bit = 12; bit < 32; ++bit)
        for (std::uint32_t d : {(1u << bit) - 1u, 1u << bit, (1u << bit) + 1u}) all.push_back(d);
    all.push_back(largest);
    std::mt19937 random(2024);
    for (int k = 0; k < 4000; ++k) {
        const unsigned bits = 12 + static_cast<unsigned>(random() % 21);
        all.push_back(static_cast<std::uint32_t>(random() >> (32 - bits)) | (1u << (bits - 1)));
    }
    return all;
}

// Numerators for `d`: 0, the largest, the ends of the quotients near both ends of the range, and
// random ones.
std::vector<std::uint32_t> numerators(std::uint32_t d, std::mt19937& random) {
    const std::uint32_t top = largest / d * d;
    std::vector<std::uint32_t> all{0u, 1u, largest, d - 1u, d, top, top - 1u};
    if (d <= largest / 2) all.insert(all.end(), {2 * d - 1, 2 * d});
    for (int k = 0; k < 16; ++k) all.push_back(static_cast<std::uint32_t>(random()));
    return all;
}

} // namespace

TEST_CASE("packed divisors give the quotient of every 32-bit index by every divisor, on the host") {
    std::mt19937 random(7);
    for (const std::uint32_t d : divisors()) {
        CAPTURE(d);
        const std::uint64_t packed = packed_divisor(d);
        REQUIRE(static_cast<std::uint32_t>(packed) == d);
        for (const std::uint32_t n : numerators(d, random)) {
            CAPTURE(n);
            REQUIRE(divide_index(n, packed) == n / d);
        }
    }
    CHECK(packed_divisor(0) == 0);
}

TEST_CASE("rtcg_divide_index gives the host's quotients on the device") {
    std::mt19937 random(11);
    std::vector<std::uint32_t> n;
    std::vector<std::uint64_t> packed;
    std::vector<std::uint32_t> expected;
    for (const std::uint32_t d : divisors())
        for (const std::uint32_t value : numerators(d, random)) {
            n.push_back(value);
            packed.push_back(packed_divisor(d));
            expected.push_back(value / d);
        }
    const std::string source = std::string(rtcg::detail::device::thread::index_division) + R"(
RTCG_KERNEL void divide(RTCG_GLOBAL const unsigned* n, RTCG_GLOBAL const rtcg_uindex_t* divisor,
                        RTCG_GLOBAL unsigned* quotient, unsigned count)
{
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i < count) quotient[i] = rtcg_divide_index(n[i], divisor[i]);
}
)";
    rtcg::test::compile_for_cuda(rtcg::codegen::with_prelude(rtcg::codegen::Dialect::cuda, source));
    const rtcg::Context& context = rtcg::test::context();
    const auto n_gpu = context.to_device(n);
    const auto packed_gpu = context.to_device(packed);
    auto quotient_gpu = context.allocate(n.size() * sizeof(std::uint32_t));
    const auto count = static_cast<unsigned>(n.size());
    const std::size_t block = 64;
    rtcg::test::compile(source).kernel("divide")(context.queue(), rtcg::LaunchConfig{(n.size() + block - 1) / block, block},
                                                 n_gpu, packed_gpu, quotient_gpu, count);
    const std::vector<std::uint32_t> quotient = context.to_host<std::uint32_t>(quotient_gpu);
    std::size_t wrong = 0;
    for (std::size_t k = 0; k < n.size(); ++k)
        if (quotient[k] != expected[k] && wrong++ < 10)
            FAIL_CHECK(n[k] << " / " << static_cast<std::uint32_t>(packed[k]) << " gave " << quotient[k] << ", not "
                            << expected[k]);
    CHECK(wrong == 0);
}

namespace {

using rtcg::detail::wrap_divisor;
using rtcg::detail::wrap_index;

constexpr std::int64_t most = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t least = std::numeric_limits<std::int64_t>::min();

// numpy's wrap: k mod n in [0, n).
std::int64_t floored_remainder(std::int64_t k, std::int64_t n) {
    const std::int64_t r = k % n;
    return r < 0 ? r + n : r;
}

// Extents for the 64-bit remainder: small ones, the powers of two and their neighbours up to
// 2^63 - 1, and random ones of every bit length.
std::vector<std::int64_t> extents() {
    std::vector<std::int64_t> all;
    for (std::int64_t n = 1; n < 300; ++n) all.push_back(n);
    for (unsigned bit = 9; bit < 63; ++bit)
        for (const std::int64_t n : {(std::int64_t{1} << bit) - 1, std::int64_t{1} << bit, (std::int64_t{1} << bit) + 1})
            all.push_back(n);
    all.push_back(most);
    std::mt19937_64 random(2025);
    for (int k = 0; k < 2000; ++k) {
        const unsigned bits = 9 + static_cast<unsigned>(random() % 54);
        all.push_back(static_cast<std::int64_t>((random() >> (64 - bits)) | (std::uint64_t{1} << (bits - 1))));
    }
    return all;
}

// Indices for `n`: the ends of the 64-bit range, 0 and the neighbours of the multiples of n near
// 0 and near both ends, and random ones.
std::vector<std::int64_t> wrapped_indices(std::int64_t n, std::mt19937_64& random) {
    std::vector<std::int64_t> all{0, 1, -1, least, least + 1, most, most - 1, n - 1, n, -n, -n + 1};
    if (n <= most / 2) all.insert(all.end(), {2 * n - 1, 2 * n, -2 * n, -2 * n + 1, -n - 1});
    const std::int64_t top = most / n * n;
    all.insert(all.end(), {top, top - 1, -top, -top + 1, -top - 1});
    for (int k = 0; k < 12; ++k) all.push_back(static_cast<std::int64_t>(random()));
    return all;
}

} // namespace

TEST_CASE("wrap divisors give numpy's remainder of every 64-bit index by every extent, on the host") {
    std::mt19937_64 random(5);
    for (const std::int64_t n : extents()) {
        CAPTURE(n);
        const auto divisor = wrap_divisor(n);
        for (const std::int64_t k : wrapped_indices(n, random)) {
            CAPTURE(k);
            REQUIRE(wrap_index(k, n, divisor) == floored_remainder(k, n));
        }
    }
}

TEST_CASE("rtcg_wrap_index gives the host's remainders on the device") {
    std::mt19937_64 random(13);
    std::vector<std::int64_t> k, n, expected;
    std::vector<std::uint64_t> multiplier;
    std::vector<std::int32_t> log2;
    for (const std::int64_t extent : extents())
        for (const std::int64_t index : wrapped_indices(extent, random)) {
            const auto divisor = wrap_divisor(extent);
            k.push_back(index);
            n.push_back(extent);
            multiplier.push_back(divisor.multiplier);
            log2.push_back(divisor.ceiling_log2);
            expected.push_back(floored_remainder(index, extent));
        }
    const std::string source = std::string(rtcg::detail::device::thread::index_division) + R"(
RTCG_KERNEL void wrap(RTCG_GLOBAL const rtcg_index_t* k, RTCG_GLOBAL const rtcg_index_t* n,
                      RTCG_GLOBAL const rtcg_uindex_t* multiplier, RTCG_GLOBAL const int* log2,
                      RTCG_GLOBAL rtcg_index_t* remainder, unsigned count)
{
    const size_t i = RTCG_GLOBAL_ID(0);
    if (i < count) remainder[i] = rtcg_wrap_index(k[i], n[i], multiplier[i], log2[i]);
}
)";
    rtcg::test::compile_for_cuda(rtcg::codegen::with_prelude(rtcg::codegen::Dialect::cuda, source));
    const rtcg::Context& context = rtcg::test::context();
    const auto k_gpu = context.to_device(k), n_gpu = context.to_device(n);
    const auto multiplier_gpu = context.to_device(multiplier);
    const auto log2_gpu = context.to_device(log2);
    auto remainder_gpu = context.allocate(k.size() * sizeof(std::int64_t));
    const auto count = static_cast<unsigned>(k.size());
    const std::size_t block = 64;
    rtcg::test::compile(source).kernel("wrap")(context.queue(), rtcg::LaunchConfig{(k.size() + block - 1) / block, block},
                                               k_gpu, n_gpu, multiplier_gpu, log2_gpu, remainder_gpu, count);
    const std::vector<std::int64_t> remainder = context.to_host<std::int64_t>(remainder_gpu);
    std::size_t wrong = 0;
    for (std::size_t e = 0; e < k.size(); ++e)
        if (remainder[e] != expected[e] && wrong++ < 10)
            FAIL_CHECK(k[e] << " mod " << n[e] << " gave " << remainder[e] << ", not " << expected[e]);
    CHECK(wrong == 0);
}
