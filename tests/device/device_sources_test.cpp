// Every device file of arrays/device compiled on its own, after a hand-written configuration and
// the files it needs: for CUDA by NVRTC whatever the backend, and for the test context's
// dialect (OpenCL on PoCL here). Pieces that need warp primitives compile for OpenCL only where
// the device has them. Each scan piece compiles as a plain and as a segmented scan, of a 4-byte
// value and of an 8-byte one; each reduction piece with one value per batch and no pairs, and with
// batches of 5 and pairs, for both value sizes (the last group folds where the piece needs warp
// primitives); each radix sort piece for keys alone and with values, of 4-byte keys with 32-bit
// counts and of 8-byte keys with 64-bit counts; each random piece (the random kernel once with
// Philox's block function and once with Threefry's) for uniform and normal numbers of float32 and
// of float64; each piece of a reduction along axes with one value per batch and with
// batches of 5, for both value sizes; numpy's operations with a function of each for int, unsigned int and
// float; the Bessel functions with jn of float and yn of double. The elementwise kernels are templates: each is rendered first, for float32 and for float64
// arrays, with an operation that ends its index early (`continue`) and one that does not, and the
// paired kernel with lanes that read the index and lanes that do not. The strided offset is a
// template too, rendered for two axes with 64-bit coordinates and for three with 32-bit ones (after
// the index division). The tiled copy is one as well, rendered for float32 in tiles of 32 x 32
// without batch axes and for float64 in tiles of 16 x 16 with two batch axes (after the index
// division and the strided offset for two axes in 32-bit coordinates).
#include "../support/cuda_compile.hpp"
#include "../support/test_context.hpp"

#include "device_sources.hpp"

#include <rtcg/codegen/prelude.hpp>
#include <rtcg/codegen/template.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace device = rtcg::detail::device;
using rtcg::codegen::Dialect;

// A device file with what it needs before it (other device files, in order), whether it uses warp
// primitives, whether it takes values of at most 4 bytes only, and whose configuration it follows
// (the scan's unless it is the radix sort's, the reduction's or the random generators', or an
// elementwise template's values). A file that works with either tile-state layout, or either
// block radix rank, is listed once with each.
struct Piece {
    std::string_view path;
    std::vector<std::string_view> needs{};
    bool warp = false;
    bool packed_values_only = false; // a value of at most 4 bytes
    bool sort = false;
    bool reduce = false;
    bool random = false;
    bool elementwise = false; // a template, rendered before it is compiled
    bool strided = false;     // the strided offset's template, rendered before it is compiled
    bool axis = false;        // follows the configuration of a reduction along axes
    bool tiled = false;       // the tiled copy's template, rendered before it is compiled
    bool bessel = false;      // the Bessel functions, which compute in double
};

const std::vector<Piece>& pieces() {
    static const std::vector<Piece> all{
        {"thread/numpy_operations.rtcg", {}},
        {.path = "thread/bessel.rtcg", .bessel = true},
        {.path = "thread/philox.rtcg", .random = true},
        {.path = "thread/threefry.rtcg", .random = true},
        {.path = "thread/random_normal.rtcg", .random = true},
        {.path = "kernel/random_fill.rtcg",
         .needs = {"thread/philox.rtcg", "thread/random_normal.rtcg"},
         .random = true},
        {.path = "kernel/random_fill.rtcg",
         .needs = {"thread/threefry.rtcg", "thread/random_normal.rtcg"},
         .random = true},
        {"thread/index_division.rtcg", {}},
        {.path = "thread/strided_offset.rtcg", .needs = {"thread/index_division.rtcg"}, .strided = true},
        {.path = "kernel/elementwise.rtcg", .elementwise = true},
        {.path = "kernel/elementwise_pairs.rtcg", .elementwise = true},
        {.path = "kernel/tiled_copy.rtcg",
         .needs = {"thread/index_division.rtcg", "thread/strided_offset.rtcg"},
         .tiled = true},
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
        {.path = "thread/reduce_batch.rtcg", .reduce = true},
        {.path = "agent/reduce_fold.rtcg", .needs = {"thread/reduce_batch.rtcg", "block/block_reduce.rtcg"}, .reduce = true},
        {.path = "agent/last_group_fold.rtcg",
         .needs = {"thread/reduce_batch.rtcg", "block/block_reduce.rtcg", "agent/reduce_fold.rtcg"},
         .warp = true,
         .reduce = true},
        {.path = "kernel/reduce.rtcg", .needs = {"thread/reduce_batch.rtcg", "block/block_reduce.rtcg", "agent/reduce_fold.rtcg"}, .reduce = true},
        {.path = "kernel/reduce.rtcg",
         .needs = {"thread/reduce_batch.rtcg", "block/block_reduce.rtcg", "agent/reduce_fold.rtcg", "agent/last_group_fold.rtcg"},
         .warp = true,
         .reduce = true},
        {.path = "kernel/reduce_pairs.rtcg",
         .needs = {"thread/reduce_batch.rtcg", "block/block_reduce.rtcg", "agent/reduce_fold.rtcg"},
         .reduce = true},
        {.path = "kernel/reduce_pairs.rtcg",
         .needs = {"thread/reduce_batch.rtcg", "block/block_reduce.rtcg", "agent/reduce_fold.rtcg", "agent/last_group_fold.rtcg"},
         .warp = true,
         .reduce = true},
        {.path = "kernel/reduce_partials.rtcg",
         .needs = {"thread/reduce_batch.rtcg", "block/block_reduce.rtcg", "agent/reduce_fold.rtcg"},
         .reduce = true},
        {.path = "agent/axis_reduce_fold.rtcg", .needs = {"thread/reduce_batch.rtcg"}, .axis = true},
        {.path = "kernel/axis_reduce.rtcg",
         .needs = {"thread/reduce_batch.rtcg", "block/block_reduce.rtcg", "agent/axis_reduce_fold.rtcg"},
         .axis = true},
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

// What the generator of reductions along axes (arrays/src/axis_reduction_source.cpp) writes in
// front of the files, for a sum of `value_type`s over x read with a kept and a reduced stride: with
// `batches`, in batches of 5, otherwise one value at a time.
std::string axis_configuration(std::string_view value_type, bool batches) {
    std::string text = "#define RTCG_AXIS_BLOCK 64\n"
                       "#define RTCG_AXIS_ROWS_KERNEL test_axis_rows\n"
                       "#define RTCG_AXIS_COLUMNS_KERNEL test_axis_columns\n"
                       "#define RTCG_AXIS_PARTIALS_KERNEL test_axis_partials\n";
    text += "#define RTCG_AXIS_ITEMS " + std::string(batches ? "5" : "1") + "\n";
    text += "typedef " + std::string(value_type) + " rtcg_reduce_value_t;\n";
    text += "typedef " + std::string(value_type) + " rtcg_axis_out_t;\n";
    text += R"(typedef struct {
    RTCG_GLOBAL const rtcg_reduce_value_t* x;
    rtcg_index_t x_kept0, x_reduced0;
} rtcg_axis_arguments;
#define RTCG_AXIS_PARAMETERS RTCG_GLOBAL const rtcg_reduce_value_t* x, rtcg_index_t x_offset, rtcg_index_t x_kept0, \
    rtcg_index_t x_reduced0,
#define RTCG_AXIS_ARGUMENTS { x + x_offset, x_kept0, x_reduced0 }
RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_neutral(void) { return 0; }
RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_op(rtcg_reduce_value_t a, rtcg_reduce_value_t b) { return a + b; }
RTCG_DEVICE rtcg_axis_arguments rtcg_axis_at(rtcg_axis_arguments arguments, rtcg_index_t o)
{
    arguments.x += o * arguments.x_kept0;
    return arguments;
}
RTCG_DEVICE rtcg_reduce_value_t rtcg_axis_map(rtcg_axis_arguments arguments, rtcg_index_t r)
{
    return arguments.x[r * arguments.x_reduced0];
}
RTCG_DEVICE void rtcg_axis_store(rtcg_axis_arguments arguments, RTCG_GLOBAL rtcg_axis_out_t* out, rtcg_index_t o,
                                 rtcg_reduce_value_t value)
{
    out[o] = value;
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

// What the counter-based generators (arrays/src/random_source.cpp) write in front of the files,
// for float64 elements where `value_type` is 8 bytes wide, else float32, with the polynomials cut
// short; the kernel takes the block function of whichever generator's file comes before it.
std::string random_configuration(std::string_view value_type, bool normal, const std::vector<std::string_view>& needs) {
    const bool doubles = value_type != "int";
    const bool threefry = std::find(needs.begin(), needs.end(), "thread/threefry.rtcg") != needs.end();
    std::string text = "#define RTCG_RANDOM_KERNEL test_random\n";
    text += "#define RTCG_RANDOM_BLOCK " + std::string(threefry ? "rtcg_threefry_block" : "rtcg_philox_block") + "\n";
    text += "typedef " + std::string(doubles ? "double" : "float") + " rtcg_random_value_t;\n";
    text += "#define RTCG_RANDOM_WIDE " + std::string(doubles ? "1" : "0") + "\n";
    text += "#define RTCG_RANDOM_DISTRIBUTION RTCG_RANDOM_" + std::string(normal ? "NORMAL" : "UNIFORM") + "\n";
    text += R"(#define RTCG_PHILOX_MULTIPLIER0 3528531795u
#define RTCG_PHILOX_MULTIPLIER1 3449720151u
#define RTCG_PHILOX_WEYL0 2654435769u
#define RTCG_PHILOX_WEYL1 3144134277u
#define RTCG_THREEFRY_PARITY 466688986u
#define RTCG_THREEFRY_ROTATION_0_0 10
#define RTCG_THREEFRY_ROTATION_0_1 26
#define RTCG_THREEFRY_ROTATION_1_0 11
#define RTCG_THREEFRY_ROTATION_1_1 21
#define RTCG_THREEFRY_ROTATION_2_0 13
#define RTCG_THREEFRY_ROTATION_2_1 27
#define RTCG_THREEFRY_ROTATION_3_0 23
#define RTCG_THREEFRY_ROTATION_3_1 5
#define RTCG_THREEFRY_ROTATION_4_0 6
#define RTCG_THREEFRY_ROTATION_4_1 20
#define RTCG_THREEFRY_ROTATION_5_0 17
#define RTCG_THREEFRY_ROTATION_5_1 11
#define RTCG_THREEFRY_ROTATION_6_0 25
#define RTCG_THREEFRY_ROTATION_6_1 10
#define RTCG_THREEFRY_ROTATION_7_0 18
#define RTCG_THREEFRY_ROTATION_7_1 20
#define RTCG_RANDOM_SQRT2 1.4142135623730951
#define RTCG_RANDOM_LN2_HIGH 0.693145751953125
#define RTCG_RANDOM_LN2_LOW 1.4286068203094173e-06
RTCG_DEVICE double rtcg_random_log_series(double x) { return fma(x, 0.3333333333333333, 1.0); }
RTCG_DEVICE double rtcg_random_sin_series(double x) { return fma(x, -0.6459640975062462, 1.5707963267948966); }
RTCG_DEVICE double rtcg_random_cos_series(double x) { return fma(x, -1.2337005501361697, 1.0); }
)";
    return text;
}

// What the expression generator (arrays/src/expression_functions.cpp) writes around the Bessel
// functions' file: its special values before it, a function of each kind for float and double
// after it.
std::string bessel_program(Dialect dialect) {
    const std::string infinity = dialect == Dialect::cuda ? "__longlong_as_double(0x7ff0000000000000ull)"
                                                          : "as_double(0x7ff0000000000000ul)";
    const std::string nan = dialect == Dialect::cuda ? "__longlong_as_double(0x7ff8000000000000ull)"
                                                     : "as_double(0x7ff8000000000000ul)";
    return "#define RTCG_BESSEL_INFINITY " + infinity + "\n#define RTCG_BESSEL_NAN " + nan + "\n" +
           std::string(text_of("thread/bessel.rtcg")) + R"(
RTCG_DEFINE_BESSEL_JN(jn_float, float)
RTCG_DEFINE_BESSEL_YN(yn_double, double)
)";
}

// What the expression generator (arrays/src/expression_functions.cpp) writes after the file.
std::string numpy_functions(Dialect dialect) {
    const std::string f = dialect == Dialect::cuda ? "f" : "";
    return R"(
RTCG_DEFINE_FLOOR_DIVIDE_SIGNED(floor_divide_int, int, unsigned int)
RTCG_DEFINE_FLOOR_DIVIDE_UNSIGNED(floor_divide_uint, unsigned int)
RTCG_DEFINE_FLOOR_DIVIDE_FLOATING(floor_divide_float, float, fmod)" +
           f + ", floor" + f + ", copysign" + f + R"(, 0.5f)
RTCG_DEFINE_REMAINDER_SIGNED(remainder_int, int)
RTCG_DEFINE_REMAINDER_UNSIGNED(remainder_uint, unsigned int)
RTCG_DEFINE_REMAINDER_FLOATING(remainder_float, float, fmod)" +
           f + ", copysign" + f + R"()
RTCG_DEFINE_FMOD_SIGNED(fmod_int, int)
RTCG_DEFINE_POWER_SIGNED(power_int, int, unsigned int)
RTCG_DEFINE_POWER_UNSIGNED(power_uint, unsigned int, unsigned int)
RTCG_DEFINE_MINIMUM_FLOATING(minimum_float, float)
RTCG_DEFINE_MAXIMUM_FLOATING(maximum_float, float)
RTCG_DEFINE_MINIMUM_INTEGER(minimum_int, int)
RTCG_DEFINE_MAXIMUM_INTEGER(maximum_int, int)
RTCG_DEFINE_LEFT_SHIFT(left_shift_int, int, unsigned int, 32)
RTCG_DEFINE_RIGHT_SHIFT_SIGNED(right_shift_int, int, unsigned int, 32)
RTCG_DEFINE_RIGHT_SHIFT_UNSIGNED(right_shift_uint, unsigned int, unsigned int, 32)
RTCG_DEFINE_ABSOLUTE(absolute_int, int, unsigned int)
RTCG_DEFINE_SATURATING_CAST(cast_float_int, float, int, -2147483648.0f, 2147483648.0f, (-2147483647 - 1), 2147483647)
typedef struct { float real, imag; } test_complex;
RTCG_DEVICE test_complex test_complex_new(float real, float imag) { test_complex z = {real, imag}; return z; }
RTCG_DEFINE_COMPLEX_NONZERO(nonzero_complex, test_complex)
RTCG_DEFINE_COMPLEX_ROUND(round_complex, test_complex, test_complex_new, rint)" +
           f + R"()
RTCG_DEFINE_TANPI(tanpi_float, float, sinpi)" + f + ", cospi" + f + R"()
RTCG_DEFINE_COMPLEX_ANGLE(angle_complex, test_complex, float, atan2)" + f + R"()
RTCG_DEFINE_FREXP_MANTISSA(frexp_mantissa_float, float, frexp)" + f + R"()
RTCG_DEFINE_FREXP_EXPONENT(frexp_exponent_float, float, frexp)" + f + R"()
RTCG_DEFINE_MODF_FRACTION(modf_fraction_float, float, modf)" + f + R"()
RTCG_DEFINE_MODF_INTEGRAL(modf_integral_float, float, modf)" + f + R"()
RTCG_DEFINE_LDEXP(ldexp_float, float, ldexp)" + f + R"()
)";
}

// The values the elementwise generator (arrays/src/elementwise_source.cpp) renders its templates
// with, for z[i] = a * x[i] (+ i where `variant`) over arrays of float64 where `value_type` is 8
// bytes wide, else float32; the single-index kernel's operation first skips negative elements,
// and runs two indices per loop step (two_lanes), as broadcast calls do.
rtcg::codegen::Values elementwise_values(std::string_view value_type, bool variant) {
    using List = std::vector<rtcg::codegen::Value>;
    const std::string t = value_type != "int" ? "double" : "float";
    const std::string t2 = "rtcg_" + t + "2";
    const std::string index = variant ? " + (" + t + ")i" : "";
    return {
        {"name", "test_elementwise"},
        {"parameters", List{t + " a,", "RTCG_GLOBAL " + t + "* rtcg_base_x, rtcg_index_t rtcg_offset_x,",
                            "RTCG_GLOBAL " + t + "* rtcg_base_z, rtcg_index_t rtcg_offset_z,",
                            "rtcg_index_t rtcg_start, rtcg_index_t rtcg_step, rtcg_index_t n"}},
        {"pointers", List{"RTCG_GLOBAL " + t + "* x = rtcg_base_x + rtcg_offset_x;",
                          "RTCG_GLOBAL " + t + "* z = rtcg_base_z + rtcg_offset_z;"}},
        {"operation", (variant ? "if (x[i] < 0) continue; " : "") + std::string("z[i] = a * x[i]") + index + ";"},
        {"pair_pointers",
         List{"RTCG_GLOBAL const " + t2 + "* rtcg_pairs_x = (RTCG_GLOBAL const " + t2 + "*)(x + rtcg_start);",
              "RTCG_GLOBAL " + t2 + "* rtcg_pairs_z = (RTCG_GLOBAL " + t2 + "*)(z + rtcg_start);"}},
        {"loads", List{"const " + t2 + " rtcg_pair_x = rtcg_pairs_x[rtcg_k];",
                       "const " + t + " rtcg_lane0_x = rtcg_pair_x.x, rtcg_lane1_x = rtcg_pair_x.y;",
                       t + " rtcg_lane0_z, rtcg_lane1_z;"}},
        {"lanes",
         List{"rtcg_lane0_z = a * rtcg_lane0_x" + index + ";", "rtcg_lane1_z = a * rtcg_lane1_x" + index + ";"}},
        {"lanes_use_index", variant},
        {"two_lanes", variant},
        {"stores", List{"RTCG_STORE_STREAMING(&rtcg_pairs_z[rtcg_k], rtcg_make_" + t2.substr(5) +
                        "(rtcg_lane0_z, rtcg_lane1_z));"}},
    };
}

// The tiled copy (arrays/src/tiled_copy.cpp) of float64 arrays where `value_type` is 8 bytes wide,
// in tiles of 16 x 16 with two batch axes and every tile bounds-checked where `variant`, else of
// float32 in tiles of 32 x 32, whole ones moved without bounds.
std::string tiled_copy_program(std::string_view value_type, bool variant) {
    using List = std::vector<rtcg::codegen::Value>;
    const std::string t = value_type != "int" ? "double" : "float";
    const std::int64_t batch_axes = variant ? 2 : 0;
    std::string text;
    if (variant)
        text = std::string(text_of("thread/index_division.rtcg")) + '\n' +
               rtcg::codegen::Template(text_of("thread/strided_offset.rtcg"), "thread/strided_offset.rtcg")
                   .render({{"name", "rtcg_strided_offset"}, {"dimensions", batch_axes}, {"narrow", true}});
    return text + rtcg::codegen::Template(text_of("kernel/tiled_copy.rtcg"), "kernel/tiled_copy.rtcg")
                      .render({{"name", "test_tiled_copy"},
                               {"parameters", List{"RTCG_GLOBAL " + t + "* rtcg_base_y, rtcg_index_t rtcg_offset_y,",
                                                   "RTCG_GLOBAL const " + t + "* rtcg_base_x, rtcg_index_t rtcg_offset_x,",
                                                   "rtcg_index_t rtcg_start, rtcg_index_t rtcg_step, rtcg_index_t n,"}},
                               {"pointers", List{"RTCG_GLOBAL " + t + "* y = rtcg_base_y + rtcg_offset_y;",
                                                 "RTCG_GLOBAL const " + t + "* x = rtcg_base_x + rtcg_offset_x;"}},
                               {"type", t},
                               {"out", "y"},
                               {"x", "x"},
                               {"edge", std::int64_t{variant ? 16 : 32}},
                               {"rows", std::int64_t{variant ? 4 : 8}},
                               {"row_steps", std::int64_t{variant ? 0 : 4}},
                               {"batch_axes", batch_axes}});
}

// `variant`: a segmented scan, a reduction with pairs, a sort with values, normal numbers, or an
// elementwise operation that reads the index.
std::string program(const Piece& piece, std::string_view value_type, bool variant, Dialect dialect) {
    if (piece.elementwise)
        return rtcg::codegen::Template(text_of(piece.path), std::string(piece.path))
            .render(elementwise_values(value_type, variant));
    if (piece.tiled) return tiled_copy_program(value_type, variant);
    if (piece.bessel) return bessel_program(dialect);
    if (piece.strided)
        return std::string(text_of("thread/index_division.rtcg")) + '\n' +
               rtcg::codegen::Template(text_of(piece.path), std::string(piece.path))
                   .render({{"name", "rtcg_strided_offset"},
                            {"dimensions", std::int64_t{variant ? 3 : 2}},
                            {"narrow", variant}});
    std::string text = piece.sort     ? sort_configuration(value_type, variant)
                       : piece.reduce ? reduce_configuration(value_type, variant, piece.warp)
                       : piece.random ? random_configuration(value_type, variant, piece.needs)
                       : piece.axis   ? axis_configuration(value_type, variant)
                                      : configuration(value_type, variant);
    for (std::string_view need : piece.needs) (text += text_of(need)) += '\n';
    text += text_of(piece.path);
    if (piece.path == "thread/numpy_operations.rtcg") text += numpy_functions(dialect);
    return text;
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
                CHECK_NOTHROW(rtcg::test::compile_for_cuda(rtcg::codegen::with_prelude(
                    Dialect::cuda, program(piece, type, variant, Dialect::cuda), {.warp = piece.warp})));
                if (piece.warp && !warp_here) continue;
                // Normal numbers are computed in double, as are the elementwise kernels of float64.
                if ((piece.random || piece.bessel || ((piece.elementwise || piece.tiled) && type != "int")) &&
                    !rtcg::test::context().device().supports_fp64)
                    continue;
                CHECK_NOTHROW(rtcg::test::context().compile(rtcg::codegen::with_prelude(
                    dialect, program(piece, type, variant, dialect), {.warp = piece.warp})));
            }
        }
    }
}
