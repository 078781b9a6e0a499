// Elementwise kernels (one index at a time and in pairs), reductions, scans and the radix sort
// over more than 2^32 elements, on GPUs with the memory: where a 32-bit index, launch size or
// byte count wraps, elements past 2^31 or 2^32 go wrong. Each result is checked against the host,
// in full where the output is one byte per element. CPU devices (PoCL) and GPUs without room skip
// with a message: these tests are for the GPU machine.
#include "../support/test_context.hpp"

#include <rtcg/arrays/algorithms.hpp>
#include <rtcg/arrays/elementwise.hpp>
#include <rtcg/arrays/reduction.hpp>
#include <rtcg/arrays/scan.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

using rtcg::Array;
using rtcg::test::context;

namespace {

constexpr std::size_t two_to_32 = std::size_t{1} << 32;
constexpr std::size_t headroom = std::size_t{1} << 30;

// Whether the device is a GPU that holds `bytes` of arrays at once (plus room for the temporaries
// the operations take), skipping the test with a message otherwise.
bool has_room_for(std::size_t bytes) {
    const rtcg::DeviceInfo& device = context().device();
    if (device.type != rtcg::DeviceType::gpu) {
        MESSAGE("skipped: runs on GPUs only (this device is not one)");
        return false;
    }
    if (device.global_memory_bytes < bytes + headroom || device.max_allocation_bytes < bytes / 2) {
        MESSAGE("skipped: needs a GPU with room for " << bytes + headroom << " bytes, this one has "
                                                       << device.global_memory_bytes);
        return false;
    }
    return true;
}

// Every index of `got` whose byte is not `expected(k)`: counted, and the first few reported.
template <class Expected>
void check_every_byte(const std::vector<std::uint8_t>& got, Expected expected) {
    std::size_t wrong = 0, first_wrong = got.size();
    for (std::size_t k = 0; k < got.size(); ++k) {
        if (got[k] == expected(k)) continue;
        if (wrong++ == 0) first_wrong = k;
    }
    INFO("first wrong index: ", first_wrong);
    CHECK(wrong == 0);
}

// The windows of a large array where a 32-bit quantity would wrap: its start, 2^31, 2^32 and its end.
std::vector<std::size_t> window_starts(std::size_t n, std::size_t width) {
    return {0, (std::size_t{1} << 31) - width / 2, std::min(two_to_32 - width / 2, n - width), n - width};
}

} // namespace

TEST_CASE("a buffer fill and copy of 2^31 + 5 bytes at offsets no word divides") {
    // Odd sizes and offsets leave the work to the driver's own fill and copy commands.
    const std::size_t n = (std::size_t{1} << 31) + 5;
    if (!has_room_for(2 * n)) return;
    const rtcg::Context& ctx = context();
    rtcg::Buffer source = ctx.allocate(n), target = ctx.allocate(n);
    const std::uint8_t filled = 0x5A;
    ctx.queue().fill(source, &filled, 1, 0, n);
    check_every_byte(ctx.to_host<std::uint8_t>(source), [](std::size_t) { return std::uint8_t{0x5A}; });
    const std::uint8_t cleared = 0;
    ctx.queue().fill(target, &cleared, 1, 0, n);
    ctx.queue().copy(source, target, n - 3, 1, 2);
    check_every_byte(ctx.to_host<std::uint8_t>(target), [n](std::size_t k) {
        return k >= 2 && k < n - 1 ? std::uint8_t{0x5A} : std::uint8_t{0};
    });
}

TEST_CASE("an elementwise kernel writes every one of 2^32 + 5 bytes") {
    const std::size_t n = two_to_32 + 5;
    if (!has_room_for(n)) return;
    const rtcg::ElementwiseKernel pattern(context(), "unsigned char *d_arr", "d_arr[i] = (unsigned char)(i & 0xFF)",
                                          {.name = "byte_pattern"});
    auto bytes = Array<std::uint8_t>::full(context(), n, 0xA5);
    pattern(bytes);
    check_every_byte(bytes.get(), [](std::size_t k) { return static_cast<std::uint8_t>(k & 0xFF); });
}

TEST_CASE("a paired elementwise kernel over 2^32 + 3 int32 elements") {
    const std::size_t n = two_to_32 + 3;
    if (!has_room_for(2 * n * sizeof(std::int32_t))) return;
    const rtcg::ElementwiseKernel index(context(), "int *x", "x[i] = (int)(i * 7)", {.name = "index_times_7"});
    const rtcg::ElementwiseKernel affine(context(), "const int *x, int *y", "y[i] = 2 * x[i] + 1", {.name = "affine"});
    auto x = Array<std::int32_t>::empty(context(), n);
    auto y = Array<std::int32_t>::full(context(), n, -1);
    index(x);
    affine(x, y);
    constexpr std::size_t width = 4096;
    for (std::size_t start : window_starts(n, width)) {
        CAPTURE(start);
        const std::vector<std::int32_t> got = y(rtcg::slice(start, start + width)).get();
        for (std::size_t k = 0; k < width; ++k) {
            const auto x_k = static_cast<std::uint32_t>((start + k) * 7);
            REQUIRE(static_cast<std::uint32_t>(got[k]) == 2 * x_k + 1);
        }
    }
}

TEST_CASE("reductions over 2^32 + 11 bytes") {
    const std::size_t n = two_to_32 + 11;
    if (!has_room_for(n)) return;
    const auto ones = Array<std::uint8_t>::full(context(), n, 1);
    const rtcg::ReductionKernel<std::uint8_t> wrapping_sum(
        context(), "const unsigned char *x", {.map_expr = "x[i]", .reduce_expr = "(a + b) & 0xFF", .neutral = "0"});
    CHECK(wrapping_sum(ones).get() == 11);
    const rtcg::ReductionKernel<std::int64_t> count(context(), "const unsigned char *x",
                                                    {.map_expr = "(long)x[i]", .reduce_expr = "a + b", .neutral = "0"});
    CHECK(count(ones).get() == static_cast<std::int64_t>(n));
    const rtcg::ReductionKernel<std::int64_t> last_index(
        context(), "const unsigned char *x",
        {.map_expr = "x[i] == 1 ? (long)i : -1L", .reduce_expr = "a > b ? a : b", .neutral = "-1"});
    CHECK(last_index(ones).get() == static_cast<std::int64_t>(n - 1));
}

TEST_CASE("a scan over 2^32 + 12 bytes writes every output") {
    const std::size_t n = two_to_32 + 12;
    if (!has_room_for(2 * n)) return;
    const auto ones = Array<std::uint8_t>::full(context(), n, 1);
    auto running = Array<std::uint8_t>::full(context(), n, 0xA5);
    const rtcg::ScanKernel count(context(), rtcg::codegen::dtype_of<std::uint8_t>(),
                                 "const unsigned char *x, unsigned char *y",
                                 {.input_expr = "x[i]",
                                  .scan_expr = "(unsigned char)(a + b)",
                                  .neutral = "0",
                                  .output_statement = "y[i] = item"}, {.name = "wrapping_count"});
    count(ones, running);
    check_every_byte(running.get(), [](std::size_t k) { return static_cast<std::uint8_t>((k + 1) & 0xFF); });
}

TEST_CASE("sort orders 2^32 + 7 one-byte keys") {
    const std::size_t n = two_to_32 + 7;
    if (!has_room_for(3 * n)) return;
    // Keys 37k + 11 mod 256: every value present, in no order; value v appears once for each k < n
    // with 37k + 11 = v (mod 256).
    const rtcg::ElementwiseKernel scramble(context(), "unsigned char *keys",
                                           "keys[i] = (unsigned char)((i * 37 + 11) & 0xFF)", {.name = "scramble"});
    auto keys = Array<std::uint8_t>::empty(context(), n);
    scramble(keys);
    std::array<std::size_t, 256> count{};
    for (std::size_t k = 0; k < 256; ++k) count[(k * 37 + 11) & 0xFF] = n / 256 + (k < n % 256 ? 1 : 0);
    std::array<std::size_t, 257> first{};
    for (std::size_t v = 0; v < 256; ++v) first[v + 1] = first[v] + count[v];
    const std::vector<std::uint8_t> sorted = rtcg::sort(keys).get();
    REQUIRE(sorted.size() == n);
    std::size_t value = 0;
    check_every_byte(sorted, [&](std::size_t k) {
        while (k >= first[value + 1]) ++value;
        return static_cast<std::uint8_t>(value);
    });
}
