#pragma once
// The source of the FFT's kernels, in the prelude's neutral dialect (one text for CUDA and
// OpenCL): a configuration rendered here, then the device files of fft/device.
#include "roots_of_unity.hpp"

#include <rtcg/codegen/dialect.hpp>
#include <rtcg/codegen/dtype.hpp>

#include <complex>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace rtcg::detail::fft {

// The real transform's step an AxisPlan fuses into its passes: untangling the spectrum of a real
// transform's paired points in its last pass, or tangling it in the first pass of the inverse.
enum class RealStep { none, untangle, tangle };

// The shape of a pass kernel (kernel/pass.rtcg): sub-transforms of `points` points, `threads`
// work-items each, `group` of them per work-group, `row` elements apart in local memory
// (row_length in row_padding.hpp), the local passes' radices.
struct PassShape {
    std::size_t points = 1;
    std::size_t resident_threads = 0; // float32 work-items per multiprocessor its registers allow (0: any)
    std::size_t row = 1;
    std::size_t threads = 1;
    std::size_t group = 1;
    std::vector<std::size_t> radices;
    bool untangle = false; // writes a real transform's points (FFT_UNTANGLE)
    bool tangle = false;   // reads a real transform's points (FFT_TANGLE)
    // The transform's only pass (subs = 1, ns = 1, FFT_WHOLE): each row of its group one whole
    // transform, whose indices the kernel then knows; a real step pairs points of one row. An
    // untangling pass of several sub-transforms pairs the rows of sub-transforms j and subs - j
    // instead (FFT_MIRRORED).
    bool whole = false;
    // Where the pass lies in its transform: the transform's sub-transforms of `points` points (its
    // length over them, a launch argument), the points the passes before it combine (the product
    // of their lengths) and the direction's sign (-1 forward, +1 inverse), which its source fixes
    // (FFT_NS, FFT_SIGN) so that the compiler folds the twiddles' index arithmetic and the
    // direction's choices.
    std::size_t subs = 1;
    std::size_t ns = 1;
    int sign = -1;
    // Indexes the twiddles between passes with ints instead of 64-bit integers (FFT_TWIDDLE_INDEX);
    // a layout's choice (PassLayout).
    bool int_twiddle_indices = false;
    // The first local pass's stores (stepped_first_edge, FFT_STEPPED_FIRST) and the last one's loads
    // (stepped_last_edge, FFT_STEPPED_LAST) address a butterfly's points as its first slot plus a
    // constant (fft_slot_step), as the passes between do. choose_for_compiler sets them.
    bool stepped_first_edge = false;
    bool stepped_last_edge = false;
    // The pieces its local passes exchange each point in (kernel/pieced_pass.rtcg), its rows
    // taking a piece per point; 1: whole points (kernel/pass.rtcg).
    std::size_t pieces = 1;
    // Launches a group for every `group` slots instead of at most launch_groups' rounds of the
    // compute units, which loop over the rest: small groups that each wait on their loads then
    // overlap more of them (PassChoice::full_grid; the source is the same).
    bool full_grid = false;
    // Unrolls the rounds in which a work-item takes the first local pass's butterflies
    // (FFT_UNROLLED_FIRST_ROUNDS), so that it issues a later round's loads before it combines an
    // earlier round's points; choose_for_compiler sets it, only where the rounds are whole.
    bool unrolled_first_rounds = false;

    // Pairs the rows of sub-transforms j and subs - j (FFT_MIRRORED, fft_row_slot).
    bool mirrored() const noexcept { return untangle && !whole; }
    // Reads the real step's roots (real_step_roots): it untangles or tangles.
    bool real_step() const noexcept { return untangle || tangle; }
    // Turns its input by twiddles: a pass after the first (FFT_TWIDDLED).
    bool twiddled() const noexcept { return ns > 1; }
    // The first local pass's radix: 1 for a transform of one point, which has no radix.
    std::size_t first_radix() const noexcept { return radices.empty() ? 1 : radices.front(); }
};

// Sets the choices of `shape` that suit the compiler of `dialect`, for a transform of `real`
// (float32 or float64) points; its real step must be set first.
// - Which of its edges step their slots (stepped_first_edge, stepped_last_edge). Through CUDA both,
//   where that was faster. NVIDIA's OpenCL compiler made most multi-pass lengths slower with both,
//   and the untangling passes of real transforms slower with the first: there only the first edge
//   of a pass without a real step is stepped (NOTES.md, sessions 68 and 69).
// - Whether the first local pass's rounds are unrolled (unrolled_first_rounds): through CUDA, in
//   float32, where a work-item takes its butterflies in several whole rounds. There the first
//   passes of 2^17 and 2^18 points gained. With a round, or with a last round that only some
//   work-items take, it was slower as often as faster (3 * 2^18 and 45360 lost); NVIDIA's OpenCL
//   compiler, which RTCG_LAUNCH_BOUNDS does not cap, gave the unrolled kernels more registers and
//   made real transforms slower (NOTES.md, session 71). Float64 was not measured.
void choose_for_compiler(PassShape& shape, codegen::Dialect dialect, const codegen::DType& real);

// Local memory a pass's work-group keeps for its points as a rule: little enough that several
// groups share a multiprocessor, which hides one group's barriers and global accesses behind
// another's work. A group of more points (a wide one-pass transform, axis_plan.cpp) fills its
// multiprocessor alone and may have up to 1024 work-items.
inline constexpr std::size_t pass_local_budget = 32768;

// What a work-group of a pass may use: `local_bytes` of local memory for its rows, their skew and
// padding included, and `max_threads` work-items (the plan's cap within the device's), for
// elements of `element_bytes` exchanged between local passes in `pieces` (PassShape::pieces).
struct PassLimits {
    std::size_t element_bytes = 8;
    std::size_t local_bytes = 0;
    std::size_t max_threads = 1;
    std::size_t pieces = 1;
};

// Whether points may be exchanged in `pieces`: 1 (whole), 2 (their parts) or 4 (the halves of
// their parts' bits, thread/pieces.rtcg).
bool valid_pieces(std::size_t pieces);

// How a transform's passes over global memory are laid out, the choices of a multi-pass plan
// (pass_tuning.hpp): the local memory a work-group may keep for its points (`local_budget` bytes,
// within what the device has), which decides how long a pass may be and so how many passes there
// are, and how many sub-transforms a group takes; the work-items a group may have; whether the
// passes run from the shortest instead of the longest first; whether their sub-transforms take
// radix-16 local passes (local_radices), which save local passes and barriers but hold more
// registers per work-item, so that neither wins for every layout; and whether the passes index
// their twiddles with ints, faster through NVRTC at every length measured, while NVIDIA's OpenCL
// compiler makes some lengths' passes far slower so and others faster (NOTES.md, session 46); and
// whether odd radices go up to largest_wide_odd_radix (factorization.hpp), fewer local passes whose
// butterflies hold more registers, which paid for a wide one-pass group of 384 work-items
// (NOTES.md, session 51); and the pieces a one-pass transform's local passes exchange its points
// in (PassShape::pieces), which lets a group hold that many times the points, at more barriers.
// A PassLayout's local_budget that takes all the local memory the device has (no GPU has more).
inline constexpr std::size_t whole_local_memory = 256 * 1024;

// The local memory of a built-in layout's wider groups, which save a pass over global memory for
// some longer transforms (axis_plan.cpp), and the shortest runs of elements they must still move.
inline constexpr std::size_t wider_pass_budget = 128 * 1024;
inline constexpr std::size_t wider_pass_least_run_bytes = 64;
// The local memory of the groups a power of two takes whose usual groups move shorter runs than
// that (axis_plan.cpp): twice the usual, two groups resident.
inline constexpr std::size_t longer_runs_budget = 2 * pass_local_budget;

struct PassLayout {
    std::size_t local_budget = pass_local_budget;
    std::size_t max_threads = 256;
    bool shortest_first = false;
    bool sixteens = true;
    bool int_twiddle_indices = false;
    bool wide_odd = false;
    std::size_t pieces = 1;

    friend bool operator==(const PassLayout&, const PassLayout&) = default;
};

// The choices a pass's shape is made of: the tuner's parameters (pass_tuning.hpp).
struct PassChoice {
    bool sixteens = false;     // radix-16 local passes (local_radices)
    bool wide_odd = false;     // odd radices up to largest_wide_odd_radix (local_radices)
    std::size_t group = 1;     // sub-transforms per work-group
    bool padded = false;       // each row in local memory padded (where group > 1: row_length)
    bool register_cap = false; // registers for 1024 resident threads, 768 (or two groups) across sub-transforms
    bool full_grid = false;    // a group for every `group` slots, none looping (launch_groups)
    // A work-item per butterfly of the local pass with the fewest (the widest radix), which takes
    // the other passes' butterflies in whole rounds so that none idles in any pass, instead of one
    // per butterfly of the pass with the most (pass_threads); where the rounds would not be whole,
    // the latter.
    bool busy_threads = false;

    friend bool operator==(const PassChoice&, const PassChoice&) = default;
};

// The shape of sub-transforms of `points` points made of `choice`, with work-items enough for the
// widest local pass's butterflies (at most the limits' max_threads per group, shared by its
// sub-transforms), its local radices the cheapest for that many work-items a sub-transform;
// nullopt where the group exceeds the limits. `contiguous` as for built_in_choice: a pass that
// moves its points across the sub-transforms keeps more of them in registers, so its register cap
// allows fewer resident work-items.
std::optional<PassShape> make_pass_shape(std::size_t points, const PassLimits& limits, const PassChoice& choice,
                                         bool contiguous);

// The 32-bit registers of a multiprocessor of NVIDIA's GPUs (every one since Kepler), which the
// resident work-items share.
inline constexpr std::size_t multiprocessor_registers = 65536;

// The points a work-item of `shape` holds in registers at once: its rounds of butterflies of the
// local pass where they are most (block/local_pass.rtcg).
std::size_t held_points(const PassShape& shape);

// Whether `registers` 32-bit registers of a work-item of `shape` hold its points of
// `element_bytes` without spilling: the held points and one butterfly's temporaries, as many
// points again as its widest radix (a model fitted to the H100's spills, NOTES.md, session 52).
bool registers_hold(const PassShape& shape, std::size_t element_bytes, std::size_t registers);

// The groups of `shape` that its register cap keeps resident on a multiprocessor (FFT_MIN_GROUPS):
// its resident work-items over a group's, from 1 to 32 (no multiprocessor holds more), half as
// many for complex128 (`element_bytes` 16), whose points take twice the registers.
std::size_t capped_groups(const PassShape& shape, std::size_t element_bytes);

// The built-in choice for sub-transforms of `points` points, at least `min_group` per group (which
// must fit the limits), with radix-16 local passes where `sixteens` and wide odd radices where
// `wide_odd`. `contiguous`: the pass reads and writes each sub-transform's points next to each
// other (a one-pass transform of a contiguous axis), where radix-16 local passes and unpadded rows
// pay; elsewhere radix 8 and padded rows do better. A register cap where the capped registers
// still hold a work-item's points (registers_hold). More sub-transforms share a group while it stays within the limits'
// work-items, its local memory and `group_points` points, so that small transforms still fill a group;
// a contiguous power of two from 1024 points to the usual pass's local memory instead takes as
// many as leave its work-items 16 points each.
inline constexpr std::size_t usual_group_points = 1024;
PassChoice built_in_choice(std::size_t points, const PassLimits& limits, std::size_t min_group, bool contiguous,
                           bool sixteens, bool wide_odd, std::size_t group_points = usual_group_points);

// The work-items, at most `max_threads`, of the built-in one-pass group of a transform of `points`
// points of `element_bytes` that takes a multiprocessor's local memory alone, with radix-16 and wide
// odd local passes: the first of max_threads, 512 and 384 at which a work-item's share of the
// multiprocessor's registers holds its points (registers_hold), else 512. A group
// of that many work-items that spills is far slower than one of fewer that does not, which takes
// more rounds (NOTES.md, session 52).
std::size_t wide_pass_threads(std::size_t points, std::size_t element_bytes, std::size_t max_threads);

// Whether the work-items of a one-pass group of `points` points of `element_bytes`, `threads` of
// them with radix-16 local passes and wide odd radices where `wide_odd`, hold their points in their
// share of a multiprocessor's registers (registers_hold).
bool group_registers_hold(std::size_t points, std::size_t element_bytes, std::size_t threads, bool wide_odd);

// The first of max_threads, 512 and 384 work-items at which that group's work-items hold their
// points in registers (group_registers_hold, with wide odd radices); nullopt where none does.
std::optional<std::size_t> holding_pass_threads(std::size_t points, std::size_t element_bytes, std::size_t max_threads);

// A local pass after a pass kernel's first: its radix, the points its butterflies' inputs already
// combine (ns, the product of the radices before it) and where its twiddles start in the kernel's
// table (local_twiddles).
struct TwiddledLocalPass {
    std::size_t radix = 1;
    std::size_t ns = 1;
    std::size_t offset = 0;
};

// The local passes of `shape` after the first, in order.
std::vector<TwiddledLocalPass> twiddled_local_passes(const PassShape& shape);

// The twiddles of a pass kernel of `shape`: for each pass of twiddled_local_passes, at
// offset + (r - 1) ns + k the root exp(-2 pi i r k / (ns radix)), 0 < r < radix, k < ns. Butterfly
// k of neighbouring work-items reads neighbouring elements for each r, a few cache lines per
// warp, where a table of the roots themselves, read at r k, scatters them over many. At least
// one element (a buffer is never empty).
template <class Real>
std::vector<std::complex<Real>> local_twiddles(const PassShape& shape) {
    std::vector<std::complex<Real>> table;
    for (const TwiddledLocalPass& pass : twiddled_local_passes(shape))
        for (std::size_t r = 1; r < pass.radix; ++r)
            for (std::size_t k = 0; k < pass.ns; ++k)
                table.push_back(rounded_to<Real>(root_of_unity(r * k, pass.ns * pass.radix)));
    if (table.empty()) table.emplace_back(Real(1), Real(0));
    return table;
}

// The entries of outer_twiddles(shape): (R / P + P - 1) ns, R / P butterflies and P the first
// local radix. A kernel with int_twiddle_indices indexes the table with ints: AxisPlan refuses a
// pass whose table exceeds them.
inline std::size_t outer_twiddle_count(const PassShape& shape) {
    const std::size_t radix = shape.first_radix();
    return (shape.points / radix + radix - 1) * shape.ns;
}

// The twiddles by which a pass after the first (FFT_TWIDDLED) turns its input, ns = shape.ns points
// combined before it, split along the way its first local pass reads: butterfly i (< R / P, P the first
// local radix) of sub-transform k = j mod ns reads the points i + r R / P (r < P), whose twiddle
// exp(-2 pi i (i + r R / P) k / (ns R)) is the product of the butterfly's across[i ns + k] =
// exp(-2 pi i i k / (ns R)) and the point's along[(r - 1) ns + k] = exp(-2 pi i r k / (ns P)),
// r >= 1, the table `along` following `across` at (R / P) ns. Neighbouring sub-transforms read
// neighbouring entries, so a warp's reads come in runs as its points' do (where a table of roots
// read at their product scatters them), and a butterfly reads `across` once for all its points.
// Both are rounded once from exact arguments: their product is within about an ulp, as a root
// read from one table and turned by another. From radix 16 on a butterfly reads only some of
// `along` and turns most points by `across` times two of its entries, not one (FFT_TWIDDLE_SPLIT
// in kernel/pass.rtcg): an ulp or so more. (R / P + P - 1) ns entries: the longest pass last
// keeps them few (axis_plan.cpp).
template <class Real>
std::vector<std::complex<Real>> outer_twiddles(const PassShape& shape) {
    const std::size_t ns = shape.ns;
    const std::size_t radix = shape.first_radix();
    const std::size_t butterflies = shape.points / radix;
    const std::size_t points = shape.points;
    return roots_table<Real>(outer_twiddle_count(shape), [ns, butterflies, radix, points](std::size_t e) {
        const std::size_t k = e % ns, row = e / ns;
        // across[i ns + k], i < butterflies, then along[(r - 1) ns + k], 0 < r < radix.
        if (row < butterflies) return std::pair{row * k % (ns * points), ns * points};
        return std::pair{(row - butterflies + 1) * k % (ns * radix), ns * radix};
    });
}

// The roots a RealPlan's real step reads in the pass of `points` points of a transform of n
// (fft_real_root in kernel/pass.rtcg): exp(-2 pi i j / 2n) for the n / points sub-transforms j,
// then exp(-2 pi i q / (2 points)), q <= points. The root of point k = j + q n / points is the
// product of its row's and its point's, rounded once each as the twiddles between passes are.
template <class Real>
std::vector<std::complex<Real>> real_step_roots(std::size_t n, std::size_t points) {
    std::vector<std::complex<Real>> table = strided_roots<Real>(n / points, 1, 2 * n);
    const std::vector<std::complex<Real>> along = strided_roots<Real>(points + 1, 1, 2 * points);
    table.insert(table.end(), along.begin(), along.end());
    return table;
}

// The dynamic local memory a pass kernel of `shape` takes for elements of `element_bytes`: its
// group's rows of a piece per point, or none where its one local pass keeps the points in
// registers (FFT_LOCAL_ROWS).
std::size_t pass_local_bytes(const PassShape& shape, std::size_t element_bytes);

// The program of fft_pass for elements of `real` (float32 or float64) and `shape`.
std::string pass_source(const codegen::DType& real, const PassShape& shape);

// The program of fft_real_untangle and fft_real_tangle (kernel/real.rtcg).
std::string real_source(const codegen::DType& real);

// The program of fft_chirp_in, fft_chirp_multiply and fft_chirp_out (kernel/bluestein.rtcg).
std::string bluestein_source(const codegen::DType& real);

} // namespace rtcg::detail::fft
