// The radix sort's kernels: key bits made unsigned and ordered as numpy orders the keys, a
// digit histogram per work-group, and a stable scatter.
#include "radix_sort_source.hpp"

#include <rtcg/codegen/device_struct.hpp>
#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/substitute.hpp>
#include <rtcg/core/error.hpp>

#include <algorithm>
#include <vector>

namespace rtcg {
namespace {

using codegen::Dialect;
using codegen::DType;

// One tile per work-group: the keys [rtcg_begin, rtcg_end).
constexpr std::string_view tile_bounds = R"(    const unsigned rtcg_t = (unsigned)RTCG_LOCAL_ID(0);
    const rtcg_index_t rtcg_group = (rtcg_index_t)RTCG_GROUP_ID(0);
    const rtcg_index_t rtcg_begin = rtcg_group * RTCG_SORT_TILE;
    const rtcg_index_t rtcg_end = rtcg_begin + RTCG_SORT_TILE < n ? rtcg_begin + RTCG_SORT_TILE : n;
)";

constexpr std::string_view kernels = R"(
#define RTCG_SORT_BLOCK {{block}}
#define RTCG_SORT_ITEMS {{items}}
#define RTCG_SORT_TILE (RTCG_SORT_BLOCK * RTCG_SORT_ITEMS)
#define RTCG_SORT_RADIX {{radix}}
#define RTCG_SORT_PARTS (RTCG_SORT_BLOCK / RTCG_SORT_RADIX)
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
    return (unsigned)(rtcg_sort_bits(key) >> shift) & (RTCG_SORT_RADIX - 1);
}

// Inclusive scan of one count per work-item (Hillis and Steele).
RTCG_DEVICE void rtcg_sort_scan_group(RTCG_LOCAL_PTR unsigned* sums, unsigned t)
{
    for (unsigned offset = 1; offset < RTCG_SORT_BLOCK; offset *= 2) {
        const unsigned left = t >= offset ? sums[t - offset] : 0u;
        RTCG_LOCAL_BARRIER();
        sums[t] += left;
        RTCG_LOCAL_BARRIER();
    }
}

// Counts go to counts[digit * RTCG_SORT_BLOCK + t]: each work-item owns a column, so no atomics
// are needed, and work-items with the same digit hit different banks. Work-groups hold at least
// RTCG_SORT_RADIX work-items (the host makes sure).
RTCG_KERNEL void rtcg_sort_histogram(
    RTCG_GLOBAL const rtcg_sort_key_t* rtcg_keys, rtcg_index_t rtcg_keys_offset,
    rtcg_index_t n, unsigned rtcg_shift,
    RTCG_GLOBAL rtcg_sort_count_t* rtcg_histogram)
{
    RTCG_LOCAL_ARRAY(unsigned, rtcg_counts, RTCG_SORT_RADIX * RTCG_SORT_BLOCK);
    RTCG_LOCAL_ARRAY(unsigned, rtcg_parts, RTCG_SORT_RADIX * RTCG_SORT_PARTS);
    rtcg_keys += rtcg_keys_offset;
{{tile_bounds}}    for (unsigned rtcg_d = 0; rtcg_d < RTCG_SORT_RADIX; ++rtcg_d) rtcg_counts[rtcg_d * RTCG_SORT_BLOCK + rtcg_t] = 0;
    for (rtcg_index_t rtcg_i = rtcg_begin + rtcg_t; rtcg_i < rtcg_end; rtcg_i += RTCG_SORT_BLOCK)
        rtcg_counts[rtcg_sort_digit(rtcg_keys[rtcg_i], rtcg_shift) * RTCG_SORT_BLOCK + rtcg_t] += 1;
    RTCG_LOCAL_BARRIER();
    // Each digit's row is summed in RTCG_SORT_PARTS parts by as many work-items, then the parts by one.
    if (rtcg_t < RTCG_SORT_RADIX * RTCG_SORT_PARTS) {
        const unsigned rtcg_d = rtcg_t / RTCG_SORT_PARTS, rtcg_p = rtcg_t % RTCG_SORT_PARTS;
        unsigned rtcg_part = 0;
        for (unsigned rtcg_u = rtcg_p * RTCG_SORT_BLOCK / RTCG_SORT_PARTS;
             rtcg_u < (rtcg_p + 1) * RTCG_SORT_BLOCK / RTCG_SORT_PARTS; ++rtcg_u)
            rtcg_part += rtcg_counts[rtcg_d * RTCG_SORT_BLOCK + rtcg_u];
        rtcg_parts[rtcg_t] = rtcg_part;
    }
    RTCG_LOCAL_BARRIER();
    if (rtcg_t < RTCG_SORT_RADIX) {
        unsigned rtcg_total = 0;
        for (unsigned rtcg_p = 0; rtcg_p < RTCG_SORT_PARTS; ++rtcg_p) rtcg_total += rtcg_parts[rtcg_t * RTCG_SORT_PARTS + rtcg_p];
        rtcg_histogram[(rtcg_index_t)rtcg_t * (rtcg_index_t)RTCG_NUM_GROUPS(0) + rtcg_group] = rtcg_total;
    }
}

RTCG_KERNEL void rtcg_sort_scatter(
    RTCG_GLOBAL const rtcg_sort_key_t* rtcg_keys_in, rtcg_index_t rtcg_keys_offset,
    RTCG_GLOBAL rtcg_sort_key_t* rtcg_keys_out,
#if RTCG_SORT_HAS_VALUES
    RTCG_GLOBAL const rtcg_sort_value_t* rtcg_values_in, rtcg_index_t rtcg_values_offset,
    RTCG_GLOBAL rtcg_sort_value_t* rtcg_values_out,
#endif
    rtcg_index_t n, unsigned rtcg_shift,
    RTCG_GLOBAL const rtcg_sort_count_t* rtcg_offsets)
{
    // The tile as loaded, and ranked by digit.
    RTCG_LOCAL_ARRAY(rtcg_sort_key_t, rtcg_tile_keys, RTCG_SORT_TILE);
    RTCG_LOCAL_ARRAY(rtcg_sort_key_t, rtcg_ranked_keys, RTCG_SORT_TILE);
#if RTCG_SORT_HAS_VALUES
    RTCG_LOCAL_ARRAY(rtcg_sort_value_t, rtcg_tile_values, RTCG_SORT_TILE);
    RTCG_LOCAL_ARRAY(rtcg_sort_value_t, rtcg_ranked_values, RTCG_SORT_TILE);
#endif
    // ranks[digit * RTCG_SORT_BLOCK + t]: first the work-item's count of the digit, then where its
    // next key of that digit goes in the tile.
    RTCG_LOCAL_ARRAY(unsigned, rtcg_ranks, RTCG_SORT_RADIX * RTCG_SORT_BLOCK);
    RTCG_LOCAL_ARRAY(unsigned, rtcg_run_totals, RTCG_SORT_BLOCK);
    RTCG_LOCAL_ARRAY(unsigned, rtcg_digit_tile_start, RTCG_SORT_RADIX);
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
            rtcg_tile_values[rtcg_j] = rtcg_values_in[rtcg_begin + rtcg_j];
#endif
        }
    }
    for (unsigned rtcg_d = 0; rtcg_d < RTCG_SORT_RADIX; ++rtcg_d) rtcg_ranks[rtcg_d * RTCG_SORT_BLOCK + rtcg_t] = 0;
    RTCG_LOCAL_BARRIER();

    // Each work-item counts the digits of its run of consecutive keys.
    const unsigned rtcg_first = rtcg_t * RTCG_SORT_ITEMS;
    for (unsigned rtcg_k = 0; rtcg_k < RTCG_SORT_ITEMS && rtcg_first + rtcg_k < rtcg_valid; ++rtcg_k)
        rtcg_ranks[rtcg_sort_digit(rtcg_tile_keys[rtcg_first + rtcg_k], rtcg_shift) * RTCG_SORT_BLOCK + rtcg_t] += 1;
    RTCG_LOCAL_BARRIER();

    // Exclusive scan of the counts in digit-major order: each work-item takes RTCG_SORT_RADIX
    // consecutive entries, and a work-group scan joins them.
    unsigned rtcg_run = 0;
    for (unsigned rtcg_r = 0; rtcg_r < RTCG_SORT_RADIX; ++rtcg_r) rtcg_run += rtcg_ranks[rtcg_t * RTCG_SORT_RADIX + rtcg_r];
    rtcg_run_totals[rtcg_t] = rtcg_run;
    RTCG_LOCAL_BARRIER();
    rtcg_sort_scan_group(rtcg_run_totals, rtcg_t);
    unsigned rtcg_position = rtcg_t == 0 ? 0u : rtcg_run_totals[rtcg_t - 1];
    for (unsigned rtcg_r = 0; rtcg_r < RTCG_SORT_RADIX; ++rtcg_r) {
        const unsigned rtcg_count = rtcg_ranks[rtcg_t * RTCG_SORT_RADIX + rtcg_r];
        rtcg_ranks[rtcg_t * RTCG_SORT_RADIX + rtcg_r] = rtcg_position;
        rtcg_position += rtcg_count;
    }
    RTCG_LOCAL_BARRIER();
    if (rtcg_t < RTCG_SORT_RADIX) rtcg_digit_tile_start[rtcg_t] = rtcg_ranks[rtcg_t * RTCG_SORT_BLOCK];
    RTCG_LOCAL_BARRIER();

    // Each key to its rank: runs are in input order and ranks grow along a run, so equal
    // digits keep their order.
    for (unsigned rtcg_k = 0; rtcg_k < RTCG_SORT_ITEMS && rtcg_first + rtcg_k < rtcg_valid; ++rtcg_k) {
        const rtcg_sort_key_t rtcg_key = rtcg_tile_keys[rtcg_first + rtcg_k];
        const unsigned rtcg_rank = rtcg_ranks[rtcg_sort_digit(rtcg_key, rtcg_shift) * RTCG_SORT_BLOCK + rtcg_t]++;
        rtcg_ranked_keys[rtcg_rank] = rtcg_key;
#if RTCG_SORT_HAS_VALUES
        rtcg_ranked_values[rtcg_rank] = rtcg_tile_values[rtcg_first + rtcg_k];
#endif
    }
    RTCG_LOCAL_BARRIER();

    // Out in coalesced order: neighbouring work-items mostly write neighbouring places of one
    // digit's run.
    for (unsigned rtcg_k = 0; rtcg_k < RTCG_SORT_ITEMS; ++rtcg_k) {
        const unsigned rtcg_j = rtcg_k * RTCG_SORT_BLOCK + rtcg_t;
        if (rtcg_j < rtcg_valid) {
            const rtcg_sort_key_t rtcg_key = rtcg_ranked_keys[rtcg_j];
            const unsigned rtcg_d = rtcg_sort_digit(rtcg_key, rtcg_shift);
            const rtcg_sort_count_t rtcg_to =
                rtcg_offsets[(rtcg_index_t)rtcg_d * (rtcg_index_t)RTCG_NUM_GROUPS(0) + rtcg_group] +
                (rtcg_j - rtcg_digit_tile_start[rtcg_d]);
            rtcg_keys_out[rtcg_to] = rtcg_key;
#if RTCG_SORT_HAS_VALUES
            rtcg_values_out[rtcg_to] = rtcg_ranked_values[rtcg_j];
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
    using detail::radix_digits;
    if (!(key.is_integer() || key == codegen::DType::float32() || key == codegen::DType::float64()) ||
        key == codegen::DType::boolean())
        throw InvalidArgument("sort: keys of type " + std::string(key.name()) +
                              " cannot be radix sorted (integers, float32 and float64 can)");
    std::vector<codegen::DType> types;
    if (value) types.push_back(*value);
    if (block < radix_digits)
        throw InvalidArgument("sort: work-groups of " + std::to_string(block) + " work-items; the radix sort needs " +
                              std::to_string(radix_digits));
    std::string source = codegen::struct_declarations(types, dialect);
    source += codegen::substitute(
        kernels, {{"block", std::to_string(block)},
                  {"items", std::to_string(items)},
                  {"radix", std::to_string(radix_digits)},
                  {"has_values", value ? "1" : "0"},
                  {"key_type", key.c_name(dialect)},
                  // Without values the typedef is unused; the key type keeps it valid.
                  {"value_type", (value ? *value : key).c_name(dialect)},
                  {"bits_type", key.size() == 8 ? "rtcg_uindex_t" : "unsigned int"},
                  {"counter_type", counter.c_name(dialect)},
                  {"bits_body", bits_body(dialect, key)},
                  {"tile_bounds", std::string(tile_bounds)}});
    return codegen::with_prelude(dialect, source, {.complex = value && contains_complex(*value)});
}

} // namespace rtcg
