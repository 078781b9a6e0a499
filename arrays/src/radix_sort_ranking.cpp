// The two ways a radix sort pass ranks its tile (radix_sort_ranking.hpp). Each defines
//   rtcg_sort_count_tile(keys, valid, full, items, shift, tile_keys, origins, scratch, run_first,
//                        run_end, held, t)
//     reads the tile's `valid` keys from global memory at `keys` and finds [run_first[d],
//     run_end[d]), the run of digit d (at `shift`) in the ranked tile, empty where the tile lacks
//     d. Ends with a barrier.
//   rtcg_sort_order_tile(valid, full, items, shift, tile_keys, origins, scratch, held, t)
//     then leaves the keys in `tile_keys` in the order of their digit, keys of one digit in the
//     order they were read, and with values, in `origins` where each key was in the tile. The
//     caller's barrier completes it.
// `held` is the work-item's RTCG_SORT_HELD_KEYS keys between the two calls; the split lets the
// pass publish its digits' counts as soon as they are known. `items` (at most RTCG_SORT_ITEMS, at
// least valid / BLOCK) is how many keys each work-item takes, where that is a choice: a part-filled
// tile ranks faster spread over every warp. `full` is 1 where valid is the whole tile: called with
// a literal 1, the warp votes' checks of each key against the tile's end fold away (the counting
// rounds do not use it).
#include "radix_sort_ranking.hpp"

namespace rtcg::detail {
namespace {

// Counting rounds (any dialect): the tile is ordered by the 8-bit digit in two stable rounds of 4
// bits, each a counting sort in local memory. A round gives every work-item a column of counters
// for its consecutive run of RTCG_SORT_ITEMS keys, one per 4-bit digit: no atomics, so the ranks
// cannot depend on how work-items interleave, and ranks follow the key order within a run. One
// round over 256 digits would need 256 counters per work-item (256 KB for 256 work-items); rounds
// of 16 need 16. Two digits share a 32-bit word, d in the low half and d + 8 in the high half (a
// tile holds fewer than 2^16 keys), so one scan of the words in (d mod 8, work-item) order scans
// both halves at once: the high half then only lacks the keys of digits 0 to 7, the low half's
// total. Word k (k = (d mod 8) * BLOCK + t) lives at k + k / 8, so that the scan's runs of 8
// consecutive words, 9 apart, fall in different banks.
constexpr std::string_view counting_rounds = R"(
#define RTCG_SORT_ROUND_BITS 4
#define RTCG_SORT_ROUND_WORDS 8
// The counters (ROUND_WORDS + 1 per work-item, with the bank padding), then the group scan's sums.
#define RTCG_SORT_RANK_SCRATCH_WORDS ((RTCG_SORT_ROUND_WORDS + 2) * RTCG_SORT_BLOCK)
#define RTCG_SORT_COUNTER(k) ((k) + (k) / RTCG_SORT_ROUND_WORDS)

// Inclusive scan of one count per work-item (Hillis and Steele). The caller's barrier separates
// writing `sums` from the call; the call ends with a barrier.
RTCG_DEVICE void rtcg_sort_scan_group(RTCG_LOCAL_PTR unsigned* sums, unsigned t)
{
    for (unsigned offset = 1; offset < RTCG_SORT_BLOCK; offset *= 2) {
        const unsigned left = t >= offset ? sums[t - offset] : 0;
        RTCG_LOCAL_BARRIER();
        sums[t] += left;
        RTCG_LOCAL_BARRIER();
    }
}

RTCG_DEVICE unsigned rtcg_sort_round_digit(rtcg_sort_key_t key, unsigned shift)
{
    return (unsigned)(rtcg_sort_bits(key) >> shift) & ((1u << RTCG_SORT_ROUND_BITS) - 1);
}

// The counter word of a round digit in work-item t's column, and the one its half counts.
#define RTCG_SORT_WORD(d, t) RTCG_SORT_COUNTER(((d) % RTCG_SORT_ROUND_WORDS) * RTCG_SORT_BLOCK + (t))
#define RTCG_SORT_HALF_ONE(d) (1u << 16 * ((d) / RTCG_SORT_ROUND_WORDS))

// The tile's `valid` keys into local memory in coalesced order, each with its place (`origins`,
// with values only).
RTCG_DEVICE void rtcg_sort_load_tile(RTCG_GLOBAL const rtcg_sort_key_t* keys, unsigned valid,
                                     RTCG_LOCAL_PTR rtcg_sort_key_t* tile_keys, RTCG_LOCAL_PTR unsigned short* origins,
                                     unsigned t)
{
    for (unsigned k = 0; k < RTCG_SORT_ITEMS; ++k) {
        const unsigned j = k * RTCG_SORT_BLOCK + t;
        if (j < valid) {
            tile_keys[j] = keys[j];
#if RTCG_SORT_HAS_VALUES
            origins[j] = (unsigned short)j;
#endif
        }
    }
}

// One round: orders the tile stably by the 4 bits at `shift`. Each work-item takes the run [first,
// first + ITEMS) of the tile in its current order into registers, and writes each key to its rank
// once every work-item has taken its run. The places past the tile's `valid` keys (the last
// tile's) take no part; the valid keys rank below `valid`. Starts and ends with a barrier.
RTCG_DEVICE void rtcg_sort_rank_round(RTCG_LOCAL_PTR rtcg_sort_key_t* tile_keys, RTCG_LOCAL_PTR unsigned short* origins,
                                      RTCG_LOCAL_PTR unsigned* counters, RTCG_LOCAL_PTR unsigned* sums,
                                      unsigned valid, unsigned shift, unsigned t)
{
    const unsigned first = t * RTCG_SORT_ITEMS;
    RTCG_LOCAL_PTR unsigned* column = counters + t * (RTCG_SORT_ROUND_WORDS + 1);
    rtcg_sort_key_t keys[RTCG_SORT_ITEMS];
#if RTCG_SORT_HAS_VALUES
    unsigned short key_origins[RTCG_SORT_ITEMS];
#endif
    for (unsigned w = 0; w < RTCG_SORT_ROUND_WORDS; ++w) counters[RTCG_SORT_WORD(w, t)] = 0;
    RTCG_LOCAL_BARRIER();
#pragma unroll
    for (unsigned k = 0; k < RTCG_SORT_ITEMS; ++k) {
        if (first + k < valid) {
            keys[k] = tile_keys[first + k];
#if RTCG_SORT_HAS_VALUES
            key_origins[k] = origins[first + k];
#endif
            const unsigned d = rtcg_sort_round_digit(keys[k], shift);
            counters[RTCG_SORT_WORD(d, t)] += RTCG_SORT_HALF_ONE(d);
        }
    }
    RTCG_LOCAL_BARRIER();

    // Exclusive scan of the words in order: each work-item sums 8 consecutive ones, the
    // work-group scans those sums, and each work-item writes its 8.
    unsigned run = 0;
    for (unsigned r = 0; r < RTCG_SORT_ROUND_WORDS; ++r) run += column[r];
    sums[t] = run;
    RTCG_LOCAL_BARRIER();
    rtcg_sort_scan_group(sums, t);
    unsigned at = sums[t] - run;
    for (unsigned r = 0; r < RTCG_SORT_ROUND_WORDS; ++r) {
        const unsigned count = column[r];
        column[r] = at;
        at += count;
    }
    const unsigned low_total = sums[RTCG_SORT_BLOCK - 1] & 0xffffu;
    RTCG_LOCAL_BARRIER();

#pragma unroll
    for (unsigned k = 0; k < RTCG_SORT_ITEMS; ++k) {
        if (first + k < valid) {
            const unsigned d = rtcg_sort_round_digit(keys[k], shift);
            const unsigned word = counters[RTCG_SORT_WORD(d, t)];
            counters[RTCG_SORT_WORD(d, t)] = word + RTCG_SORT_HALF_ONE(d);
            const unsigned rank = d < RTCG_SORT_ROUND_WORDS ? word & 0xffffu : (word >> 16) + low_total;
            tile_keys[rank] = keys[k];
#if RTCG_SORT_HAS_VALUES
            origins[rank] = key_origins[k];
#endif
        }
    }
    RTCG_LOCAL_BARRIER();
}

// In the ranked tile: the first place of each digit's run and its end. Both stay as they were
// (zero) for the digits the tile lacks.
RTCG_DEVICE void rtcg_sort_find_runs(RTCG_LOCAL_PTR const rtcg_sort_key_t* tile_keys, unsigned valid, unsigned shift,
                                     RTCG_LOCAL_PTR unsigned* run_first, RTCG_LOCAL_PTR rtcg_sort_count_t* run_end,
                                     unsigned t)
{
    for (unsigned k = 0; k < RTCG_SORT_ITEMS; ++k) {
        const unsigned j = k * RTCG_SORT_BLOCK + t;
        if (j < valid) {
            const unsigned d = rtcg_sort_digit(tile_keys[j], shift);
            if (j == 0 || rtcg_sort_digit(tile_keys[j - 1], shift) != d) run_first[d] = j;
            if (j + 1 == valid || rtcg_sort_digit(tile_keys[j + 1], shift) != d) run_end[d] = j + 1;
        }
    }
}

// Counting the digits orders the tile too: loads it, runs both rounds and finds the digits' runs.
// The rounds share the work of a part-filled tile between the work-items whatever `items` is.
#define RTCG_SORT_HELD_KEYS 1
#define RTCG_SORT_PASS_BOUNDS
RTCG_DEVICE void rtcg_sort_count_tile(RTCG_GLOBAL const rtcg_sort_key_t* keys, unsigned valid, int full,
                                      unsigned items, unsigned shift,
                                      RTCG_LOCAL_PTR rtcg_sort_key_t* tile_keys, RTCG_LOCAL_PTR unsigned short* origins,
                                      RTCG_LOCAL_PTR unsigned* scratch, RTCG_LOCAL_PTR unsigned* run_first,
                                      RTCG_LOCAL_PTR rtcg_sort_count_t* run_end, rtcg_sort_key_t* held, unsigned t)
{
    for (unsigned d = t; d < RTCG_SORT_DIGITS; d += RTCG_SORT_BLOCK) {
        run_first[d] = 0;
        run_end[d] = 0;
    }
    rtcg_sort_load_tile(keys, valid, tile_keys, origins, t);
    // A loop rather than two calls: two inlined rounds take a third more registers (NVRTC, sm_90).
    for (unsigned round = 0; round < 2; ++round)
        rtcg_sort_rank_round(tile_keys, origins, scratch, scratch + (RTCG_SORT_ROUND_WORDS + 1) * RTCG_SORT_BLOCK,
                             valid, shift + round * RTCG_SORT_ROUND_BITS, t);
    rtcg_sort_find_runs(tile_keys, valid, shift, run_first, run_end, t);
    RTCG_LOCAL_BARRIER();
}

RTCG_DEVICE void rtcg_sort_order_tile(unsigned valid, int full, unsigned items, unsigned shift,
                                      RTCG_LOCAL_PTR rtcg_sort_key_t* tile_keys, RTCG_LOCAL_PTR unsigned short* origins,
                                      RTCG_LOCAL_PTR unsigned* scratch, const rtcg_sort_key_t* held, unsigned t)
{
}
)";

// Warp-wide ranking (CUDA), after Adinets and Merrill's Onesweep. Warp w holds the keys [w * 32 *
// items, (w + 1) * 32 * items) of the tile, `items` rounds of 32 keys, one per lane, in their order.
// First each warp counts its keys of each digit; a scan of those counts in (digit, warp) order
// gives each warp where its keys of each digit start in the ranked tile. Then each warp places its
// keys round by round (rtcg_sort_order_tile). Against two counting rounds in local memory this
// touches local memory a quarter as often and needs four barriers instead of about forty.
constexpr std::string_view warp_votes = R"(
#define RTCG_SORT_WARP 32
#define RTCG_SORT_WARPS (RTCG_SORT_BLOCK / RTCG_SORT_WARP)
// Per warp, a counter per digit; then the warps' totals of the group scan.
#define RTCG_SORT_RANK_SCRATCH_WORDS (RTCG_SORT_WARPS * RTCG_SORT_DIGITS + RTCG_SORT_WARPS)
// The digits whose counters each work-item scans: consecutive ones, all 256 between the group.
#define RTCG_SORT_DIGITS_PER_ITEM ((RTCG_SORT_DIGITS + RTCG_SORT_BLOCK - 1) / RTCG_SORT_BLOCK)
// Each work-group keeps at least 1024 work-items on a multiprocessor: at most 64 registers each
// (held keys included), which measured fastest.
#define RTCG_SORT_PASS_BOUNDS RTCG_LAUNCH_BOUNDS(RTCG_SORT_BLOCK, (1024 + RTCG_SORT_BLOCK - 1) / RTCG_SORT_BLOCK)

// The lanes whose digit agrees with this lane's in `bit` (a mask of one bit): the ballot of the
// lanes that have it set, complemented in the lanes that have it clear. Written in PTX because
// NVRTC turns the C form back into a shift, a mask and a comparison before the ballot: 6
// instructions per bit instead of 3 (sm_90), in the loop that ranks every key.
RTCG_DEVICE unsigned rtcg_sort_lanes_agreeing(unsigned digit, unsigned bit)
{
    unsigned lanes;
    asm("{\n\t.reg .pred has;\n\t"
        "and.b32 %0, %1, %2;\n\t"
        "setp.ne.u32 has, %0, 0;\n\t"
        "vote.sync.ballot.b32 %0, has, 0xffffffff;\n\t"
        "@!has not.b32 %0, %0;\n\t}"
        : "=r"(lanes) : "r"(digit), "r"(bit));
    return lanes;
}

// Among `lanes` (the warp's lanes holding a key), those whose `digit` equals this lane's: one
// ballot per bit of the digit. __match_any_sync does the same in one instruction, but a sort of
// 2^28 keys took 1.5 times as long with it (H200).
RTCG_DEVICE unsigned rtcg_sort_match_digit(unsigned digit, unsigned lanes)
{
    unsigned peers = lanes;
#pragma unroll
    for (unsigned bit = 0; bit < RTCG_SORT_DIGIT_BITS; ++bit) peers &= rtcg_sort_lanes_agreeing(digit, 1u << bit);
    return peers;
}

// Exclusive scan of one count per work-item across the work-group: a shuffle scan in each warp,
// then the warps' totals through `warp_totals`.
RTCG_DEVICE unsigned rtcg_sort_scan_warps(unsigned count, RTCG_LOCAL_PTR unsigned* warp_totals, unsigned t)
{
    const unsigned lane = t % RTCG_SORT_WARP, warp = t / RTCG_SORT_WARP;
    unsigned inclusive = count;
#pragma unroll
    for (unsigned offset = 1; offset < RTCG_SORT_WARP; offset *= 2) {
        const unsigned left = rtcg_warp_shuffle_up(0xffffffffu, inclusive, offset);
        if (lane >= offset) inclusive += left;
    }
    if (lane == RTCG_SORT_WARP - 1) warp_totals[warp] = inclusive;
    RTCG_LOCAL_BARRIER();
    // The earlier warps' totals, one per lane, summed across the warp. A loop over them was
    // vectorised by NVRTC into 16-byte reads past the array's end (compute-sanitizer, sm_90).
    unsigned earlier = lane < warp ? warp_totals[lane] : 0u;
#pragma unroll
    for (unsigned offset = RTCG_SORT_WARP / 2; offset > 0; offset /= 2)
        earlier += rtcg_warp_shuffle_xor(0xffffffffu, earlier, offset);
    return inclusive - count + earlier;
}

// The first key of work-item t: warp-major, then lane.
RTCG_DEVICE unsigned rtcg_sort_first_held(unsigned t, unsigned items)
{
    return t / RTCG_SORT_WARP * RTCG_SORT_WARP * items + t % RTCG_SORT_WARP;
}

// Counts the warps' keys of each digit and turns the counts into where each warp's keys of
// each digit start in the ranked tile: the warp's counters that rtcg_sort_order_tile takes
// places from.
#define RTCG_SORT_HELD_KEYS RTCG_SORT_ITEMS
RTCG_DEVICE void rtcg_sort_count_tile(RTCG_GLOBAL const rtcg_sort_key_t* keys, unsigned valid, int full,
                                      unsigned items, unsigned shift, RTCG_LOCAL_PTR rtcg_sort_key_t* tile_keys,
                                      RTCG_LOCAL_PTR unsigned short* origins, RTCG_LOCAL_PTR unsigned* scratch,
                                      RTCG_LOCAL_PTR unsigned* run_first, RTCG_LOCAL_PTR rtcg_sort_count_t* run_end,
                                      rtcg_sort_key_t* held, unsigned t)
{
    const unsigned first = rtcg_sort_first_held(t, items);
    RTCG_LOCAL_PTR unsigned* counters = scratch + t / RTCG_SORT_WARP * RTCG_SORT_DIGITS;
    for (unsigned d = t % RTCG_SORT_WARP; d < RTCG_SORT_DIGITS; d += RTCG_SORT_WARP) counters[d] = 0;
#pragma unroll
    for (unsigned k = 0; k < RTCG_SORT_ITEMS; ++k)
        if (k < items && (full || first + k * RTCG_SORT_WARP < valid)) held[k] = keys[first + k * RTCG_SORT_WARP];
    rtcg_warp_sync(0xffffffffu);
#pragma unroll
    for (unsigned k = 0; k < RTCG_SORT_ITEMS; ++k)
        if (k < items && (full || first + k * RTCG_SORT_WARP < valid))
            rtcg_atomic_add_u32_local(counters + rtcg_sort_digit(held[k], shift), 1u);
    RTCG_LOCAL_BARRIER();

    // Per digit, the warps' counts become their starts within the digit's keys in the tile; the
    // group scan of the digits' totals then places each digit.
    unsigned totals[RTCG_SORT_DIGITS_PER_ITEM];
    unsigned item_total = 0;
#pragma unroll
    for (unsigned i = 0; i < RTCG_SORT_DIGITS_PER_ITEM; ++i) {
        const unsigned d = t * RTCG_SORT_DIGITS_PER_ITEM + i;
        unsigned digit_total = 0;
        if (d < RTCG_SORT_DIGITS)
            for (unsigned w = 0; w < RTCG_SORT_WARPS; ++w) {
                const unsigned count = scratch[w * RTCG_SORT_DIGITS + d];
                scratch[w * RTCG_SORT_DIGITS + d] = digit_total;
                digit_total += count;
            }
        totals[i] = digit_total;
        item_total += digit_total;
    }
    unsigned start = rtcg_sort_scan_warps(item_total, scratch + RTCG_SORT_WARPS * RTCG_SORT_DIGITS, t);
#pragma unroll
    for (unsigned i = 0; i < RTCG_SORT_DIGITS_PER_ITEM; ++i) {
        const unsigned d = t * RTCG_SORT_DIGITS_PER_ITEM + i;
        if (d < RTCG_SORT_DIGITS) {
            run_first[d] = start;
            run_end[d] = start + totals[i];
            for (unsigned w = 0; w < RTCG_SORT_WARPS; ++w) scratch[w * RTCG_SORT_DIGITS + d] += start;
        }
        start += totals[i];
    }
    RTCG_LOCAL_BARRIER();
}

// Round by round, the lanes holding one digit find each other with a vote; the highest takes the
// digit's next places from the warp's counter, and each lane takes its place among them by the
// lanes below it.
RTCG_DEVICE void rtcg_sort_order_tile(unsigned valid, int full, unsigned items, unsigned shift,
                                      RTCG_LOCAL_PTR rtcg_sort_key_t* tile_keys, RTCG_LOCAL_PTR unsigned short* origins,
                                      RTCG_LOCAL_PTR unsigned* scratch, const rtcg_sort_key_t* held, unsigned t)
{
    const unsigned lane = t % RTCG_SORT_WARP;
    const unsigned first = rtcg_sort_first_held(t, items);
    RTCG_LOCAL_PTR unsigned* counters = scratch + t / RTCG_SORT_WARP * RTCG_SORT_DIGITS;
    const unsigned lanes_below = (1u << lane) - 1;
#pragma unroll
    for (unsigned k = 0; k < RTCG_SORT_ITEMS; ++k) {
        if (k == items) break; // the same for the whole work-group
        const unsigned j = first + k * RTCG_SORT_WARP;
        // The lanes holding a key this round: all, or in the last tile the lanes below the end.
        const unsigned round_first = j - lane;
        const int holds = full || j < valid;
        const unsigned lanes = full || round_first + RTCG_SORT_WARP <= valid ? 0xffffffffu
                               : round_first < valid ? (1u << (valid - round_first)) - 1 : 0u;
        const unsigned peers = rtcg_sort_match_digit(holds ? rtcg_sort_digit(held[k], shift) : 0u, lanes);
        const unsigned highest = 31 - rtcg_leading_zeros(peers);
        unsigned taken = 0;
        if (holds && lane == highest) {
            const unsigned d = rtcg_sort_digit(held[k], shift);
            taken = counters[d];
            counters[d] = taken + rtcg_popcount(peers);
        }
        // Orders this round's counter writes before the next round's reads.
        rtcg_warp_sync(0xffffffffu);
        const unsigned place = rtcg_warp_shuffle(0xffffffffu, taken, highest) + rtcg_popcount(peers & lanes_below);
        if (holds) {
            tile_keys[place] = held[k];
#if RTCG_SORT_HAS_VALUES
            origins[place] = (unsigned short)j;
#endif
        }
    }
}
)";

} // namespace

bool ranks_by_warp_votes(const codegen::Target& target, std::size_t block) {
    return target.warp_primitives && block % 32 == 0;
}

std::string_view radix_sort_ranking(const codegen::Target& target, std::size_t block) {
    return ranks_by_warp_votes(target, block) ? warp_votes : counting_rounds;
}

} // namespace rtcg::detail
