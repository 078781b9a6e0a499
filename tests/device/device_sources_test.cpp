// Every device file of arrays/device compiled on its own, after a hand-written configuration and
// the files it needs: for CUDA by NVRTC whatever the backend, and for the test context's
// dialect (OpenCL on PoCL here). Pieces that need warp primitives compile for OpenCL only where
// the device has them. Each scan piece compiles as a plain and as a segmented scan, of a 4-byte
// value and of an 8-byte one; each reduction piece with one value per batch and no pairs, and with
// batches of 5 and pairs, for both value sizes (the last group folds where the piece needs warp
// primitives); each radix sort piece for keys alone and with values, of 4-byte keys with 32-bit
// counts and of 8-byte keys with 64-bit counts.
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"

#include "device_sources.hpp"

#include <rtcg/codegen/prelude.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace device = rtcg::detail::device;
using rtcg::codegen::Dialect;

// A device file with what it needs before it (other device files, in order), whether it uses warp
// primitives, whether it takes values of at most 4 bytes only, and whether it is the radix sort's
// or the reduction's (after that generator's configuration rather than the scan's). A file that works with either
// tile-state layout, or either block radix rank, is listed once with each.
struct Piece {
    std::string_view path;
    std::vector<std::string_view> needs{};
    bool warp = false;
    bool packed_values_only = false; // a value of at most 4 bytes
    bool sort = false;
    bool reduce = false;
};

const std::vector<Piece>& pieces() {
    static const std::vector<Piece> all{
        {"block/scan_pairs.rtcg", {}},
        {"block/block_scan.rtcg", {"block/scan_pairs.rtcg"}},
        {"agent/tile_load_store.rtcg", {"block/scan_pairs.rtcg"}},
        {"agent/tile_scan.rtcg", {"block/scan_pairs.rtcg", "block/block_scan.rtcg"}},
        {"agent/tile_state.rtcg", {}},
        {"agent/tile_state_packed.rtcg", {"agent/tile_state.rtcg"}, false, true},
        {"agent/tile_state_split.rtcg", {"agent/tile_state.rtcg"}, true},
        {"agent/look_back.rtcg", {"agent/tile_state.rtcg", "agent/tile_state_split.rtcg"}, true},
        {"agent/look_back.rtcg", {"agent/tile_state.rtcg", "agent/tile_state_packed.rtcg"}, true, true},
        {"kernel/scan_reduce_then_scan.rtcg",
         {"block/scan_pairs.rtcg", "block/block_scan.rtcg", "agent/tile_load_store.rtcg", "agent/tile_scan.rtcg"}},
        {"kernel/scan_single_pass.rtcg",
         {"block/scan_pairs.rtcg", "block/block_scan.rtcg", "agent/tile_load_store.rtcg", "agent/tile_scan.rtcg",
          "agent/tile_state.rtcg", "agent/tile_state_split.rtcg", "agent/look_back.rtcg"},
         true},
        {"kernel/scan_single_pass.rtcg",
         {"block/scan_pairs.rtcg", "block/block_scan.rtcg", "agent/tile_load_store.rtcg", "agent/tile_scan.rtcg",
          "agent/tile_state.rtcg", "agent/tile_state_packed.rtcg", "agent/look_back.rtcg"},
         true, true},
        {.path = "block/block_reduce.rtcg", .reduce = true},
        {.path = "agent/reduce_fold.rtcg", .needs = {"block/block_reduce.rtcg"}, .reduce = true},
        {.path = "agent/last_group_fold.rtcg",
         .needs = {"block/block_reduce.rtcg", "agent/reduce_fold.rtcg"},
         .warp = true,
         .reduce = true},
        {.path = "kernel/reduce.rtcg", .needs = {"block/block_reduce.rtcg", "agent/reduce_fold.rtcg"}, .reduce = true},
        {.path = "kernel/reduce.rtcg",
         .needs = {"block/block_reduce.rtcg", "agent/reduce_fold.rtcg", "agent/last_group_fold.rtcg"},
         .warp = true,
         .reduce = true},
        {.path = "kernel/reduce_pairs.rtcg",
         .needs = {"block/block_reduce.rtcg", "agent/reduce_fold.rtcg"},
         .reduce = true},
        {.path = "kernel/reduce_pairs.rtcg",
         .needs = {"block/block_reduce.rtcg", "agent/reduce_fold.rtcg", "agent/last_group_fold.rtcg"},
         .warp = true,
         .reduce = true},
        {.path = "kernel/reduce_partials.rtcg",
         .needs = {"block/block_reduce.rtcg", "agent/reduce_fold.rtcg"},
         .reduce = true},
        {.path = "block/radix_digit.rtcg", .sort = true},
        {.path = "block/radix_rank_counting.rtcg", .needs = {"block/radix_digit.rtcg"}, .sort = true},
        {.path = "block/radix_rank_warp_votes.rtcg", .needs = {"block/radix_digit.rtcg"}, .warp = true, .sort = true},
        {.path = "agent/radix_sort_look_back.rtcg", .sort = true},
        {.path = "agent/radix_sort_write_tile.rtcg", .needs = {"block/radix_digit.rtcg"}, .sort = true},
        {.path = "kernel/radix_sort_histogram.rtcg", .sort = true},
        {.path = "kernel/radix_sort_starts.rtcg", .sort = true},
        {.path = "kernel/radix_sort_pass.rtcg",
         .needs = {"block/radix_digit.rtcg", "agent/radix_sort_look_back.rtcg", "block/radix_rank_counting.rtcg",
                   "agent/radix_sort_write_tile.rtcg"},
         .sort = true},
        {.path = "kernel/radix_sort_pass.rtcg",
         .needs = {"block/radix_digit.rtcg", "agent/radix_sort_look_back.rtcg", "block/radix_rank_warp_votes.rtcg",
                   "agent/radix_sort_write_tile.rtcg"},
         .warp = true,
         .sort = true},
        {.path = "kernel/radix_sort_one_tile.rtcg",
         .needs = {"block/radix_digit.rtcg", "block/radix_rank_counting.rtcg"},
         .sort = true},
        {.path = "kernel/radix_sort_one_tile.rtcg",
         .needs = {"block/radix_digit.rtcg", "block/radix_rank_warp_votes.rtcg"},
         .warp = true,
         .sort = true},
    };
    return all;
}

std::string_view text_of(std::string_view path) {
    const auto file = std::find_if(std::begin(device::files), std::end(device::files),
                                   [&](const device::File& f) { return f.path == path; });
    REQUIRE_MESSAGE(file != std::end(device::files), "no embedded device file " << path);
    return file->text;
}

// What the scan's generator (arrays/src/scan_source.cpp) writes in front of the files, for a sum of
// `value_type`s whose scan writes y from x.
std::string configuration(std::string_view value_type, bool segmented) {
    std::string text = "#define RTCG_SCAN_BLOCK 64\n"
                       "#define RTCG_SCAN_ITEMS 3\n"
                       "#define RTCG_SCAN_TILE (RTCG_SCAN_BLOCK * RTCG_SCAN_ITEMS)\n"
                       "#define RTCG_SCAN_MIN_GROUPS 8\n"
                       "#define RTCG_SCAN_SINGLE_PASS_KERNEL test_single_pass\n"
                       "#define RTCG_SCAN_REDUCE_KERNEL test_reduce\n"
                       "#define RTCG_SCAN_BLOCKS_KERNEL test_blocks\n"
                       "#define RTCG_SCAN_FINAL_KERNEL test_final\n";
    text += "#define RTCG_SCAN_SEGMENTED " + std::string(segmented ? "1" : "0") + "\n";
    text += "typedef " + std::string(value_type) + " rtcg_scan_value_t;\n";
    text += R"(typedef struct {
    RTCG_GLOBAL const rtcg_scan_value_t* x;
    RTCG_GLOBAL rtcg_scan_value_t* y;
    RTCG_GLOBAL const unsigned char* starts;
} rtcg_scan_arguments;
#define RTCG_SCAN_PARAMETERS RTCG_GLOBAL const rtcg_scan_value_t* x, RTCG_GLOBAL rtcg_scan_value_t* y, \
    RTCG_GLOBAL const unsigned char* starts,
#define RTCG_SCAN_ARGUMENTS { x, y, starts }
RTCG_DEVICE rtcg_scan_value_t rtcg_scan_op(rtcg_scan_value_t a, rtcg_scan_value_t b) { return a + b; }
RTCG_DEVICE rtcg_scan_value_t rtcg_scan_neutral(void) { return 0; }
RTCG_DEVICE rtcg_scan_value_t rtcg_scan_input(rtcg_scan_arguments arguments, rtcg_index_t n, const rtcg_index_t i)
{
    return arguments.x[i];
}
RTCG_DEVICE int rtcg_scan_is_segment_start(rtcg_scan_arguments arguments, rtcg_index_t n, const rtcg_index_t i)
{
    return arguments.starts[i] ? 1 : 0;
}
RTCG_DEVICE void rtcg_scan_output(rtcg_scan_arguments arguments, rtcg_index_t n, const rtcg_index_t i,
                                  const rtcg_scan_value_t item, const rtcg_scan_value_t prev_item,
                                  const rtcg_scan_value_t last_item)
{
    arguments.y[i] = item + prev_item + last_item;
}
)";
    return text;
}

// What the reduction's generator (arrays/src/reduction_source.cpp) writes in front of the files,
// for a sum of `value_type`s over x[i] * k: with `pairs`, in batches of 5 with x read in pairs,
// otherwise one value at a time.
std::string reduce_configuration(std::string_view value_type, bool pairs, bool last_group_folds) {
    std::string text = "#define RTCG_REDUCE_BLOCK 64\n"
                       "#define RTCG_REDUCE_PARTIAL_ITEMS 4\n"
                       "#define RTCG_REDUCE_KERNEL test_reduce\n"
                       "#define RTCG_REDUCE_PAIRS_KERNEL test_reduce_pairs\n"
                       "#define RTCG_REDUCE_PARTIALS_KERNEL test_reduce_partials\n";
    text += "#define RTCG_REDUCE_ITEMS " + std::string(pairs ? "5" : "1") + "\n";
    text += "#define RTCG_REDUCE_PAIRS " + std::string(pairs ? "1" : "0") + "\n";
    text += "#define RTCG_REDUCE_LAST_GROUP_FOLDS " + std::string(last_group_folds ? "1" : "0") + "\n";
    text += "typedef " + std::string(value_type) + " rtcg_reduce_value_t;\n";
    text += R"(typedef struct {
    RTCG_GLOBAL const rtcg_reduce_value_t* x;
    rtcg_reduce_value_t k;
} rtcg_reduce_arguments;
#define RTCG_REDUCE_PARAMETERS RTCG_GLOBAL const rtcg_reduce_value_t* x, rtcg_index_t x_offset, rtcg_reduce_value_t k,
#define RTCG_REDUCE_ARGUMENTS { x + x_offset, k }
RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_neutral(void) { return 0; }
RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_op(rtcg_reduce_value_t a, rtcg_reduce_value_t b) { return a + b; }
RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_map(rtcg_reduce_arguments arguments, rtcg_index_t n, const rtcg_index_t i)
{
    return arguments.x[i] * arguments.k;
}
RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_map_pair(rtcg_reduce_arguments arguments, rtcg_index_t n,
                                                     rtcg_index_t start, rtcg_index_t pair, rtcg_index_t first)
{
    return rtcg_reduce_op(arguments.x[first] * arguments.k, arguments.x[first + 1] * arguments.k);
}
)";
    return text;
}

// What the radix sort's generator (arrays/src/radix_sort_source.cpp) writes in front of the files,
// for keys of `key_type` (int or rtcg_index_t, with counts of as many bits) and float values.
std::string sort_configuration(std::string_view key_type, bool with_values) {
    const bool wide = key_type != "int";
    std::string text = "#define RTCG_SORT_BLOCK 64\n"
                       "#define RTCG_SORT_ITEMS 3\n"
                       "#define RTCG_SORT_TILE (RTCG_SORT_BLOCK * RTCG_SORT_ITEMS)\n"
                       "#define RTCG_SORT_DIGIT_BITS 8\n"
                       "#define RTCG_SORT_DIGITS (1u << RTCG_SORT_DIGIT_BITS)\n"
                       "#define RTCG_SORT_HISTOGRAM_ITEMS 16\n";
    text += "#define RTCG_SORT_POSITIONS " + std::string(wide ? "8" : "4") + "\n";
    text += "#define RTCG_SORT_WIDE_STATUS " + std::string(wide ? "1" : "0") + "\n";
    text += "#define RTCG_SORT_HAS_VALUES " + std::string(with_values ? "1" : "0") + "\n";
    text += "typedef " + std::string(key_type) + " rtcg_sort_key_t;\n";
    text += "typedef float rtcg_sort_value_t;\n";
    text += "typedef " + std::string(wide ? "rtcg_uindex_t" : "unsigned int") + " rtcg_sort_bits_t;\n";
    text += "typedef " + std::string(wide ? "rtcg_uindex_t" : "unsigned int") + " rtcg_sort_count_t;\n";
    text += R"(RTCG_DEVICE rtcg_sort_bits_t rtcg_sort_bits(rtcg_sort_key_t key)
{
    return (rtcg_sort_bits_t)key ^ ((rtcg_sort_bits_t)1 << (8 * sizeof(rtcg_sort_key_t) - 1));
}
)";
    return text;
}

// `variant`: a segmented scan, a reduction with pairs, or a sort with values.
std::string program(const Piece& piece, std::string_view value_type, bool variant) {
    std::string text = piece.sort     ? sort_configuration(value_type, variant)
                       : piece.reduce ? reduce_configuration(value_type, variant, piece.warp)
                                      : configuration(value_type, variant);
    for (std::string_view need : piece.needs) (text += text_of(need)) += '\n';
    return text += text_of(piece.path);
}

} // namespace

TEST_CASE("every device file is listed here with what it needs") {
    for (const device::File& file : device::files) {
        CAPTURE(file.path);
        CHECK(std::any_of(pieces().begin(), pieces().end(), [&](const Piece& p) { return p.path == file.path; }));
    }
}

TEST_CASE("every device file compiles on its own for CUDA and for the test context") {
    const Dialect dialect = rtcg::codegen::dialect_of(rtcg::test::context().device());
    const bool warp_here = rtcg::codegen::target_of(rtcg::test::context().device()).warp_primitives;
    for (const Piece& piece : pieces()) {
        for (std::string_view type : {"int", "rtcg_index_t"}) {
            if (piece.packed_values_only && type != "int") continue;
            for (bool variant : {false, true}) {
                CAPTURE(piece.path);
                CAPTURE(type);
                CAPTURE(variant);
                const std::string source = program(piece, type, variant);
                CHECK_NOTHROW(rtcg::test::compile_for_cuda(
                    rtcg::codegen::with_prelude(Dialect::cuda, source, {.warp = piece.warp})));
                if (piece.warp && !warp_here) continue;
                CHECK_NOTHROW(rtcg::test::context().compile(
                    rtcg::codegen::with_prelude(dialect, source, {.warp = piece.warp})));
            }
        }
    }
}
