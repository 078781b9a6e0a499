// The radix sort's kernels (rtcg/arrays/radix_sort_source.hpp lists them): key bits made unsigned
// and ordered as numpy orders the keys, the histogram of every digit, the digits' starts, and the
// one kernel of each pass, which ranks each tile (radix_sort_ranking.hpp), finds where its digits
// go by a look-back over the earlier tiles and writes it there; and the sort of one tile in one
// launch, with the same ranking.
#include "radix_sort_source.hpp"
#include "radix_sort_ranking.hpp"

#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/substitute.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace rtcg {
namespace {

using codegen::Dialect;
using codegen::DType;

constexpr std::string_view helpers = R"(
#define RTCG_SORT_BLOCK {{block}}
#define RTCG_SORT_ITEMS {{items}}
#define RTCG_SORT_TILE (RTCG_SORT_BLOCK * RTCG_SORT_ITEMS)
#define RTCG_SORT_DIGIT_BITS {{digit_bits}}
#define RTCG_SORT_DIGITS (1u << RTCG_SORT_DIGIT_BITS)
#define RTCG_SORT_POSITIONS {{positions}}
#define RTCG_SORT_HAS_VALUES {{has_values}}
#define RTCG_SORT_HISTOGRAM_ITEMS {{histogram_items}}
// 64-bit counts: each status of the look-back takes two words (below).
#define RTCG_SORT_WIDE_STATUS {{wide_status}}
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
)";

constexpr std::string_view histogram_kernel = R"(
// Reads the keys once for the histogram of every digit position: totals[2 * (position * DIGITS
// + digit)] and the word after it hold the low and high halves of that digit's count, added with
// 32-bit atomics, which every device has. The host zeroes them first. Work-groups stride over
// tiles of HISTOGRAM_ITEMS keys per work-item, loaded before any is counted so that each
// work-item has that many loads in flight, and count each key at each position with one local
// atomic add. The host launches few enough work-groups that their atomic adds to the totals do
// not queue on the same words, and enough that no work-group's 32-bit local counts overflow.
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
    const rtcg_index_t rtcg_tile = (rtcg_index_t)RTCG_SORT_BLOCK * RTCG_SORT_HISTOGRAM_ITEMS;
    for (rtcg_index_t rtcg_at = (rtcg_index_t)RTCG_GROUP_ID(0) * rtcg_tile; rtcg_at < n;
         rtcg_at += (rtcg_index_t)RTCG_NUM_GROUPS(0) * rtcg_tile) {
        // Only the last tile checks each key against the end.
        const int rtcg_full = n - rtcg_at >= rtcg_tile;
        rtcg_sort_bits_t rtcg_bits[RTCG_SORT_HISTOGRAM_ITEMS];
#pragma unroll
        for (unsigned rtcg_u = 0; rtcg_u < RTCG_SORT_HISTOGRAM_ITEMS; ++rtcg_u) {
            const rtcg_index_t rtcg_j = rtcg_at + rtcg_u * RTCG_SORT_BLOCK + rtcg_t;
            if (rtcg_full || rtcg_j < n) rtcg_bits[rtcg_u] = rtcg_sort_bits(rtcg_keys[rtcg_j]);
        }
#pragma unroll
        for (unsigned rtcg_p = 0; rtcg_p < RTCG_SORT_POSITIONS; ++rtcg_p)
#pragma unroll
            for (unsigned rtcg_u = 0; rtcg_u < RTCG_SORT_HISTOGRAM_ITEMS; ++rtcg_u)
                if (rtcg_full || rtcg_at + rtcg_u * RTCG_SORT_BLOCK + rtcg_t < n)
                    rtcg_atomic_add_u32_local(rtcg_counts + rtcg_p * RTCG_SORT_DIGITS +
                                                  ((unsigned)(rtcg_bits[rtcg_u] >> (rtcg_p * RTCG_SORT_DIGIT_BITS)) &
                                                   (RTCG_SORT_DIGITS - 1)),
                                              1u);
    }
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

// The digits' starts from the histogram's totals: starts[position * DIGITS + digit] = the keys of
// every smaller digit, and starts[POSITIONS * DIGITS + position] = 1 where every key has the same
// digit at that position, else 0. One work-group: the counts go to local memory; each work-item
// sums its run of consecutive digits at every position, a scan across the work-group (all
// positions at once) gives each run's start, and each work-item writes its digits' starts from
// there. A scan rather than a sum per digit: 256 dependent local reads cost about 9 us (H200).
RTCG_KERNEL void rtcg_sort_starts(RTCG_GLOBAL const unsigned* rtcg_totals, RTCG_GLOBAL rtcg_sort_count_t* rtcg_starts)
{
    RTCG_LOCAL_ARRAY(rtcg_sort_count_t, rtcg_counts, RTCG_SORT_POSITIONS * RTCG_SORT_DIGITS);
    RTCG_LOCAL_ARRAY(rtcg_sort_count_t, rtcg_sums, RTCG_SORT_POSITIONS * RTCG_SORT_BLOCK);
    RTCG_LOCAL_ARRAY(unsigned, rtcg_shared_digit, RTCG_SORT_POSITIONS);
    const unsigned rtcg_t = (unsigned)RTCG_LOCAL_ID(0);
    for (unsigned rtcg_p = rtcg_t; rtcg_p < RTCG_SORT_POSITIONS; rtcg_p += RTCG_SORT_BLOCK) rtcg_shared_digit[rtcg_p] = 0;
    for (unsigned rtcg_e = rtcg_t; rtcg_e < RTCG_SORT_POSITIONS * RTCG_SORT_DIGITS; rtcg_e += RTCG_SORT_BLOCK) {
        rtcg_counts[rtcg_e] = (rtcg_sort_count_t)rtcg_totals[2 * rtcg_e];
#if RTCG_SORT_WIDE_STATUS
        rtcg_counts[rtcg_e] += (rtcg_sort_count_t)rtcg_totals[2 * rtcg_e + 1] << 32;
#endif
    }
    RTCG_LOCAL_BARRIER();
    // Work-item t's run: digits [t * PER_ITEM, (t + 1) * PER_ITEM), those below 256.
    const unsigned rtcg_per_item = (RTCG_SORT_DIGITS + RTCG_SORT_BLOCK - 1) / RTCG_SORT_BLOCK;
    const unsigned rtcg_first = rtcg_t * rtcg_per_item;
    const unsigned rtcg_end = rtcg_first + rtcg_per_item < RTCG_SORT_DIGITS ? rtcg_first + rtcg_per_item : RTCG_SORT_DIGITS;
    rtcg_sort_count_t rtcg_run[RTCG_SORT_POSITIONS];
#pragma unroll
    for (unsigned rtcg_p = 0; rtcg_p < RTCG_SORT_POSITIONS; ++rtcg_p) {
        rtcg_run[rtcg_p] = 0;
        for (unsigned rtcg_d = rtcg_first; rtcg_d < rtcg_end; ++rtcg_d)
            rtcg_run[rtcg_p] += rtcg_counts[rtcg_p * RTCG_SORT_DIGITS + rtcg_d];
        rtcg_sums[rtcg_p * RTCG_SORT_BLOCK + rtcg_t] = rtcg_run[rtcg_p];
    }
    RTCG_LOCAL_BARRIER();
    // Inclusive scan of the runs (Hillis and Steele).
    for (unsigned rtcg_offset = 1; rtcg_offset < RTCG_SORT_BLOCK; rtcg_offset *= 2) {
        rtcg_sort_count_t rtcg_left[RTCG_SORT_POSITIONS];
#pragma unroll
        for (unsigned rtcg_p = 0; rtcg_p < RTCG_SORT_POSITIONS; ++rtcg_p)
            rtcg_left[rtcg_p] = rtcg_t >= rtcg_offset ? rtcg_sums[rtcg_p * RTCG_SORT_BLOCK + rtcg_t - rtcg_offset] : 0;
        RTCG_LOCAL_BARRIER();
#pragma unroll
        for (unsigned rtcg_p = 0; rtcg_p < RTCG_SORT_POSITIONS; ++rtcg_p)
            rtcg_sums[rtcg_p * RTCG_SORT_BLOCK + rtcg_t] += rtcg_left[rtcg_p];
        RTCG_LOCAL_BARRIER();
    }
#pragma unroll
    for (unsigned rtcg_p = 0; rtcg_p < RTCG_SORT_POSITIONS; ++rtcg_p) {
        const rtcg_sort_count_t rtcg_keys = rtcg_sums[rtcg_p * RTCG_SORT_BLOCK + RTCG_SORT_BLOCK - 1];
        rtcg_sort_count_t rtcg_start = rtcg_sums[rtcg_p * RTCG_SORT_BLOCK + rtcg_t] - rtcg_run[rtcg_p];
        for (unsigned rtcg_d = rtcg_first; rtcg_d < rtcg_end; ++rtcg_d) {
            const rtcg_sort_count_t rtcg_count = rtcg_counts[rtcg_p * RTCG_SORT_DIGITS + rtcg_d];
            rtcg_starts[rtcg_p * RTCG_SORT_DIGITS + rtcg_d] = rtcg_start;
            rtcg_start += rtcg_count;
            if (rtcg_count == rtcg_keys) rtcg_shared_digit[rtcg_p] = 1;
        }
    }
    RTCG_LOCAL_BARRIER();
    for (unsigned rtcg_p = rtcg_t; rtcg_p < RTCG_SORT_POSITIONS; rtcg_p += RTCG_SORT_BLOCK)
        rtcg_starts[RTCG_SORT_POSITIONS * RTCG_SORT_DIGITS + rtcg_p] = rtcg_shared_digit[rtcg_p];
}
)";

// The pass's tiles find where their keys go with a chained scan over the tiles and a decoupled
// look-back: each tile publishes, per digit, first its own count (the aggregate) and then the
// inclusive prefix (the digit's start plus its keys in this and every earlier tile), and finds
// its exclusive prefix by walking back over the earlier tiles' statuses, adding aggregates, until
// an inclusive prefix. A status is a 30-bit count under a 2-bit code in one word; with 64-bit
// counts, two such words hold the low and the high 30 bits. A word is written and read whole, so
// a code arrives with its count and no fence is needed; of two words a reader takes only a pair
// whose codes agree, and each code is written once per word and pass, so the pair comes from one
// publication. Reads and writes are volatile, so that they reach memory every other work-group
// sees, and a wait reads again.
//
// The code is the kind (0: nothing published, 1: aggregate, 2: inclusive prefix) plus 2 * (pass
// mod 2), mod 4. Every status ends a pass as an inclusive prefix, whose code then reads as
// nothing published to the next pass, as the zeroed state does to the first: the host zeroes the
// state once per sort, never between passes. The state buffer holds, in 32-bit words, the
// histogram's totals, one tile counter per pass and the statuses, (tile * DIGITS + digit) * words
// per status.
constexpr std::string_view look_back = R"(
#define RTCG_SORT_STATUS_WORDS (1 + RTCG_SORT_WIDE_STATUS)
#define RTCG_SORT_TOTAL_WORDS (2 * RTCG_SORT_POSITIONS * RTCG_SORT_DIGITS)
#define RTCG_SORT_COUNT_BITS 30
#define RTCG_SORT_COUNT_MASK ((1u << RTCG_SORT_COUNT_BITS) - 1)
#define RTCG_SORT_NOTHING 0u
#define RTCG_SORT_AGGREGATE 1u
#define RTCG_SORT_INCLUSIVE 2u

// `flip`: 2 * (pass mod 2).
RTCG_DEVICE void rtcg_sort_publish(RTCG_GLOBAL unsigned* status, unsigned kind, unsigned flip,
                                   rtcg_sort_count_t count)
{
    volatile RTCG_GLOBAL unsigned* words = status;
    const unsigned code = ((kind + flip) & 3u) << RTCG_SORT_COUNT_BITS;
    words[0] = code | ((unsigned)count & RTCG_SORT_COUNT_MASK);
#if RTCG_SORT_WIDE_STATUS
    words[1] = code | (unsigned)(count >> RTCG_SORT_COUNT_BITS);
#endif
}

// The kind of a status, and its count where there is one.
RTCG_DEVICE unsigned rtcg_sort_read_status(RTCG_GLOBAL const unsigned* status, unsigned flip,
                                           rtcg_sort_count_t* count)
{
    volatile RTCG_GLOBAL const unsigned* words = status;
    const unsigned low = words[0];
    *count = low & RTCG_SORT_COUNT_MASK;
#if RTCG_SORT_WIDE_STATUS
    const unsigned high = words[1];
    if ((high ^ low) >> RTCG_SORT_COUNT_BITS) return RTCG_SORT_NOTHING;
    *count |= (rtcg_sort_count_t)(high & RTCG_SORT_COUNT_MASK) << RTCG_SORT_COUNT_BITS;
#endif
    return ((low >> RTCG_SORT_COUNT_BITS) - flip) & 3u;
}

// The status of (tile, digit).
RTCG_DEVICE RTCG_GLOBAL unsigned* rtcg_sort_status(RTCG_GLOBAL unsigned* statuses, rtcg_index_t tile, unsigned digit)
{
    return statuses + (tile * RTCG_SORT_DIGITS + digit) * RTCG_SORT_STATUS_WORDS;
}

// Where the keys of `digit` in tile `tile` (> 0) start: the digit's start plus its keys in the
// earlier tiles. Waits while a tile has published nothing. Tiles are numbered in the order their
// work-groups started (rtcg_sort_take_tile), so each earlier tile's work-group is running or done,
// publishes its aggregate without waiting, and the wait ends on every device that keeps its
// started work-groups running.
RTCG_DEVICE rtcg_sort_count_t rtcg_sort_look_back(RTCG_GLOBAL unsigned* statuses, rtcg_index_t tile,
                                                  unsigned digit, unsigned flip)
{
    rtcg_sort_count_t before = 0;
    rtcg_index_t earlier = tile - 1;
    for (;;) {
        rtcg_sort_count_t count;
        const unsigned kind = rtcg_sort_read_status(rtcg_sort_status(statuses, earlier, digit), flip, &count);
        if (kind == RTCG_SORT_INCLUSIVE) return before + count;
        if (kind == RTCG_SORT_AGGREGATE) {
            before += count;
            --earlier;
        }
    }
}

// The next tile of the pass's counter, for the whole work-group, through `slot`. Work-group ids
// need not follow the order work-groups start in; the counter does.
RTCG_DEVICE rtcg_index_t rtcg_sort_take_tile(RTCG_GLOBAL unsigned* counter, RTCG_LOCAL_PTR unsigned* slot, unsigned t)
{
    if (t == 0) *slot = rtcg_atomic_add_u32_global(counter, 1u);
    RTCG_LOCAL_BARRIER();
    return (rtcg_index_t)*slot;
}
)";

constexpr std::string_view writing = R"(
// Writes the ranked tile: key j (and the value from where the key was) to `place[digit] + j`.
// Neighbouring work-items write neighbouring places of a digit's run.
RTCG_DEVICE void rtcg_sort_write_tile(RTCG_LOCAL_PTR const rtcg_sort_key_t* tile_keys,
                                      RTCG_LOCAL_PTR const unsigned short* origins,
                                      RTCG_LOCAL_PTR const rtcg_sort_count_t* place, unsigned valid, unsigned shift,
                                      RTCG_GLOBAL rtcg_sort_key_t* keys_out,
                                      RTCG_GLOBAL const rtcg_sort_value_t* values_in,
                                      RTCG_GLOBAL rtcg_sort_value_t* values_out, unsigned t)
{
    for (unsigned k = 0; k < RTCG_SORT_ITEMS; ++k) {
        const unsigned j = k * RTCG_SORT_BLOCK + t;
        if (j < valid) {
            const rtcg_sort_key_t key = tile_keys[j];
            const rtcg_sort_count_t to = place[rtcg_sort_digit(key, shift)] + j;
            keys_out[to] = key;
#if RTCG_SORT_HAS_VALUES
            values_out[to] = values_in[origins[j]];
#endif
        }
    }
}
)";

constexpr std::string_view pass_kernel = R"(
// One pass: each work-group takes the next tile, loads it once, ranks it by the digit at `shift`,
// publishes its digits' counts, looks back for where each digit's keys go (tile 0 starts at the
// digits' starts) and writes the tile there. `starts` holds every position's digit starts (the
// keys of smaller digits) and whether every key shares the position's digit; `pass` numbers the
// passes run so far in this sort, from 0.
RTCG_KERNEL RTCG_SORT_PASS_BOUNDS void rtcg_sort_pass(
    RTCG_GLOBAL const rtcg_sort_key_t* rtcg_keys_in, rtcg_index_t rtcg_keys_offset,
    RTCG_GLOBAL rtcg_sort_key_t* rtcg_keys_out,
#if RTCG_SORT_HAS_VALUES
    RTCG_GLOBAL const rtcg_sort_value_t* rtcg_values_in, rtcg_index_t rtcg_values_offset,
    RTCG_GLOBAL rtcg_sort_value_t* rtcg_values_out,
#endif
    rtcg_index_t n, unsigned rtcg_shift, unsigned rtcg_pass, RTCG_GLOBAL const rtcg_sort_count_t* rtcg_starts,
    RTCG_GLOBAL unsigned* rtcg_state)
{
    RTCG_LOCAL_ARRAY(rtcg_sort_key_t, rtcg_tile_keys, RTCG_SORT_TILE);
    // Where each key was in the tile as loaded: with values only.
    RTCG_LOCAL_ARRAY(unsigned short, rtcg_tile_origins, RTCG_SORT_HAS_VALUES ? RTCG_SORT_TILE : 1);
    RTCG_LOCAL_ARRAY(unsigned, rtcg_rank_scratch, RTCG_SORT_RANK_SCRATCH_WORDS);
    RTCG_LOCAL_ARRAY(unsigned, rtcg_tile_slot, 1);
    RTCG_LOCAL_ARRAY(unsigned, rtcg_run_first, RTCG_SORT_DIGITS);
    // Per digit: the end of its run in the ranked tile, then where the run goes less its first place.
    RTCG_LOCAL_ARRAY(rtcg_sort_count_t, rtcg_place, RTCG_SORT_DIGITS);
#if !RTCG_SORT_HAS_VALUES
    // rtcg_sort_write_tile leaves the values alone.
    RTCG_GLOBAL const rtcg_sort_value_t* rtcg_values_in = 0;
    RTCG_GLOBAL rtcg_sort_value_t* rtcg_values_out = 0;
#endif
    const unsigned rtcg_t = (unsigned)RTCG_LOCAL_ID(0);
    const unsigned rtcg_flip = 2 * (rtcg_pass & 1);
    RTCG_GLOBAL unsigned* rtcg_statuses = rtcg_state + RTCG_SORT_TOTAL_WORDS + RTCG_SORT_POSITIONS;
    const rtcg_index_t rtcg_tile =
        rtcg_sort_take_tile(rtcg_state + RTCG_SORT_TOTAL_WORDS + rtcg_pass, rtcg_tile_slot, rtcg_t);
    const rtcg_index_t rtcg_begin = rtcg_tile * RTCG_SORT_TILE;
    const unsigned rtcg_valid = (unsigned)(rtcg_begin + RTCG_SORT_TILE < n ? RTCG_SORT_TILE : n - rtcg_begin);
    const unsigned rtcg_position = rtcg_shift / RTCG_SORT_DIGIT_BITS;
    // Every key has the same digit: the tile goes where it is, unranked, as a copy. Its statuses are
    // published anyway, as the next pass of this parity expects them.
    if (rtcg_starts[RTCG_SORT_POSITIONS * RTCG_SORT_DIGITS + rtcg_position]) {
        for (unsigned rtcg_j = rtcg_t; rtcg_j < rtcg_valid; rtcg_j += RTCG_SORT_BLOCK) {
            rtcg_keys_out[rtcg_begin + rtcg_j] = rtcg_keys_in[rtcg_keys_offset + rtcg_begin + rtcg_j];
#if RTCG_SORT_HAS_VALUES
            rtcg_values_out[rtcg_begin + rtcg_j] = rtcg_values_in[rtcg_values_offset + rtcg_begin + rtcg_j];
#endif
        }
        for (unsigned rtcg_d = rtcg_t; rtcg_d < RTCG_SORT_DIGITS; rtcg_d += RTCG_SORT_BLOCK)
            rtcg_sort_publish(rtcg_sort_status(rtcg_statuses, rtcg_tile, rtcg_d), RTCG_SORT_INCLUSIVE, rtcg_flip, 0);
        return;
    }
    rtcg_starts += rtcg_position * RTCG_SORT_DIGITS;

    // The ranking is called twice over, once with a literal `full`: every tile but the last then
    // ranks without checking each key against the tile's end.
    RTCG_GLOBAL const rtcg_sort_key_t* rtcg_tile_in = rtcg_keys_in + rtcg_keys_offset + rtcg_begin;
    const int rtcg_full = rtcg_valid == RTCG_SORT_TILE;
    rtcg_sort_key_t rtcg_held[RTCG_SORT_HELD_KEYS];
    if (rtcg_full)
        rtcg_sort_count_tile(rtcg_tile_in, rtcg_valid, 1, RTCG_SORT_ITEMS, rtcg_shift, rtcg_tile_keys,
                             rtcg_tile_origins, rtcg_rank_scratch, rtcg_run_first, rtcg_place, rtcg_held, rtcg_t);
    else
        rtcg_sort_count_tile(rtcg_tile_in, rtcg_valid, 0, RTCG_SORT_ITEMS, rtcg_shift, rtcg_tile_keys,
                             rtcg_tile_origins, rtcg_rank_scratch, rtcg_run_first, rtcg_place, rtcg_held, rtcg_t);
    // The tile's counts go out before it is ordered, so that later tiles wait less.
    if (rtcg_tile > 0)
        for (unsigned rtcg_d = rtcg_t; rtcg_d < RTCG_SORT_DIGITS; rtcg_d += RTCG_SORT_BLOCK)
            rtcg_sort_publish(rtcg_sort_status(rtcg_statuses, rtcg_tile, rtcg_d), RTCG_SORT_AGGREGATE, rtcg_flip,
                              rtcg_place[rtcg_d] - rtcg_run_first[rtcg_d]);
    if (rtcg_full)
        rtcg_sort_order_tile(rtcg_valid, 1, RTCG_SORT_ITEMS, rtcg_shift, rtcg_tile_keys, rtcg_tile_origins,
                             rtcg_rank_scratch, rtcg_held, rtcg_t);
    else
        rtcg_sort_order_tile(rtcg_valid, 0, RTCG_SORT_ITEMS, rtcg_shift, rtcg_tile_keys, rtcg_tile_origins,
                             rtcg_rank_scratch, rtcg_held, rtcg_t);
    // Every aggregate goes out before any work-item waits, also where a work-group's work-items
    // run one after another between barriers (CPUs).
    RTCG_LOCAL_BARRIER();
    for (unsigned rtcg_d = rtcg_t; rtcg_d < RTCG_SORT_DIGITS; rtcg_d += RTCG_SORT_BLOCK) {
        const rtcg_sort_count_t rtcg_before =
            rtcg_tile == 0 ? rtcg_starts[rtcg_d] : rtcg_sort_look_back(rtcg_statuses, rtcg_tile, rtcg_d, rtcg_flip);
        rtcg_sort_publish(rtcg_sort_status(rtcg_statuses, rtcg_tile, rtcg_d), RTCG_SORT_INCLUSIVE, rtcg_flip,
                          rtcg_before + rtcg_place[rtcg_d] - rtcg_run_first[rtcg_d]);
        rtcg_place[rtcg_d] = rtcg_before - rtcg_run_first[rtcg_d];
    }
    RTCG_LOCAL_BARRIER();

#if RTCG_SORT_HAS_VALUES
    rtcg_values_in += rtcg_values_offset + rtcg_begin;
#endif
    rtcg_sort_write_tile(rtcg_tile_keys, rtcg_tile_origins, rtcg_place, rtcg_valid, rtcg_shift, rtcg_keys_out,
                         rtcg_values_in, rtcg_values_out, rtcg_t);
}
)";

constexpr std::string_view one_tile_kernel = R"(
// The whole sort of at most one tile (n <= TILE) in one work-group and one launch, for sorts too
// small to fill the device: each position ranks the tile as a pass does and writes it in order to
// the scratch array of its parity, which the next position reads back; no histogram, starts or
// look-back. The sorted keys end where the passes would leave them: the array of the last
// position's parity.
RTCG_KERNEL RTCG_SORT_PASS_BOUNDS void rtcg_sort_one_tile(
    RTCG_GLOBAL const rtcg_sort_key_t* rtcg_keys_in, rtcg_index_t rtcg_keys_offset,
    RTCG_GLOBAL rtcg_sort_key_t* rtcg_keys_even, RTCG_GLOBAL rtcg_sort_key_t* rtcg_keys_odd,
#if RTCG_SORT_HAS_VALUES
    RTCG_GLOBAL const rtcg_sort_value_t* rtcg_values_in, rtcg_index_t rtcg_values_offset,
    RTCG_GLOBAL rtcg_sort_value_t* rtcg_values_even, RTCG_GLOBAL rtcg_sort_value_t* rtcg_values_odd,
#endif
    rtcg_index_t n)
{
    RTCG_LOCAL_ARRAY(rtcg_sort_key_t, rtcg_tile_keys, RTCG_SORT_TILE);
    RTCG_LOCAL_ARRAY(unsigned short, rtcg_tile_origins, RTCG_SORT_HAS_VALUES ? RTCG_SORT_TILE : 1);
    RTCG_LOCAL_ARRAY(unsigned, rtcg_rank_scratch, RTCG_SORT_RANK_SCRATCH_WORDS);
    RTCG_LOCAL_ARRAY(unsigned, rtcg_run_first, RTCG_SORT_DIGITS);
    RTCG_LOCAL_ARRAY(rtcg_sort_count_t, rtcg_run_end, RTCG_SORT_DIGITS);
    const unsigned rtcg_t = (unsigned)RTCG_LOCAL_ID(0);
    const unsigned rtcg_valid = (unsigned)n;
    RTCG_GLOBAL const rtcg_sort_key_t* rtcg_keys = rtcg_keys_in + rtcg_keys_offset;
#if RTCG_SORT_HAS_VALUES
    RTCG_GLOBAL const rtcg_sort_value_t* rtcg_values = rtcg_values_in + rtcg_values_offset;
#endif
    // The keys spread over every work-item: the ranking's rounds follow the most any takes.
    const unsigned rtcg_items = (rtcg_valid + RTCG_SORT_BLOCK - 1) / RTCG_SORT_BLOCK;
    rtcg_sort_key_t rtcg_held[RTCG_SORT_HELD_KEYS];
    for (unsigned rtcg_position = 0; rtcg_position < RTCG_SORT_POSITIONS; ++rtcg_position) {
        const unsigned rtcg_shift = rtcg_position * RTCG_SORT_DIGIT_BITS;
        rtcg_sort_count_tile(rtcg_keys, rtcg_valid, 0, rtcg_items, rtcg_shift, rtcg_tile_keys, rtcg_tile_origins,
                             rtcg_rank_scratch, rtcg_run_first, rtcg_run_end, rtcg_held, rtcg_t);
        rtcg_sort_order_tile(rtcg_valid, 0, rtcg_items, rtcg_shift, rtcg_tile_keys, rtcg_tile_origins, rtcg_rank_scratch,
                             rtcg_held, rtcg_t);
        RTCG_LOCAL_BARRIER();
        RTCG_GLOBAL rtcg_sort_key_t* rtcg_keys_out = rtcg_position % 2 ? rtcg_keys_odd : rtcg_keys_even;
#if RTCG_SORT_HAS_VALUES
        RTCG_GLOBAL rtcg_sort_value_t* rtcg_values_out = rtcg_position % 2 ? rtcg_values_odd : rtcg_values_even;
#endif
        for (unsigned rtcg_j = rtcg_t; rtcg_j < rtcg_valid; rtcg_j += RTCG_SORT_BLOCK) {
            rtcg_keys_out[rtcg_j] = rtcg_tile_keys[rtcg_j];
#if RTCG_SORT_HAS_VALUES
            rtcg_values_out[rtcg_j] = rtcg_values[rtcg_tile_origins[rtcg_j]];
#endif
        }
        // The next position reads what every work-item wrote, and reuses the local memory.
        RTCG_GLOBAL_BARRIER();
        rtcg_keys = rtcg_keys_out;
#if RTCG_SORT_HAS_VALUES
        rtcg_values = rtcg_values_out;
#endif
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

std::string radix_sort_source(const codegen::Target& target, const codegen::DType& key,
                              const std::optional<codegen::DType>& value, const codegen::DType& counter,
                              std::size_t block, std::size_t items) {
    if (!(key.is_integer() || key == codegen::DType::float32() || key == codegen::DType::float64()) ||
        key == codegen::DType::boolean())
        throw InvalidArgument("sort: keys of type " + std::string(key.name()) +
                              " cannot be radix sorted (integers, float32 and float64 can)");
    if (block == 0 || items == 0)
        throw InvalidArgument("sort: tiles of " + std::to_string(block) + " work-items with " + std::to_string(items) +
                              " keys each; both must be at least 1");
    // The ranking counts a tile's keys in 16-bit halves and keeps places in it in 16 bits.
    if (block * items > std::numeric_limits<std::uint16_t>::max())
        throw InvalidArgument("sort: tiles of " + std::to_string(block * items) +
                              " keys; the passes rank tiles of at most 65535");
    if (counter != codegen::DType::uint32() && counter != codegen::DType::uint64())
        throw InvalidArgument("sort: counts of type " + std::string(counter.name()) + "; uint32 or uint64 can");
    const Dialect dialect = target.dialect;
    const bool warp_votes = detail::ranks_by_warp_votes(target, block);
    std::vector<codegen::DType> types;
    if (value) types.push_back(*value);
    std::string source = codegen::struct_declarations(types, dialect);
    const std::map<std::string, std::string, std::less<>> values{
        {"block", std::to_string(block)},
        {"items", std::to_string(items)},
        {"digit_bits", std::to_string(detail::radix_bits)},
        {"histogram_items", std::to_string(detail::histogram_items)},
        {"positions", std::to_string(detail::digit_positions(key))},
        {"has_values", value ? "1" : "0"},
        {"key_type", key.c_name(dialect)},
        // Without values the typedef is unused; the key type keeps it valid.
        {"value_type", (value ? *value : key).c_name(dialect)},
        {"bits_type", key.size() == 8 ? "rtcg_uindex_t" : "unsigned int"},
        {"counter_type", counter.c_name(dialect)},
        {"wide_status", counter.size() == 8 ? "1" : "0"},
        {"bits_body", bits_body(dialect, key)}};
    source += codegen::substitute(helpers, values, "radix sort helpers");
    for (std::string_view part : {histogram_kernel, look_back, detail::radix_sort_ranking(target, block), writing,
                                  pass_kernel, one_tile_kernel})
        source += part;
    return codegen::with_prelude(dialect, source, {.complex = value && contains_complex(*value), .warp = warp_votes});
}

} // namespace rtcg
