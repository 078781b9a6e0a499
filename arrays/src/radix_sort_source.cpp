// The radix sort's kernels (rtcg/arrays/radix_sort_source.hpp lists them): key bits made unsigned
// and ordered as numpy orders the keys, the histogram of every digit, and per pass the tile counts,
// their scan and the stable scatter.
#include "radix_sort_source.hpp"

#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/substitute.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace rtcg {
namespace {

using codegen::Dialect;
using codegen::DType;

// The per-tile kernels' work-group and its tile, the keys [rtcg_begin, rtcg_end). One tile per
// work-group keeps no local state from one tile to the next, which holds on every device however
// it interleaves work-items and work-groups.
constexpr std::string_view tile_bounds = R"(    const unsigned rtcg_t = (unsigned)RTCG_LOCAL_ID(0);
    const rtcg_index_t rtcg_group = (rtcg_index_t)RTCG_GROUP_ID(0);
    const rtcg_index_t rtcg_tiles = (rtcg_index_t)RTCG_NUM_GROUPS(0);
    const rtcg_index_t rtcg_begin = rtcg_group * RTCG_SORT_TILE;
    const rtcg_index_t rtcg_end = rtcg_begin + RTCG_SORT_TILE < n ? rtcg_begin + RTCG_SORT_TILE : n;
)";

constexpr std::string_view helpers = R"(
#define RTCG_SORT_BLOCK {{block}}
#define RTCG_SORT_ITEMS {{items}}
#define RTCG_SORT_TILE (RTCG_SORT_BLOCK * RTCG_SORT_ITEMS)
#define RTCG_SORT_DIGIT_BITS {{digit_bits}}
#define RTCG_SORT_DIGITS (1u << RTCG_SORT_DIGIT_BITS)
#define RTCG_SORT_POSITIONS {{positions}}
#define RTCG_SORT_HAS_VALUES {{has_values}}
typedef {{key_type}} rtcg_sort_key_t;
typedef {{value_type}} rtcg_sort_value_t;
typedef {{bits_type}} rtcg_sort_bits_t;
typedef {{counter_type}} rtcg_sort_count_t;

// The key's bits as an unsigned number that orders like the key.
RTCG_DEVICE rtcg_sort_bits_t rtcg_sort_bits(rtcg_sort_key_t key)
{
{{bits_body}}
}

RTCG_DEVICE unsigned rtcg_sort_digit(rtcg_sort_key_t key, unsigned shift)
{
    return (unsigned)(rtcg_sort_bits(key) >> shift) & (RTCG_SORT_DIGITS - 1);
}

// Inclusive scan of one count per work-item (Hillis and Steele). The caller's barrier separates
// writing `sums` from the call; the call ends with a barrier.
RTCG_DEVICE void rtcg_sort_scan_group(RTCG_LOCAL_PTR rtcg_sort_count_t* sums, unsigned t)
{
    for (unsigned offset = 1; offset < RTCG_SORT_BLOCK; offset *= 2) {
        const rtcg_sort_count_t left = t >= offset ? sums[t - offset] : 0;
        RTCG_LOCAL_BARRIER();
        sums[t] += left;
        RTCG_LOCAL_BARRIER();
    }
}

// Adds a key's digit to the work-item's current run of equal digits; a run ends in one local
// atomic add. Where most keys share a digit (the high bytes of small numbers, sorted input) the
// work-items would otherwise all wait on the same counter.
RTCG_DEVICE void rtcg_sort_count_digit(RTCG_LOCAL_PTR unsigned* counters, unsigned digit, unsigned* run_digit,
                                       unsigned* run_length)
{
    if (digit != *run_digit) {
        if (*run_length) rtcg_atomic_add_u32_local(counters + *run_digit, *run_length);
        *run_digit = digit;
        *run_length = 0;
    }
    ++*run_length;
}

RTCG_DEVICE void rtcg_sort_end_run(RTCG_LOCAL_PTR unsigned* counters, unsigned run_digit, unsigned run_length)
{
    if (run_length) rtcg_atomic_add_u32_local(counters + run_digit, run_length);
}

// The histogram's total for entry e, kept as a low and a high 32-bit word.
RTCG_DEVICE rtcg_sort_count_t rtcg_sort_total(RTCG_GLOBAL const unsigned* totals, unsigned e)
{
    return (rtcg_sort_count_t)(((rtcg_uindex_t)totals[2 * e + 1] << 32) | totals[2 * e]);
}
)";

constexpr std::string_view kernels = R"(
// Reads the keys once for the histogram of every digit position: totals[2 * (position * DIGITS
// + digit)] and the word after it hold the low and high halves of that digit's count, added with
// 32-bit atomics, which every device has. The host zeroes them first. Work-groups stride over
// the keys; the host launches few enough of them that the work-group's 32-bit local counts
// cannot overflow.
RTCG_KERNEL void rtcg_sort_histogram(
    RTCG_GLOBAL const rtcg_sort_key_t* rtcg_keys, rtcg_index_t rtcg_keys_offset, rtcg_index_t n,
    RTCG_GLOBAL unsigned* rtcg_totals)
{
    RTCG_LOCAL_ARRAY(unsigned, rtcg_counts, RTCG_SORT_POSITIONS * RTCG_SORT_DIGITS);
    const unsigned rtcg_t = (unsigned)RTCG_LOCAL_ID(0);
    rtcg_keys += rtcg_keys_offset;
    for (unsigned rtcg_e = rtcg_t; rtcg_e < RTCG_SORT_POSITIONS * RTCG_SORT_DIGITS; rtcg_e += RTCG_SORT_BLOCK)
        rtcg_counts[rtcg_e] = 0;
    RTCG_LOCAL_BARRIER();
    unsigned rtcg_run_digit[RTCG_SORT_POSITIONS], rtcg_run_length[RTCG_SORT_POSITIONS];
#pragma unroll
    for (unsigned rtcg_p = 0; rtcg_p < RTCG_SORT_POSITIONS; ++rtcg_p) {
        rtcg_run_digit[rtcg_p] = 0;
        rtcg_run_length[rtcg_p] = 0;
    }
    for (rtcg_index_t rtcg_i = (rtcg_index_t)RTCG_GLOBAL_ID(0); rtcg_i < n; rtcg_i += (rtcg_index_t)RTCG_GLOBAL_SIZE(0)) {
        const rtcg_sort_bits_t rtcg_bits = rtcg_sort_bits(rtcg_keys[rtcg_i]);
#pragma unroll
        for (unsigned rtcg_p = 0; rtcg_p < RTCG_SORT_POSITIONS; ++rtcg_p)
            rtcg_sort_count_digit(rtcg_counts + rtcg_p * RTCG_SORT_DIGITS,
                                  (unsigned)(rtcg_bits >> (rtcg_p * RTCG_SORT_DIGIT_BITS)) & (RTCG_SORT_DIGITS - 1),
                                  &rtcg_run_digit[rtcg_p], &rtcg_run_length[rtcg_p]);
    }
#pragma unroll
    for (unsigned rtcg_p = 0; rtcg_p < RTCG_SORT_POSITIONS; ++rtcg_p)
        rtcg_sort_end_run(rtcg_counts + rtcg_p * RTCG_SORT_DIGITS, rtcg_run_digit[rtcg_p], rtcg_run_length[rtcg_p]);
    RTCG_LOCAL_BARRIER();
    // The add whose low word passes 2^32 (its count is below 2^32) carries one into the high word.
    for (unsigned rtcg_e = rtcg_t; rtcg_e < RTCG_SORT_POSITIONS * RTCG_SORT_DIGITS; rtcg_e += RTCG_SORT_BLOCK) {
        const unsigned rtcg_count = rtcg_counts[rtcg_e];
        if (rtcg_count) {
            const unsigned rtcg_low = rtcg_atomic_add_u32_global(rtcg_totals + 2 * rtcg_e, rtcg_count);
            if (rtcg_low + rtcg_count < rtcg_low) rtcg_atomic_add_u32_global(rtcg_totals + 2 * rtcg_e + 1, 1u);
        }
    }
}

// Per pass, first: each work-group counts the digits at `shift` of its tile and writes
// counts[digit * tiles + tile], digit-major, so that each digit's counts over the tiles are one
// row for rtcg_sort_offsets.
RTCG_KERNEL void rtcg_sort_tile_counts(
    RTCG_GLOBAL const rtcg_sort_key_t* rtcg_keys, rtcg_index_t rtcg_keys_offset, rtcg_index_t n,
    unsigned rtcg_shift, RTCG_GLOBAL rtcg_sort_count_t* rtcg_counts)
{
    RTCG_LOCAL_ARRAY(unsigned, rtcg_tile_counts, RTCG_SORT_DIGITS);
    rtcg_keys += rtcg_keys_offset;
{{tile_bounds}}    for (unsigned rtcg_d = rtcg_t; rtcg_d < RTCG_SORT_DIGITS; rtcg_d += RTCG_SORT_BLOCK) rtcg_tile_counts[rtcg_d] = 0;
    RTCG_LOCAL_BARRIER();
    unsigned rtcg_run_digit = 0, rtcg_run_length = 0;
#pragma unroll
    for (unsigned rtcg_k = 0; rtcg_k < RTCG_SORT_ITEMS; ++rtcg_k) {
        const rtcg_index_t rtcg_i = rtcg_begin + rtcg_k * RTCG_SORT_BLOCK + rtcg_t;
        if (rtcg_i < rtcg_end)
            rtcg_sort_count_digit(rtcg_tile_counts, rtcg_sort_digit(rtcg_keys[rtcg_i], rtcg_shift), &rtcg_run_digit,
                                  &rtcg_run_length);
    }
    rtcg_sort_end_run(rtcg_tile_counts, rtcg_run_digit, rtcg_run_length);
    RTCG_LOCAL_BARRIER();
    for (unsigned rtcg_d = rtcg_t; rtcg_d < RTCG_SORT_DIGITS; rtcg_d += RTCG_SORT_BLOCK)
        rtcg_counts[(rtcg_index_t)rtcg_d * rtcg_tiles + rtcg_group] = rtcg_tile_counts[rtcg_d];
}

// Per pass, second: work-group d turns row d of the counts into where each tile's first key of
// digit d goes: the digit's start (the keys of every smaller digit, from the histogram) plus the
// digit's keys in the earlier tiles. One launch of DIGITS work-groups, in place.
RTCG_KERNEL void rtcg_sort_offsets(
    RTCG_GLOBAL rtcg_sort_count_t* rtcg_counts, RTCG_GLOBAL const unsigned* rtcg_totals,
    unsigned rtcg_position, rtcg_index_t rtcg_tiles)
{
    RTCG_LOCAL_ARRAY(rtcg_sort_count_t, rtcg_sums, RTCG_SORT_BLOCK);
    const unsigned rtcg_t = (unsigned)RTCG_LOCAL_ID(0);
    const unsigned rtcg_digit = (unsigned)RTCG_GROUP_ID(0);
    rtcg_sort_count_t rtcg_below = 0;
    for (unsigned rtcg_e = rtcg_t; rtcg_e < rtcg_digit; rtcg_e += RTCG_SORT_BLOCK)
        rtcg_below += rtcg_sort_total(rtcg_totals, rtcg_position * RTCG_SORT_DIGITS + rtcg_e);
    rtcg_sums[rtcg_t] = rtcg_below;
    RTCG_LOCAL_BARRIER();
    rtcg_sort_scan_group(rtcg_sums, rtcg_t);
    rtcg_sort_count_t rtcg_carry = rtcg_sums[RTCG_SORT_BLOCK - 1];
    RTCG_LOCAL_BARRIER();

    RTCG_GLOBAL rtcg_sort_count_t* rtcg_row = rtcg_counts + (rtcg_index_t)rtcg_digit * rtcg_tiles;
    for (rtcg_index_t rtcg_base = 0; rtcg_base < rtcg_tiles; rtcg_base += RTCG_SORT_TILE) {
        const rtcg_index_t rtcg_first = rtcg_base + (rtcg_index_t)rtcg_t * RTCG_SORT_ITEMS;
        rtcg_sort_count_t rtcg_own[RTCG_SORT_ITEMS];
        rtcg_sort_count_t rtcg_run = 0;
#pragma unroll
        for (unsigned rtcg_k = 0; rtcg_k < RTCG_SORT_ITEMS; ++rtcg_k) {
            rtcg_own[rtcg_k] = rtcg_first + rtcg_k < rtcg_tiles ? rtcg_row[rtcg_first + rtcg_k] : 0;
            rtcg_run += rtcg_own[rtcg_k];
        }
        rtcg_sums[rtcg_t] = rtcg_run;
        RTCG_LOCAL_BARRIER();
        rtcg_sort_scan_group(rtcg_sums, rtcg_t);
        rtcg_sort_count_t rtcg_at = rtcg_carry + rtcg_sums[rtcg_t] - rtcg_run;
#pragma unroll
        for (unsigned rtcg_k = 0; rtcg_k < RTCG_SORT_ITEMS; ++rtcg_k) {
            if (rtcg_first + rtcg_k < rtcg_tiles) rtcg_row[rtcg_first + rtcg_k] = rtcg_at;
            rtcg_at += rtcg_own[rtcg_k];
        }
        rtcg_carry += rtcg_sums[RTCG_SORT_BLOCK - 1];
        RTCG_LOCAL_BARRIER();
    }
}

// The scatter ranks its tile by the 8-bit digit in two stable rounds of 4 bits, each a counting
// sort in local memory. A round gives every work-item a column of counters for its consecutive
// run of RTCG_SORT_ITEMS keys, one per 4-bit digit: no atomics, so the ranks cannot depend on how
// work-items interleave, and ranks follow the key order within a run. One round over 256 digits
// would need 256 counters per work-item (256 KB for 256 work-items); rounds of 16 need 16. Two
// digits share a 32-bit word, d in the low half and d + 8 in the high half (a tile holds fewer than
// 2^16 keys), so one scan of the words in (d mod 8, work-item) order scans both halves at once:
// the high half then only lacks the keys of digits 0 to 7, the low half's total. Word k (k = (d mod
// 8) * BLOCK + t) lives at k + k / 8, so that the scan's runs of 8 consecutive words, 9 apart, fall
// in different banks.
#define RTCG_SORT_ROUND_BITS 4
#define RTCG_SORT_ROUND_WORDS 8
#define RTCG_SORT_COUNTER(k) ((k) + (k) / RTCG_SORT_ROUND_WORDS)

RTCG_DEVICE unsigned rtcg_sort_round_digit(rtcg_sort_key_t key, unsigned shift)
{
    return (unsigned)(rtcg_sort_bits(key) >> shift) & ((1u << RTCG_SORT_ROUND_BITS) - 1);
}

// The counter word of a round digit in work-item t's column, and the one its half counts.
#define RTCG_SORT_WORD(d, t) RTCG_SORT_COUNTER(((d) % RTCG_SORT_ROUND_WORDS) * RTCG_SORT_BLOCK + (t))
#define RTCG_SORT_HALF_ONE(d) (1u << 16 * ((d) / RTCG_SORT_ROUND_WORDS))

// Per pass, last: each work-group ranks its tile and writes each digit's run of keys (and the
// values, fetched from where their key was) to offsets[digit * tiles + tile] onwards, in
// coalesced order.
RTCG_KERNEL void rtcg_sort_scatter(
    RTCG_GLOBAL const rtcg_sort_key_t* rtcg_keys_in, rtcg_index_t rtcg_keys_offset,
    RTCG_GLOBAL rtcg_sort_key_t* rtcg_keys_out,
#if RTCG_SORT_HAS_VALUES
    RTCG_GLOBAL const rtcg_sort_value_t* rtcg_values_in, rtcg_index_t rtcg_values_offset,
    RTCG_GLOBAL rtcg_sort_value_t* rtcg_values_out,
#endif
    rtcg_index_t n, unsigned rtcg_shift, RTCG_GLOBAL const rtcg_sort_count_t* rtcg_offsets)
{
    RTCG_LOCAL_ARRAY(rtcg_sort_key_t, rtcg_tile_keys, RTCG_SORT_TILE);
#if RTCG_SORT_HAS_VALUES
    // Where each key was in the tile as loaded.
    RTCG_LOCAL_ARRAY(unsigned short, rtcg_tile_origins, RTCG_SORT_TILE);
#endif
    RTCG_LOCAL_ARRAY(unsigned, rtcg_counters, (RTCG_SORT_ROUND_WORDS + 1) * RTCG_SORT_BLOCK);
    RTCG_LOCAL_ARRAY(rtcg_sort_count_t, rtcg_sums, RTCG_SORT_BLOCK);
    // Per digit: where the tile's keys of that digit go, less the place of the first in the tile.
    RTCG_LOCAL_ARRAY(rtcg_sort_count_t, rtcg_digit_base, RTCG_SORT_DIGITS);
    rtcg_keys_in += rtcg_keys_offset;
#if RTCG_SORT_HAS_VALUES
    rtcg_values_in += rtcg_values_offset;
#endif
{{tile_bounds}}    const unsigned rtcg_valid = (unsigned)(rtcg_end - rtcg_begin);
    for (unsigned rtcg_k = 0; rtcg_k < RTCG_SORT_ITEMS; ++rtcg_k) {
        const unsigned rtcg_j = rtcg_k * RTCG_SORT_BLOCK + rtcg_t;
        if (rtcg_j < rtcg_valid) {
            rtcg_tile_keys[rtcg_j] = rtcg_keys_in[rtcg_begin + rtcg_j];
#if RTCG_SORT_HAS_VALUES
            rtcg_tile_origins[rtcg_j] = (unsigned short)rtcg_j;
#endif
        }
    }

    // Each round takes the run [first, first + ITEMS) of the tile in its current order into
    // registers, and writes each key to its rank once every work-item has taken its run. The keys
    // past the tile's end (the last tile's) take no part; the valid ones rank below `valid`.
    const unsigned rtcg_first = rtcg_t * RTCG_SORT_ITEMS;
    RTCG_LOCAL_PTR unsigned* rtcg_column = rtcg_counters + rtcg_t * (RTCG_SORT_ROUND_WORDS + 1);
    for (unsigned rtcg_round = 0; rtcg_round < 2; ++rtcg_round) {
        const unsigned rtcg_round_shift = rtcg_shift + rtcg_round * RTCG_SORT_ROUND_BITS;
        rtcg_sort_key_t rtcg_keys[RTCG_SORT_ITEMS];
#if RTCG_SORT_HAS_VALUES
        unsigned short rtcg_origins[RTCG_SORT_ITEMS];
#endif
        for (unsigned rtcg_w = 0; rtcg_w < RTCG_SORT_ROUND_WORDS; ++rtcg_w)
            rtcg_counters[RTCG_SORT_WORD(rtcg_w, rtcg_t)] = 0;
        RTCG_LOCAL_BARRIER();
#pragma unroll
        for (unsigned rtcg_k = 0; rtcg_k < RTCG_SORT_ITEMS; ++rtcg_k) {
            if (rtcg_first + rtcg_k < rtcg_valid) {
                rtcg_keys[rtcg_k] = rtcg_tile_keys[rtcg_first + rtcg_k];
#if RTCG_SORT_HAS_VALUES
                rtcg_origins[rtcg_k] = rtcg_tile_origins[rtcg_first + rtcg_k];
#endif
                const unsigned rtcg_d = rtcg_sort_round_digit(rtcg_keys[rtcg_k], rtcg_round_shift);
                rtcg_counters[RTCG_SORT_WORD(rtcg_d, rtcg_t)] += RTCG_SORT_HALF_ONE(rtcg_d);
            }
        }
        RTCG_LOCAL_BARRIER();

        // Exclusive scan of the words in order: each work-item sums 8 consecutive ones, the
        // work-group scans those sums, and each work-item writes its 8.
        unsigned rtcg_run = 0;
        for (unsigned rtcg_r = 0; rtcg_r < RTCG_SORT_ROUND_WORDS; ++rtcg_r) rtcg_run += rtcg_column[rtcg_r];
        rtcg_sums[rtcg_t] = rtcg_run;
        RTCG_LOCAL_BARRIER();
        rtcg_sort_scan_group(rtcg_sums, rtcg_t);
        unsigned rtcg_at = (unsigned)rtcg_sums[rtcg_t] - rtcg_run;
        for (unsigned rtcg_r = 0; rtcg_r < RTCG_SORT_ROUND_WORDS; ++rtcg_r) {
            const unsigned rtcg_count = rtcg_column[rtcg_r];
            rtcg_column[rtcg_r] = rtcg_at;
            rtcg_at += rtcg_count;
        }
        const unsigned rtcg_low_total = (unsigned)rtcg_sums[RTCG_SORT_BLOCK - 1] & 0xffffu;
        RTCG_LOCAL_BARRIER();

#pragma unroll
        for (unsigned rtcg_k = 0; rtcg_k < RTCG_SORT_ITEMS; ++rtcg_k) {
            if (rtcg_first + rtcg_k < rtcg_valid) {
                const unsigned rtcg_d = rtcg_sort_round_digit(rtcg_keys[rtcg_k], rtcg_round_shift);
                const unsigned rtcg_word = rtcg_counters[RTCG_SORT_WORD(rtcg_d, rtcg_t)];
                rtcg_counters[RTCG_SORT_WORD(rtcg_d, rtcg_t)] = rtcg_word + RTCG_SORT_HALF_ONE(rtcg_d);
                const unsigned rtcg_rank = rtcg_d < RTCG_SORT_ROUND_WORDS ? rtcg_word & 0xffffu
                                                                          : (rtcg_word >> 16) + rtcg_low_total;
                rtcg_tile_keys[rtcg_rank] = rtcg_keys[rtcg_k];
#if RTCG_SORT_HAS_VALUES
                rtcg_tile_origins[rtcg_rank] = rtcg_origins[rtcg_k];
#endif
            }
        }
        RTCG_LOCAL_BARRIER();
    }

    // The first key of each digit's run in the ranked tile records where the run goes.
    for (unsigned rtcg_k = 0; rtcg_k < RTCG_SORT_ITEMS; ++rtcg_k) {
        const unsigned rtcg_j = rtcg_k * RTCG_SORT_BLOCK + rtcg_t;
        if (rtcg_j < rtcg_valid) {
            const unsigned rtcg_d = rtcg_sort_digit(rtcg_tile_keys[rtcg_j], rtcg_shift);
            if (rtcg_j == 0 || rtcg_sort_digit(rtcg_tile_keys[rtcg_j - 1], rtcg_shift) != rtcg_d)
                rtcg_digit_base[rtcg_d] = rtcg_offsets[(rtcg_index_t)rtcg_d * rtcg_tiles + rtcg_group] - rtcg_j;
        }
    }
    RTCG_LOCAL_BARRIER();

    // Neighbouring work-items write neighbouring places of a digit's run.
    for (unsigned rtcg_k = 0; rtcg_k < RTCG_SORT_ITEMS; ++rtcg_k) {
        const unsigned rtcg_j = rtcg_k * RTCG_SORT_BLOCK + rtcg_t;
        if (rtcg_j < rtcg_valid) {
            const rtcg_sort_key_t rtcg_key = rtcg_tile_keys[rtcg_j];
            const rtcg_sort_count_t rtcg_to = rtcg_digit_base[rtcg_sort_digit(rtcg_key, rtcg_shift)] + rtcg_j;
            rtcg_keys_out[rtcg_to] = rtcg_key;
#if RTCG_SORT_HAS_VALUES
            rtcg_values_out[rtcg_to] = rtcg_values_in[rtcg_begin + rtcg_tile_origins[rtcg_j]];
#endif
        }
    }
}
)";

// Integers: unsigned as they are, signed with the sign bit flipped. Floating: NaNs (of either
// sign) above everything, -0.0 as 0.0, and IEEE bits flipped so that negatives order reversed
// below positives.
std::string bits_body(Dialect dialect, const DType& key) {
    const std::size_t width = key.size() * 8;
    const std::string sign = "((rtcg_sort_bits_t)1 << " + std::to_string(width - 1) + ")";
    const std::string mask = width >= 32 ? "(rtcg_sort_bits_t)~(rtcg_sort_bits_t)0"
                                         : "(((rtcg_sort_bits_t)1 << " + std::to_string(width) + ") - 1)";
    if (key.is_integer()) {
        if (!key.is_signed()) return "    return (rtcg_sort_bits_t)key;";
        return "    return ((rtcg_sort_bits_t)key & " + mask + ") ^ " + sign + ";";
    }
    std::string as_bits;
    if (dialect == Dialect::opencl) as_bits = width == 64 ? "as_ulong(key)" : "as_uint(key)";
    else as_bits = width == 64 ? "(rtcg_sort_bits_t)__double_as_longlong(key)" : "__float_as_uint(key)";
    return "    if (key != key) return ~(rtcg_sort_bits_t)0;\n"
           "    if (key == 0) key = 0;\n"
           "    const rtcg_sort_bits_t bits = " + as_bits + ";\n"
           "    return (bits & " + sign + ") ? ~bits : (bits | " + sign + ");";
}

bool contains_complex(const DType& type) {
    return type.is_complex() || std::any_of(type.fields().begin(), type.fields().end(),
                                            [](const codegen::StructField& f) { return contains_complex(f.type); });
}

} // namespace

std::string radix_sort_source(codegen::Dialect dialect, const codegen::DType& key,
                              const std::optional<codegen::DType>& value, const codegen::DType& counter,
                              std::size_t block, std::size_t items) {
    if (!(key.is_integer() || key == codegen::DType::float32() || key == codegen::DType::float64()) ||
        key == codegen::DType::boolean())
        throw InvalidArgument("sort: keys of type " + std::string(key.name()) +
                              " cannot be radix sorted (integers, float32 and float64 can)");
    if (block == 0 || items == 0)
        throw InvalidArgument("sort: tiles of " + std::to_string(block) + " work-items with " + std::to_string(items) +
                              " keys each; both must be at least 1");
    // The scatter counts a tile's keys in 16-bit halves and keeps places in it in 16 bits.
    if (block * items > std::numeric_limits<std::uint16_t>::max())
        throw InvalidArgument("sort: tiles of " + std::to_string(block * items) +
                              " keys; the scatter ranks tiles of at most 65535");
    std::vector<codegen::DType> types;
    if (value) types.push_back(*value);
    std::string source = codegen::struct_declarations(types, dialect);
    const std::map<std::string, std::string, std::less<>> values{
        {"block", std::to_string(block)},
        {"items", std::to_string(items)},
        {"digit_bits", std::to_string(detail::radix_bits)},
        {"positions", std::to_string(detail::digit_positions(key))},
        {"has_values", value ? "1" : "0"},
        {"key_type", key.c_name(dialect)},
        // Without values the typedef is unused; the key type keeps it valid.
        {"value_type", (value ? *value : key).c_name(dialect)},
        {"bits_type", key.size() == 8 ? "rtcg_uindex_t" : "unsigned int"},
        {"counter_type", counter.c_name(dialect)},
        {"bits_body", bits_body(dialect, key)},
        {"tile_bounds", std::string(tile_bounds)}};
    source += codegen::substitute(helpers, values, "radix sort helpers");
    source += codegen::substitute(kernels, values, "radix sort kernels");
    return codegen::with_prelude(dialect, source, {.complex = value && contains_complex(*value)});
}

} // namespace rtcg
