// Every device file of arrays/device compiled on its own, after a hand-written configuration and
// the files it needs: for CUDA by NVRTC whatever the backend, and for the test context's
// dialect (OpenCL on PoCL here). Pieces that need warp primitives compile for OpenCL only where
// the device has them. Each piece compiles as a plain and as a segmented scan, of a 4-byte value
// and of an 8-byte one.
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
// primitives, and whether it takes values of at most 4 bytes only. A file that works with either
// tile-state layout is listed once with each.
struct Piece {
    std::string_view path;
    std::vector<std::string_view> needs;
    bool warp = false;
    bool packed_values_only = false; // a value of at most 4 bytes
};

const std::vector<Piece>& pieces() {
    static const std::vector<Piece> all{
        {"block/scan_pairs.rtcg", {}},
        {"block/block_scan.rtcg", {"block/scan_pairs.rtcg"}},
        {"block/block_reduce.rtcg", {}},
        {"agent/tile_load_store.rtcg", {"block/scan_pairs.rtcg"}},
        {"agent/tile_scan.rtcg", {"block/scan_pairs.rtcg", "block/block_scan.rtcg"}},
        {"agent/tile_state.rtcg", {}},
        {"agent/tile_state_packed.rtcg", {"agent/tile_state.rtcg"}, false, true},
        {"agent/tile_state_split.rtcg", {"agent/tile_state.rtcg"}, true},
        {"agent/look_back.rtcg", {"agent/tile_state.rtcg", "agent/tile_state_split.rtcg"}, true},
        {"agent/look_back.rtcg", {"agent/tile_state.rtcg", "agent/tile_state_packed.rtcg"}, true, true},
        {"agent/last_group_fold.rtcg", {}, true},
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
    };
    return all;
}

std::string_view text_of(std::string_view path) {
    const auto file = std::find_if(std::begin(device::files), std::end(device::files),
                                   [&](const device::File& f) { return f.path == path; });
    REQUIRE_MESSAGE(file != std::end(device::files), "no embedded device file " << path);
    return file->text;
}

// What the scan and reduction generators (arrays/src/scan_source.cpp, reduction_source.cpp) write
// in front of the files, for a sum of `value_type`s whose scan writes y from x.
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
    text += "typedef " + std::string(value_type) + " rtcg_reduce_value_t;\n";
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
RTCG_DEVICE rtcg_reduce_value_t rtcg_reduce_op(rtcg_reduce_value_t a, rtcg_reduce_value_t b) { return a + b; }
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

std::string program(const Piece& piece, std::string_view value_type, bool segmented) {
    std::string text = configuration(value_type, segmented);
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
            for (bool segmented : {false, true}) {
                CAPTURE(piece.path);
                CAPTURE(type);
                CAPTURE(segmented);
                const std::string source = program(piece, type, segmented);
                CHECK_NOTHROW(rtcg::test::compile_for_cuda(
                    rtcg::codegen::with_prelude(Dialect::cuda, source, {.warp = piece.warp})));
                if (piece.warp && !warp_here) continue;
                CHECK_NOTHROW(rtcg::test::context().compile(
                    rtcg::codegen::with_prelude(dialect, source, {.warp = piece.warp})));
            }
        }
    }
}
