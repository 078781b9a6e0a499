// The text of a ScanKernel's kernels (the single pass, or reduce-then-scan's three): a fixed body
// with the user's snippets, the value type and the tile shape substituted in. Segmented and plain
// scans share the body; the preprocessor drops the segment flags of a plain scan, so it pays
// nothing for them.
#include "scan_source.hpp"

#include "array_kernel_text.hpp"
#include "snippet_tokens.hpp"

#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/substitute.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <array>

namespace rtcg::detail {
namespace {

using codegen::Argument;
using codegen::Dialect;
using codegen::DType;

// Helpers shared by the kernels. A segmented scan combines (starts, value) pairs: a segment start
// in the later operand discards the earlier one, which keeps the operation associative.
constexpr std::string_view helpers = R"(
#define RTCG_SCAN_BLOCK {{block}}
#define RTCG_SCAN_ITEMS {{items}}
#define RTCG_SCAN_TILE (RTCG_SCAN_BLOCK * RTCG_SCAN_ITEMS)
#define RTCG_SCAN_SEGMENTED {{segmented}}
typedef {{type}} rtcg_scan_value_t;

RTCG_DEVICE rtcg_scan_value_t rtcg_scan_op(rtcg_scan_value_t a, rtcg_scan_value_t b)
{
    return ({{scan_expr}});
}

RTCG_DEVICE rtcg_scan_value_t rtcg_scan_neutral(void)
{
    rtcg_scan_value_t value = {{neutral}};
    return value;
}

#if RTCG_SCAN_SEGMENTED
#define RTCG_SCAN_COMBINE(a, b, b_starts) ((b_starts) ? (b) : rtcg_scan_op((a), (b)))
#define RTCG_SCAN_STARTS(flags, j) (flags[j])
#define RTCG_SCAN_GROUP(t) rtcg_scan_group(rtcg_sums, rtcg_sum_starts, (t))

// Inclusive scan of the work-group's (starts, value) pairs in place (Hillis and Steele: log2 of
// the block steps, each a read and a write between barriers).
RTCG_DEVICE void rtcg_scan_group(RTCG_LOCAL_PTR rtcg_scan_value_t* sums, RTCG_LOCAL_PTR unsigned char* starts,
                                 unsigned t)
{
    for (unsigned offset = 1; offset < RTCG_SCAN_BLOCK; offset *= 2) {
        const int has_left = t >= offset;
        const rtcg_scan_value_t left = sums[has_left ? t - offset : t];
        const unsigned char left_starts = starts[has_left ? t - offset : t];
        RTCG_LOCAL_BARRIER();
        if (has_left) {
            if (!starts[t]) sums[t] = rtcg_scan_op(left, sums[t]);
            starts[t] = (unsigned char)(starts[t] | left_starts);
        }
        RTCG_LOCAL_BARRIER();
    }
}
#else
#define RTCG_SCAN_COMBINE(a, b, b_starts) rtcg_scan_op((a), (b))
#define RTCG_SCAN_STARTS(flags, j) 0
#define RTCG_SCAN_GROUP(t) rtcg_scan_group(rtcg_sums, (t))

RTCG_DEVICE void rtcg_scan_group(RTCG_LOCAL_PTR rtcg_scan_value_t* sums, unsigned t)
{
    for (unsigned offset = 1; offset < RTCG_SCAN_BLOCK; offset *= 2) {
        const int has_left = t >= offset;
        const rtcg_scan_value_t left = sums[has_left ? t - offset : t];
        RTCG_LOCAL_BARRIER();
        if (has_left) sums[t] = rtcg_scan_op(left, sums[t]);
        RTCG_LOCAL_BARRIER();
    }
}
#endif
)";

// Local memory of _reduce and _final: the tile, one total per work-item, and their segment flags.
constexpr std::string_view tile_memory = R"(    RTCG_LOCAL_ARRAY(rtcg_scan_value_t, rtcg_tile, RTCG_SCAN_TILE);
    RTCG_LOCAL_ARRAY(rtcg_scan_value_t, rtcg_sums, RTCG_SCAN_BLOCK);
#if RTCG_SCAN_SEGMENTED
    RTCG_LOCAL_ARRAY(unsigned char, rtcg_tile_starts, RTCG_SCAN_TILE);
    RTCG_LOCAL_ARRAY(unsigned char, rtcg_sum_starts, RTCG_SCAN_BLOCK);
#endif
)";

// Fills the tile at rtcg_base in coalesced order; indices past the chunk get the neutral value.
constexpr std::string_view load_tile = R"(        for (unsigned rtcg_k = 0; rtcg_k < RTCG_SCAN_ITEMS; ++rtcg_k) {
            const unsigned rtcg_j = rtcg_k * RTCG_SCAN_BLOCK + rtcg_t;
            const rtcg_index_t i = rtcg_base + rtcg_j;
            if (i < rtcg_end) {
                rtcg_tile[rtcg_j] = ({{input_expr}});
#if RTCG_SCAN_SEGMENTED
                rtcg_tile_starts[rtcg_j] = ({{segment_start}}) ? 1 : 0;
#endif
            } else {
                rtcg_tile[rtcg_j] = rtcg_scan_neutral();
#if RTCG_SCAN_SEGMENTED
                rtcg_tile_starts[rtcg_j] = 0;
#endif
            }
        }
        RTCG_LOCAL_BARRIER();
)";

constexpr std::string_view chunk_bounds = R"(    const unsigned rtcg_t = (unsigned)RTCG_LOCAL_ID(0);
    const rtcg_index_t rtcg_group = (rtcg_index_t)RTCG_GROUP_ID(0);
    const rtcg_index_t rtcg_begin = rtcg_group * rtcg_chunk;
    const rtcg_index_t rtcg_end = rtcg_begin + rtcg_chunk < n ? rtcg_begin + rtcg_chunk : n;
)";

// Shared by _final and _single, inside a tile's block. scan_runs: each work-item scans its run
// of the tile in place (rtcg_unprefixed marks the items before a segment start, which still need
// the prefix before the run); {{scan_runs}} in a kernel is this followed by scan_run_totals.
constexpr std::string_view scan_runs = R"(        const unsigned rtcg_first = rtcg_t * RTCG_SCAN_ITEMS;
        rtcg_scan_value_t rtcg_run = rtcg_tile[rtcg_first];
        int rtcg_run_starts = RTCG_SCAN_STARTS(rtcg_tile_starts, rtcg_first);
        unsigned rtcg_unprefixed = rtcg_run_starts ? 0u : 1u; // bit k: item k still needs the prefix
        for (unsigned rtcg_k = 1; rtcg_k < RTCG_SCAN_ITEMS; ++rtcg_k) {
            const int rtcg_starts = RTCG_SCAN_STARTS(rtcg_tile_starts, rtcg_first + rtcg_k);
            rtcg_run = RTCG_SCAN_COMBINE(rtcg_run, rtcg_tile[rtcg_first + rtcg_k], rtcg_starts);
            rtcg_tile[rtcg_first + rtcg_k] = rtcg_run;
            rtcg_run_starts = rtcg_run_starts || rtcg_starts;
            if (!rtcg_run_starts) rtcg_unprefixed |= 1u << rtcg_k;
        }
)";

// After a tile's runs (rtcg_run, rtcg_run_starts per work-item), in the reduce kernel and in
// scan_runs: the work-group scans the runs' totals into rtcg_sums.
constexpr std::string_view scan_run_totals = R"(        rtcg_sums[rtcg_t] = rtcg_run;
#if RTCG_SCAN_SEGMENTED
        rtcg_sum_starts[rtcg_t] = (unsigned char)rtcg_run_starts;
#endif
        RTCG_LOCAL_BARRIER();
        RTCG_SCAN_GROUP(rtcg_t);
)";

// Each run's items get the prefix before the run, which starts from rtcg_carry, the prefix
// before the tile.
constexpr std::string_view prefix_runs = R"(        const rtcg_scan_value_t rtcg_prefix =
            rtcg_t == 0 ? rtcg_carry
                        : RTCG_SCAN_COMBINE(rtcg_carry, rtcg_sums[rtcg_t - 1],
                                            RTCG_SCAN_STARTS(rtcg_sum_starts, rtcg_t - 1));
        for (unsigned rtcg_k = 0; rtcg_k < RTCG_SCAN_ITEMS; ++rtcg_k)
            if (rtcg_unprefixed & (1u << rtcg_k))
                rtcg_tile[rtcg_first + rtcg_k] = rtcg_scan_op(rtcg_prefix, rtcg_tile[rtcg_first + rtcg_k]);
)";

// The output statement at each index of the tile, in coalesced order.
constexpr std::string_view write_tile = R"(        for (unsigned rtcg_k = 0; rtcg_k < RTCG_SCAN_ITEMS; ++rtcg_k) {
            const unsigned rtcg_j = rtcg_k * RTCG_SCAN_BLOCK + rtcg_t;
            const rtcg_index_t i = rtcg_base + rtcg_j;
            if (i < rtcg_end) {
                const rtcg_scan_value_t item = rtcg_tile[rtcg_j];
                const rtcg_scan_value_t prev_item =
                    RTCG_SCAN_STARTS(rtcg_tile_starts, rtcg_j) ? rtcg_scan_neutral()
                    : rtcg_j == 0                              ? rtcg_carry
                                                               : rtcg_tile[rtcg_j - 1];
                {{output_statement}};
            }
        }
)";

constexpr std::string_view reduce_kernel = R"(
RTCG_KERNEL void {{kernel}}(
{{parameters}}    rtcg_index_t n, rtcg_index_t rtcg_chunk,
#if RTCG_SCAN_SEGMENTED
    RTCG_GLOBAL unsigned char* rtcg_group_starts,
#endif
    RTCG_GLOBAL rtcg_scan_value_t* rtcg_group_totals)
{
{{tile_memory}}{{pointers}}{{chunk_bounds}}    rtcg_scan_value_t rtcg_total = rtcg_scan_neutral();
    int rtcg_total_starts = 0;
    for (rtcg_index_t rtcg_base = rtcg_begin; rtcg_base < rtcg_end; rtcg_base += RTCG_SCAN_TILE) {
{{load_tile}}        const unsigned rtcg_first = rtcg_t * RTCG_SCAN_ITEMS;
        rtcg_scan_value_t rtcg_run = rtcg_tile[rtcg_first];
        int rtcg_run_starts = RTCG_SCAN_STARTS(rtcg_tile_starts, rtcg_first);
        for (unsigned rtcg_k = 1; rtcg_k < RTCG_SCAN_ITEMS; ++rtcg_k) {
            const int rtcg_starts = RTCG_SCAN_STARTS(rtcg_tile_starts, rtcg_first + rtcg_k);
            rtcg_run = RTCG_SCAN_COMBINE(rtcg_run, rtcg_tile[rtcg_first + rtcg_k], rtcg_starts);
            rtcg_run_starts = rtcg_run_starts || rtcg_starts;
        }
{{scan_run_totals}}        rtcg_total = RTCG_SCAN_COMBINE(rtcg_total, rtcg_sums[RTCG_SCAN_BLOCK - 1],
                                       RTCG_SCAN_STARTS(rtcg_sum_starts, RTCG_SCAN_BLOCK - 1));
        rtcg_total_starts = rtcg_total_starts || RTCG_SCAN_STARTS(rtcg_sum_starts, RTCG_SCAN_BLOCK - 1);
    }
    if (rtcg_t == 0) {
        rtcg_group_totals[rtcg_group] = rtcg_total;
#if RTCG_SCAN_SEGMENTED
        rtcg_group_starts[rtcg_group] = (unsigned char)rtcg_total_starts;
#endif
    }
}
)";

constexpr std::string_view blocks_kernel = R"(
RTCG_KERNEL void {{kernel}}(
    RTCG_GLOBAL const rtcg_scan_value_t* rtcg_group_totals,
#if RTCG_SCAN_SEGMENTED
    RTCG_GLOBAL const unsigned char* rtcg_group_starts,
#endif
    RTCG_GLOBAL rtcg_scan_value_t* rtcg_group_prefixes, rtcg_index_t rtcg_groups)
{
    RTCG_LOCAL_ARRAY(rtcg_scan_value_t, rtcg_sums, RTCG_SCAN_BLOCK);
#if RTCG_SCAN_SEGMENTED
    RTCG_LOCAL_ARRAY(unsigned char, rtcg_sum_starts, RTCG_SCAN_BLOCK);
#endif
    const unsigned rtcg_t = (unsigned)RTCG_LOCAL_ID(0);
    rtcg_scan_value_t rtcg_carry = rtcg_scan_neutral();
    for (rtcg_index_t rtcg_base = 0; rtcg_base < rtcg_groups; rtcg_base += RTCG_SCAN_BLOCK) {
        const rtcg_index_t rtcg_g = rtcg_base + rtcg_t;
        rtcg_sums[rtcg_t] = rtcg_g < rtcg_groups ? rtcg_group_totals[rtcg_g] : rtcg_scan_neutral();
#if RTCG_SCAN_SEGMENTED
        rtcg_sum_starts[rtcg_t] = rtcg_g < rtcg_groups ? rtcg_group_starts[rtcg_g] : 0;
#endif
        RTCG_LOCAL_BARRIER();
        RTCG_SCAN_GROUP(rtcg_t);
        if (rtcg_g < rtcg_groups)
            rtcg_group_prefixes[rtcg_g] = rtcg_t == 0 ? rtcg_carry
                                                     : RTCG_SCAN_COMBINE(rtcg_carry, rtcg_sums[rtcg_t - 1],
                                                                         RTCG_SCAN_STARTS(rtcg_sum_starts, rtcg_t - 1));
        rtcg_carry = RTCG_SCAN_COMBINE(rtcg_carry, rtcg_sums[RTCG_SCAN_BLOCK - 1],
                                       RTCG_SCAN_STARTS(rtcg_sum_starts, RTCG_SCAN_BLOCK - 1));
        RTCG_LOCAL_BARRIER();
    }
    if (rtcg_t == 0) rtcg_group_prefixes[rtcg_groups] = rtcg_carry;
}
)";

// Per tile: each work-item scans its run in place, the work-group scans the runs' totals, each
// run gets the prefix before it (unless a segment starts earlier in the run), and the output
// statement runs in coalesced order.
constexpr std::string_view final_kernel = R"(
RTCG_KERNEL void {{kernel}}(
{{parameters}}    rtcg_index_t n, rtcg_index_t rtcg_chunk,
    RTCG_GLOBAL const rtcg_scan_value_t* rtcg_group_prefixes)
{
{{tile_memory}}{{pointers}}{{chunk_bounds}}    const rtcg_scan_value_t last_item = rtcg_group_prefixes[RTCG_NUM_GROUPS(0)];
    rtcg_scan_value_t rtcg_carry = rtcg_group_prefixes[rtcg_group];
    for (rtcg_index_t rtcg_base = rtcg_begin; rtcg_base < rtcg_end; rtcg_base += RTCG_SCAN_TILE) {
{{load_tile}}{{scan_runs}}{{prefix_runs}}        const rtcg_scan_value_t rtcg_next_carry =
            RTCG_SCAN_COMBINE(rtcg_carry, rtcg_sums[RTCG_SCAN_BLOCK - 1],
                              RTCG_SCAN_STARTS(rtcg_sum_starts, RTCG_SCAN_BLOCK - 1));
        RTCG_LOCAL_BARRIER();
{{write_tile}}        rtcg_carry = rtcg_next_carry;
        RTCG_LOCAL_BARRIER();
    }
}
)";

// The single pass (scan_source.hpp), for targets with warp primitives: one tile per work-group, in
// the order the groups take tickets. The tile is scanned as _final scans one and its total
// published; then the first warp gathers the prefix before the tile from the earlier tiles'
// published values, 32 tiles at a time, nearest first: each lane waits for one tile, a ballot finds
// the nearest tile whose value is a whole prefix (an inclusive one), and a tree in local memory
// folds the window up to it. A tile's total is already a whole prefix when a segment starts in it,
// or when it is tile 0.
//
// Publication: rtcg_status is the queue's tile states (scan_tile_states.hpp): word 0 the ticket
// counter, zero at the start, which the group drawing the last ticket leaves zero again; from
// word 2, a 64-bit word per tile whose high half is its state tagged with the scan's epoch
// (epoch << 2 | state). It may hold an earlier scan's state, whatever that scan's value type: a
// state of another epoch reads as unpublished. A value of at most 4 bytes shares the 64-bit word
// with its tagged state (in the low half), so a reader that sees the state sees the value, with
// no fence (Merrill and Garland's packing, as CUB's). Larger values go to rtcg_values
// (a tile's own total at t, its inclusive prefix at tiles + t), each stored before its state word
// with a release fence between, and read after it with an acquire fence between: fence-fence
// synchronisation in the PTX memory model.
constexpr std::string_view single_pass_kernel = R"(
#define RTCG_SCAN_AGGREGATE 1u /* the tile's own total */
#define RTCG_SCAN_INCLUSIVE 2u /* everything up to the tile's end */
#define RTCG_SCAN_WINDOW (RTCG_SCAN_BLOCK < 32 ? RTCG_SCAN_BLOCK : 32)
#define RTCG_SCAN_WINDOW_MASK (RTCG_SCAN_WINDOW == 32 ? 0xffffffffu : (1u << RTCG_SCAN_WINDOW) - 1u)
#define RTCG_SCAN_PACKED {{packed}}
#define RTCG_SCAN_MIN_GROUPS {{min_groups}}

/* The state of a tagged word: its own if the epoch is this scan's, else 0 (unpublished). */
RTCG_DEVICE unsigned rtcg_scan_state_of(unsigned tagged, unsigned epoch)
{
    return tagged >> 2 == epoch ? (tagged & 3u) : 0u;
}

#if RTCG_SCAN_PACKED
/* A value's bits in the low bytes of a word, and back: a union, which both dialects' compilers
   read as a reinterpretation (OpenCL C has no memcpy). */
typedef union {
    rtcg_scan_value_t value;
    unsigned bits;
} rtcg_scan_word_t;

RTCG_DEVICE void rtcg_scan_publish(RTCG_GLOBAL unsigned* states, RTCG_GLOBAL rtcg_scan_value_t* values,
                                   rtcg_index_t tiles, rtcg_index_t t, unsigned epoch, unsigned state,
                                   rtcg_scan_value_t value)
{
    rtcg_scan_word_t word;
    word.bits = 0u;
    word.value = value;
    ((volatile RTCG_GLOBAL rtcg_uindex_t*)states)[t] = ((rtcg_uindex_t)(epoch << 2 | state) << 32) | word.bits;
}

RTCG_DEVICE unsigned rtcg_scan_peek(RTCG_GLOBAL const unsigned* states, RTCG_GLOBAL const rtcg_scan_value_t* values,
                                    rtcg_index_t tiles, rtcg_index_t t, unsigned epoch, rtcg_scan_value_t* value)
{
    const rtcg_uindex_t packed = ((volatile RTCG_GLOBAL const rtcg_uindex_t*)states)[t];
    rtcg_scan_word_t word;
    word.bits = (unsigned)packed;
    *value = word.value;
    return rtcg_scan_state_of((unsigned)(packed >> 32), epoch);
}
#else
RTCG_DEVICE void rtcg_scan_publish(RTCG_GLOBAL unsigned* states, RTCG_GLOBAL rtcg_scan_value_t* values,
                                   rtcg_index_t tiles, rtcg_index_t t, unsigned epoch, unsigned state,
                                   rtcg_scan_value_t value)
{
    values[state == RTCG_SCAN_INCLUSIVE ? tiles + t : t] = value;
    rtcg_fence_acq_rel_device();
    ((volatile RTCG_GLOBAL unsigned*)states)[2 * t + 1] = epoch << 2 | state;
}

RTCG_DEVICE unsigned rtcg_scan_peek(RTCG_GLOBAL const unsigned* states, RTCG_GLOBAL const rtcg_scan_value_t* values,
                                    rtcg_index_t tiles, rtcg_index_t t, unsigned epoch, rtcg_scan_value_t* value)
{
    const unsigned state = rtcg_scan_state_of(((volatile RTCG_GLOBAL const unsigned*)states)[2 * t + 1], epoch);
    if (state == 0u) return state;
    rtcg_fence_acq_rel_device();
    *value = values[state == RTCG_SCAN_INCLUSIVE ? tiles + t : t];
    return state;
}
#endif

RTCG_KERNEL void RTCG_LAUNCH_BOUNDS(RTCG_SCAN_BLOCK, RTCG_SCAN_MIN_GROUPS) {{kernel}}(
{{parameters}}    rtcg_index_t n,
    RTCG_GLOBAL unsigned* rtcg_status,
    RTCG_GLOBAL rtcg_scan_value_t* rtcg_values,
    unsigned rtcg_epoch)
{
{{tile_memory}}    RTCG_LOCAL_ARRAY(rtcg_scan_value_t, rtcg_window, RTCG_SCAN_WINDOW);
    RTCG_LOCAL unsigned rtcg_ticket;
    RTCG_LOCAL rtcg_scan_value_t rtcg_shared_carry;
{{pointers}}    const unsigned rtcg_t = (unsigned)RTCG_LOCAL_ID(0);
    const rtcg_index_t rtcg_tiles = (n + RTCG_SCAN_TILE - 1) / RTCG_SCAN_TILE;
    RTCG_GLOBAL unsigned* rtcg_states = rtcg_status + 2;
    if (rtcg_t == 0) {
        rtcg_ticket = rtcg_atomic_add_u32_global(rtcg_status, 1u);
        /* Every other group has drawn: the queue's next scan finds the counter zero. */
        if (rtcg_ticket == (unsigned)(rtcg_tiles - 1)) *rtcg_status = 0u;
    }
    RTCG_LOCAL_BARRIER();
    const rtcg_index_t rtcg_tile_index = (rtcg_index_t)rtcg_ticket;
    const rtcg_index_t rtcg_base = rtcg_tile_index * RTCG_SCAN_TILE;
    const rtcg_index_t rtcg_end = rtcg_base + RTCG_SCAN_TILE < n ? rtcg_base + RTCG_SCAN_TILE : n;
    {
{{load_tile}}{{scan_runs}}
        if (rtcg_t < RTCG_SCAN_WINDOW) {
            const rtcg_scan_value_t rtcg_total = rtcg_sums[RTCG_SCAN_BLOCK - 1];
            const int rtcg_whole = rtcg_tile_index == 0 || RTCG_SCAN_STARTS(rtcg_sum_starts, RTCG_SCAN_BLOCK - 1);
            if (rtcg_t == 0)
                rtcg_scan_publish(rtcg_states, rtcg_values, rtcg_tiles, rtcg_tile_index, rtcg_epoch,
                                  rtcg_whole ? RTCG_SCAN_INCLUSIVE : RTCG_SCAN_AGGREGATE, rtcg_total);
            rtcg_scan_value_t rtcg_prefix = rtcg_scan_neutral(); // before the tile, in lane 0
            if (rtcg_tile_index > 0)
                for (rtcg_index_t rtcg_nearest = rtcg_tile_index - 1;; rtcg_nearest -= RTCG_SCAN_WINDOW) {
                    const rtcg_index_t rtcg_j = rtcg_nearest - (rtcg_index_t)rtcg_t;
                    rtcg_scan_value_t rtcg_value = rtcg_scan_neutral();
                    unsigned rtcg_state = RTCG_SCAN_INCLUSIVE; // before tile 0: nothing
                    if (rtcg_j >= 0)
                        do rtcg_state =
                               rtcg_scan_peek(rtcg_states, rtcg_values, rtcg_tiles, rtcg_j, rtcg_epoch, &rtcg_value);
                        while (rtcg_state == 0u);
                    const unsigned rtcg_whole_lanes =
                        rtcg_warp_ballot(RTCG_SCAN_WINDOW_MASK, rtcg_state == RTCG_SCAN_INCLUSIVE);
                    // Lanes beyond the nearest whole prefix add nothing.
                    const int rtcg_beyond = rtcg_whole_lanes != 0u && rtcg_t > rtcg_lowest_set_bit(rtcg_whole_lanes);
                    rtcg_window[rtcg_t] = rtcg_beyond ? rtcg_scan_neutral() : rtcg_value;
                    rtcg_warp_sync(RTCG_SCAN_WINDOW_MASK);
                    // Lane l holds a later tile than lane l + 1: fold pairs, earlier on the left.
                    for (unsigned rtcg_apart = 1; rtcg_apart < RTCG_SCAN_WINDOW; rtcg_apart *= 2) {
                        if ((rtcg_t & (2 * rtcg_apart - 1)) == 0 && rtcg_t + rtcg_apart < RTCG_SCAN_WINDOW)
                            rtcg_window[rtcg_t] = rtcg_scan_op(rtcg_window[rtcg_t + rtcg_apart], rtcg_window[rtcg_t]);
                        rtcg_warp_sync(RTCG_SCAN_WINDOW_MASK);
                    }
                    if (rtcg_t == 0) rtcg_prefix = rtcg_scan_op(rtcg_window[0], rtcg_prefix);
                    rtcg_warp_sync(RTCG_SCAN_WINDOW_MASK);
                    if (rtcg_whole_lanes != 0u) break;
                }
            if (rtcg_t == 0) {
                if (!rtcg_whole)
                    rtcg_scan_publish(rtcg_states, rtcg_values, rtcg_tiles, rtcg_tile_index, rtcg_epoch,
                                      RTCG_SCAN_INCLUSIVE, rtcg_scan_op(rtcg_prefix, rtcg_total));
                rtcg_shared_carry = rtcg_prefix;
            }
        }
        RTCG_LOCAL_BARRIER();
        const rtcg_scan_value_t rtcg_carry = rtcg_shared_carry;

{{prefix_runs}}        RTCG_LOCAL_BARRIER();
{{write_tile}}    }
}
)";
bool is_identifier(std::string_view name) {
    const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
    return !name.empty() && letter(name[0]) &&
           std::all_of(name.begin(), name.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
}

bool is_blank(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
}

bool needs_complex(const ScanDescription& d) {
    const std::array<std::string_view, 6> snippets{d.input_expr,       d.scan_expr,
                                                   d.neutral,          d.output_statement,
                                                   d.is_segment_start_expr, d.preamble};
    return contains_complex(d.dtype) ||
           std::any_of(d.arguments.begin(), d.arguments.end(), [](const Argument& a) { return contains_complex(a.type); }) ||
           std::any_of(snippets.begin(), snippets.end(), names_complex);
}

} // namespace

void check_scan_description(const ScanDescription& d) {
    const std::string kernel = "ScanKernel '" + d.name + "'";
    if (!is_identifier(d.name)) throw InvalidArgument("ScanKernel: the name '" + d.name + "' is not a C identifier");
    constexpr std::array<std::string_view, 5> defined{"i", "n", "item", "prev_item", "last_item"};
    for (const Argument& argument : d.arguments) {
        if (std::find(defined.begin(), defined.end(), argument.name) != defined.end())
            throw InvalidArgument(kernel + ": an argument may not be named '" + argument.name +
                                  "', which the kernel defines (i, n, item, prev_item and last_item)");
        if (argument.is_pointer && argument.space != codegen::AddressSpace::global &&
            argument.space != codegen::AddressSpace::constant)
            throw InvalidArgument(kernel + ": pointer argument '" + argument.name +
                                  "' must point to global or constant memory, where arrays are");
    }
    const std::array<std::pair<std::string_view, const std::string*>, 4> required{
        {{"input_expr", &d.input_expr}, {"scan_expr", &d.scan_expr}, {"neutral", &d.neutral},
         {"output_statement", &d.output_statement}}};
    for (const auto& [what, text] : required)
        if (is_blank(*text)) throw InvalidArgument(kernel + ": the " + std::string(what) + " is empty");
}

bool scans_in_one_pass(const codegen::Target& target, const ScanDescription& description) {
    if (!target.warp_primitives) return false;
    for (std::string_view text : {std::string_view(description.output_statement),
                                  std::string_view(description.preamble)})
        for (const SnippetToken& token : snippet_tokens(text))
            if (token.kind == SnippetTokenKind::identifier && token.text == "last_item") return false;
    return true;
}

bool scan_publishes_packed(const ScanDescription& description) { return description.dtype.size() <= 4; }

CompileOptions scan_compile_options(const codegen::Target& target, const ScanDescription& description,
                                    const TileShape& shape) {
    if (target.dialect != Dialect::opencl || !scans_in_one_pass(target, description)) return {};
    // A multiprocessor's 65536 registers shared by the groups, at most 255 per work-item.
    const std::size_t registers = std::min<std::size_t>(65536 / (shape.block * single_pass_groups), 255);
    return CompileOptions{{"-cl-nv-maxrregcount=" + std::to_string(registers)}, {}};
}

std::string scan_kernel_name(const ScanDescription& description, std::string_view phase) {
    return generated_kernel_name("rtcg_scan_", description.name, "_" + std::string(phase));
}

std::string scan_source(const codegen::Target& target, const ScanDescription& d, const TileShape& shape) {
    const Dialect dialect = target.dialect;
    check_scan_description(d);
    std::vector<DType> types{d.dtype};
    for (const Argument& argument : d.arguments) types.push_back(argument.type);

    const std::string parameter_text = argument_parameters(d.arguments, dialect);
    const std::string pointer_text = array_pointer_setup(d.arguments, dialect);
    const std::string loader = codegen::substitute(
        load_tile, {{"input_expr", d.input_expr},
                    {"segment_start", d.is_segment_start_expr.empty() ? "0" : d.is_segment_start_expr}});
    const std::string tile_writer = codegen::substitute(write_tile, {{"output_statement", d.output_statement}});
    const auto kernel = [&](std::string_view body, std::string_view phase) {
        return codegen::substitute(body, {{"kernel", scan_kernel_name(d, phase)},
                                          {"parameters", parameter_text},
                                          {"pointers", pointer_text},
                                          {"tile_memory", std::string(tile_memory)},
                                          {"chunk_bounds", std::string(chunk_bounds)},
                                          {"load_tile", loader},
                                          {"scan_runs", std::string(scan_runs) + std::string(scan_run_totals)},
                                          {"scan_run_totals", std::string(scan_run_totals)},
                                          {"prefix_runs", std::string(prefix_runs)},
                                          {"write_tile", tile_writer},
                                          {"packed", scan_publishes_packed(d) ? "1" : "0"},
                                          {"min_groups", std::to_string(single_pass_groups)}});
    };

    std::string source = codegen::struct_declarations(types, dialect);
    source += d.preamble + "\n";
    source += codegen::substitute(helpers, {{"block", std::to_string(shape.block)},
                                            {"items", std::to_string(shape.items)},
                                            {"segmented", d.is_segment_start_expr.empty() ? "0" : "1"},
                                            {"type", d.dtype.c_name(dialect)},
                                            {"scan_expr", d.scan_expr},
                                            {"neutral", d.neutral}});
    const bool one_pass = scans_in_one_pass(target, d);
    if (one_pass) {
        source += kernel(single_pass_kernel, "single");
    } else {
        source += kernel(reduce_kernel, "reduce");
        source += kernel(blocks_kernel, "blocks");
        source += kernel(final_kernel, "final");
    }
    return codegen::with_prelude(dialect, source, {.complex = needs_complex(d), .warp = one_pass});
}

} // namespace rtcg::detail
