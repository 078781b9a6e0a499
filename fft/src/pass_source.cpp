#include "pass_source.hpp"

#include "factorization.hpp"
#include "fft_device_sources.hpp"
#include "roots_of_unity.hpp"
#include "row_padding.hpp"

#include <rtcg/codegen/literal.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <complex>
#include <limits>
#include <numbers>
#include <set>
#include <utility>

namespace rtcg::detail::fft {
namespace {

// Literals are the same text in both dialects; the dialect only matters for non-finite values.
std::string real_literal(const codegen::DType& real, long double value) {
    return codegen::floating_literal(codegen::Dialect::opencl, real, static_cast<double>(value));
}

std::string configuration(const codegen::DType& real) {
    const bool single = real == codegen::DType::float32();
    std::string text = "#define FFT_REAL " + std::string(single ? "float" : "double") + "\n";
    text += "typedef " + std::string(single ? "rtcg_float2" : "rtcg_double2") + " fft_c;\n";
    text += "#define FFT_HALF_SQRT2 " + real_literal(real, std::sqrt(0.5L)) + "\n";
    text += "#define FFT_COS_PI8 " + real_literal(real, std::cos(std::numbers::pi_v<long double> / 8)) + "\n";
    text += "#define FFT_SIN_PI8 " + real_literal(real, std::sin(std::numbers::pi_v<long double> / 8)) + "\n";
    return text;
}

// The DFT of an odd p (a prime, or a product of small ones: odd_radices) in place, pairing the
// points r and p - r: with a_r = u_r + u_(p-r) and b_r = u_r - u_(p-r), X_q = u_0 + sum a_r
// cos(2 pi q r / p) + i s sum b_r sin(2 pi q r / p), and X_(p-q) the same with the last sum's sign
// turned (s: the direction's sign).
std::string odd_dft(const codegen::DType& real, std::size_t p) {
    const std::size_t half = (p - 1) / 2;
    const std::string n = std::to_string(p);
    std::string text = "RTCG_DEVICE void fft_dft_" + n + "(fft_c* u, int sign) {\n    const fft_c u0 = u[0];\n";
    text += "    fft_c a[" + std::to_string(half) + "], b[" + std::to_string(half) + "];\n";
    text += "    for (int r = 1; r <= " + std::to_string(half) + "; ++r) {\n";
    text += "        a[r - 1] = fft_add(u[r], u[" + n + " - r]);\n        b[r - 1] = fft_sub(u[r], u[" + n +
            " - r]);\n    }\n";
    text += "    fft_c sum = u0;\n    for (int r = 0; r < " + std::to_string(half) +
            "; ++r) sum = fft_add(sum, a[r]);\n";
    text += "    u[0] = sum;\n";
    for (std::size_t q = 1; q <= half; ++q) {
        text += "    {\n        fft_c even = u0, odd = fft_make(0, 0);\n";
        for (std::size_t r = 1; r <= half; ++r) {
            // The root exp(-2 pi i m / p) = cos - i sin.
            const std::complex<long double> w = root_of_unity(q * r % p, p);
            const std::string i = std::to_string(r - 1);
            text += "        even = fft_add(even, fft_scale(a[" + i + "], " + real_literal(real, w.real()) + "));\n";
            text += "        odd = fft_add(odd, fft_scale(b[" + i + "], " + real_literal(real, -w.imag()) + "));\n";
        }
        text += "        odd = fft_quarter(odd, sign);\n";
        text += "        u[" + std::to_string(q) + "] = fft_add(even, odd);\n";
        text += "        u[" + std::to_string(p - q) + "] = fft_sub(even, odd);\n    }\n";
    }
    return text + "}\n";
}

// The work-items per sub-transform, within the cap: one per butterfly of the local pass with the
// most of them, or with `busy`, of the one with the fewest where that many take every pass's
// butterflies in whole rounds (PassChoice::busy_threads).
std::size_t pass_threads(std::size_t points, const std::vector<std::size_t>& radices, std::size_t thread_cap,
                         std::size_t group, bool busy) {
    std::size_t most = 1, fewest = points;
    for (const std::size_t p : radices) {
        most = std::max(most, points / p);
        fewest = std::min(fewest, points / p);
    }
    const bool whole_rounds = std::all_of(radices.begin(), radices.end(),
                                          [points, fewest](std::size_t p) { return (points / p) % fewest == 0; });
    const std::size_t butterflies = busy && !radices.empty() && whole_rounds ? fewest : most;
    return std::max<std::size_t>(1, std::min(butterflies, thread_cap / group));
}

// How a twiddled first pass's butterflies of radix p read their points' twiddles between passes
// (FFT_TWIDDLE_SPLIT, kernel/pass.rtcg): as about 2 sqrt(p) powers from radix 16 on, which cuts
// the table's loads by more than half there; each point's own below, where the split radix-8
// passes were slower (NOTES.md, session 57).
std::size_t twiddle_split(std::size_t p) {
    constexpr std::size_t least_split_radix = 16;
    if (p < least_split_radix) return p;
    std::size_t split = 1;
    while (split * split < p) ++split;
    return split;
}

// The work-items a register cap keeps resident on a multiprocessor (PassShape::resident_threads):
// 1024 for a pass along its sub-transforms; 768 for one across them, whose work-items hold more
// points, but two groups where 768 would leave one alone and the sub-transforms are powers of two,
// so that one group's loads overlap the other's barriers. Passes with odd radices, whose
// butterflies hold more temporaries than registers_hold reckons, lost so (3 * 2^20 and 2 000 000
// points; NOTES.md, session 70).
std::size_t resident_threads(const PassShape& shape, bool contiguous) {
    if (contiguous) return 1024;
    constexpr std::size_t across = 768, two_groups_most = 1024;
    const std::size_t two_groups = 2 * shape.group * shape.threads;
    return std::has_single_bit(shape.points) && two_groups > across && two_groups <= two_groups_most ? two_groups
                                                                                                     : across;
}

std::size_t thread_cap(const PassLimits& limits) { return std::max<std::size_t>(1, limits.max_threads); }

// The points each work-item of a built-in contiguous one-pass kernel of a power of two holds, from
// work_item_points_least_length points on (built_in_choice).
constexpr std::size_t work_item_points = 16;
constexpr std::size_t work_item_points_least_length = 1024;

} // namespace

std::vector<TwiddledLocalPass> twiddled_local_passes(const PassShape& shape) {
    std::vector<TwiddledLocalPass> passes;
    std::size_t ns = shape.first_radix();
    std::size_t offset = 0;
    for (std::size_t k = 1; k < shape.radices.size(); ++k) {
        const std::size_t radix = shape.radices[k];
        passes.push_back({radix, ns, offset});
        offset += (radix - 1) * ns;
        ns *= radix;
    }
    return passes;
}

bool valid_pieces(std::size_t pieces) { return pieces == 1 || pieces == 2 || pieces == 4; }

std::size_t pass_local_bytes(const PassShape& shape, std::size_t element_bytes) {
    const bool one_local_pass = shape.radices.size() <= 1;
    return one_local_pass && !shape.untangle ? 0 : shape.group * shape.row * (element_bytes / shape.pieces);
}

std::optional<PassShape> make_pass_shape(std::size_t points, const PassLimits& limits, const PassChoice& choice,
                                         bool contiguous) {
    const std::size_t cap = thread_cap(limits);
    if (!valid_pieces(limits.pieces) || choice.group == 0 || choice.group > cap) return std::nullopt;
    PassShape shape;
    shape.points = points;
    // The radices are modelled at the work-items one sub-transform may have (pass_threads), not
    // the group's: a sub-transform modelled with all of them idles none in passes of many small
    // butterflies, which then win while its real work-items take them in rounds.
    shape.radices = local_radices(points, choice.sixteens, cap / choice.group, choice.wide_odd);
    shape.threads = pass_threads(points, shape.radices, cap, choice.group, choice.busy_threads);
    shape.group = choice.group;
    const std::size_t local_element_bytes = limits.element_bytes / limits.pieces;
    shape.row = row_length(shape, local_element_bytes, choice.padded, contiguous);
    if (shape.group * shape.row * local_element_bytes > limits.local_bytes) return std::nullopt;
    shape.resident_threads = choice.register_cap ? resident_threads(shape, contiguous) : 0;
    shape.pieces = limits.pieces;
    shape.full_grid = choice.full_grid;
    return shape;
}

std::size_t held_points(const PassShape& shape) {
    std::size_t held = 0;
    for (const std::size_t p : shape.radices) {
        const std::size_t butterflies = shape.points / p;
        held = std::max(held, (butterflies + shape.threads - 1) / shape.threads * p);
    }
    return held;
}

bool registers_hold(const PassShape& shape, std::size_t element_bytes, std::size_t registers) {
    const std::size_t widest = shape.radices.empty() ? 1
                                                     : *std::max_element(shape.radices.begin(), shape.radices.end());
    return (held_points(shape) + widest) * element_bytes / 4 <= registers;
}

std::size_t capped_groups(const PassShape& shape, std::size_t element_bytes) {
    const std::size_t resident = shape.resident_threads * 8 / element_bytes;
    return std::clamp<std::size_t>(resident / (shape.group * shape.threads), 1, 32);
}

PassChoice built_in_choice(std::size_t points, const PassLimits& limits, std::size_t min_group, bool contiguous,
                           bool sixteens, bool wide_odd, std::size_t group_points) {
    const std::size_t cap = thread_cap(limits);
    const std::size_t threads = pass_threads(points, local_radices(points, contiguous, cap, false), cap, min_group,
                                             false);
    std::size_t group = min_group;
    const auto fits = [&](std::size_t rows) {
        return make_pass_shape(
                   points, limits,
                   PassChoice{.sixteens = sixteens, .wide_odd = wide_odd, .group = rows, .padded = !contiguous},
                   contiguous)
            .has_value();
    };
    // A contiguous power of two from 1024 points to what the usual pass's local memory holds gives
    // its work-items 16 points each, as many transforms sharing the group as leave them that many:
    // 2048 points take groups of two transforms of 128 work-items, radices 16, 16 and 8, where one
    // transform of 256 took 8, 8, 8 and 4, a local pass and its barrier more at half the points a
    // work-item. Shorter transforms lost with it (NOTES.md, session 69). Others share a group up to
    // the limits' work-items and `group_points` points.
    const bool sixteen_points = contiguous && std::has_single_bit(points) && points >= work_item_points_least_length &&
                                points * limits.element_bytes <= pass_local_budget;
    if (sixteen_points)
        while (fits(2 * group) && cap / (2 * group) >= points / work_item_points) group *= 2;
    else
        while (2 * group * threads <= cap && fits(2 * group) && 2 * group * points <= group_points) group *= 2;
    // Padding spreads the accesses of a group that moves its points across the sub-transforms over
    // the memory banks; moving along them, it only misaligns the rows. Every pass spends much of
    // its time at barriers or waiting for global memory: more resident groups fill it, where the
    // capped registers still hold a work-item's points; more points spill, which costs more.
    PassChoice choice{
        .sixteens = sixteens, .wide_odd = wide_odd, .group = group, .padded = !contiguous, .register_cap = true};
    if (const std::optional<PassShape> shape = make_pass_shape(points, limits, choice, contiguous)) {
        const std::size_t work_items = capped_groups(*shape, limits.element_bytes) * shape->group * shape->threads;
        choice.register_cap = registers_hold(*shape, limits.element_bytes, multiprocessor_registers / work_items);
    }
    return choice;
}

bool group_registers_hold(std::size_t points, std::size_t element_bytes, std::size_t threads, bool wide_odd) {
    // The group's local memory is the caller's to check: only its registers are here.
    const PassLimits limits{element_bytes, std::numeric_limits<std::size_t>::max(), threads};
    const std::optional<PassShape> shape = make_pass_shape(points, limits,
                                                           PassChoice{.sixteens = true, .wide_odd = wide_odd}, true);
    return shape && registers_hold(*shape, element_bytes, multiprocessor_registers / shape->threads);
}

std::optional<std::size_t> holding_pass_threads(std::size_t points, std::size_t element_bytes,
                                                std::size_t max_threads) {
    for (const std::size_t threads : {max_threads, std::size_t{512}, std::size_t{384}})
        if (threads <= max_threads && group_registers_hold(points, element_bytes, threads, true)) return threads;
    return std::nullopt;
}

std::size_t wide_pass_threads(std::size_t points, std::size_t element_bytes, std::size_t max_threads) {
    return holding_pass_threads(points, element_bytes, max_threads).value_or(std::min<std::size_t>(512, max_threads));
}

namespace {

// The definitions both pass kernels start from: the shape's sub-transforms and groups, and where
// the pass lies in its transform.
std::string shape_configuration(const codegen::DType& real, const PassShape& shape) {
    std::string text = configuration(real);
    text += "#define FFT_R " + std::to_string(shape.points) + "\n";
    text += "#define FFT_RS " + std::to_string(shape.row) + "\n";
    text += "#define FFT_T " + std::to_string(shape.threads) + "\n";
    text += "#define FFT_G " + std::to_string(shape.group) + "\n";
    // The register cap: registers for the shape's resident groups, so that other groups' loads and
    // stores fill the time a group waits at barriers.
    text += "#define FFT_MIN_GROUPS " + std::to_string(capped_groups(shape, 2 * real.size())) + "\n";
    text += std::string("#define FFT_MIRRORED ") + (shape.mirrored() ? "1" : "0") + "\n";
    text += std::string("#define FFT_WHOLE ") + (shape.whole ? "1" : "0") + "\n";
    text += "#define FFT_NS " + std::to_string(shape.ns) + "\n";
    text += "#define FFT_SIGN " + std::to_string(shape.sign) + "\n";
    return text;
}

// The DFTs of the odd radices among `radices`: the even ones are in thread/butterflies.rtcg.
std::string odd_dfts(const codegen::DType& real, const std::vector<std::size_t>& radices) {
    std::string text;
    for (const std::size_t p : std::set<std::size_t>(radices.begin(), radices.end()))
        if (p % 2 == 1 && p > 1) text += odd_dft(real, p);
    return text;
}

// The type of a piece of a point of `real` parts in `pieces` (thread/pieces.rtcg), and with four
// the type of its parts' bits and their casts.
std::string piece_configuration(const codegen::DType& real, std::size_t pieces) {
    const bool single = real == codegen::DType::float32();
    std::string text = "#define FFT_PIECES " + std::to_string(pieces) + "\n";
    if (pieces == 2) return text + "typedef FFT_REAL fft_piece;\n";
    text += "#define FFT_PIECE_BITS " + std::string(single ? "16" : "32") + "\n";
    text += std::string("typedef ") + (single ? "unsigned short" : "unsigned") + " fft_piece;\n";
    text += std::string("typedef ") + (single ? "unsigned" : "rtcg_uindex_t") + " fft_bits;\n";
    text += std::string("#define FFT_AS_BITS(x) ") + (single ? "rtcg_float_bits(x)" : "rtcg_double_bits(x)") + "\n";
    text += std::string("#define FFT_FROM_BITS(bits) ") +
            (single ? "rtcg_float_from_bits(bits)" : "rtcg_double_from_bits(bits)") + "\n";
    return text;
}

// The program of a one-pass transform whose local passes exchange its points in pieces
// (kernel/pieced_pass.rtcg): each exchange and local pass after the first in FFT_PIECED_PASSES.
std::string pieced_pass_source(const codegen::DType& real, const PassShape& shape) {
    std::string text = shape_configuration(real, shape) + piece_configuration(real, shape.pieces);
    text += "#define FFT_HELD " + std::to_string(held_points(shape)) + "\n";
    text += "#define FFT_P_FIRST " + std::to_string(shape.radices.front()) + "\n";
    text += "#define FFT_DFT_FIRST fft_dft_" + std::to_string(shape.radices.front()) + "\n";
    text += "#define FFT_P_LAST " + std::to_string(shape.radices.back()) + "\n";
    text += "#define FFT_PIECED_PASSES(u, rows, read_row, read_point, row, point, write_row, write_point, table, "
            "sign)";
    const std::vector<TwiddledLocalPass> twiddled = twiddled_local_passes(shape);
    std::set<std::pair<std::size_t, std::size_t>> exchanges;
    std::size_t from_radix = shape.radices.front();
    for (std::size_t k = 0; k < twiddled.size(); ++k) {
        const TwiddledLocalPass& pass = twiddled[k];
        const std::string from = k == 0 ? "read_row, read_point" : "row, point";
        const std::string to = k + 1 == twiddled.size() ? "write_row, write_point" : "row, point";
        const std::string to_point = k + 1 == twiddled.size() ? "write_point" : "point";
        // The pass before writes its outputs with its own ns, which the exchange takes: the first's is 1.
        const std::size_t from_ns = k == 0 ? 1 : twiddled[k - 1].ns;
        text += " fft_exchange_" + std::to_string(from_radix) + "_" + std::to_string(pass.radix) + "(u, rows, " + from +
                ", " + std::to_string(from_ns) + ", " + to + "); fft_held_pass_" + std::to_string(pass.radix) + "(u, " +
                to_point + ", " + std::to_string(pass.ns) + ", table + " + std::to_string(pass.offset) + ", sign);";
        exchanges.emplace(from_radix, pass.radix);
        from_radix = pass.radix;
    }
    text += "\n";
    text += device::thread::complex;
    text += device::thread::butterflies;
    text += odd_dfts(real, shape.radices);
    text += device::thread::pieces;
    text += device::block::local_pass;
    text += device::block::pass_rows;
    text += device::block::piece_exchange;
    std::set<std::size_t> held;
    for (const auto& [from, to] : exchanges) {
        text += "FFT_DEFINE_EXCHANGE(" + std::to_string(from) + ", " + std::to_string(to) + ")\n";
        held.insert(to);
    }
    for (const std::size_t p : held) text += "FFT_DEFINE_HELD_PASS(" + std::to_string(p) + ")\n";
    text += device::kernel::pieced_pass;
    return text;
}

} // namespace

void choose_for_compiler(PassShape& shape, codegen::Dialect dialect, const codegen::DType& real) {
    const bool cuda = dialect == codegen::Dialect::cuda;
    shape.stepped_first_edge = cuda || !shape.real_step();
    shape.stepped_last_edge = cuda;
    const std::size_t first_butterflies = shape.points / shape.first_radix();
    const bool several_whole_rounds = first_butterflies > shape.threads && first_butterflies % shape.threads == 0;
    shape.unrolled_first_rounds = cuda && real == codegen::DType::float32() && several_whole_rounds;
}

std::string pass_source(const codegen::DType& real, const PassShape& shape) {
    if (shape.pieces > 1) return pieced_pass_source(real, shape);
    std::string text = shape_configuration(real, shape);
    text += std::string("#define FFT_UNTANGLE ") + (shape.untangle ? "1" : "0") + "\n";
    text += std::string("#define FFT_TANGLE ") + (shape.tangle ? "1" : "0") + "\n";
    text += std::string("#define FFT_TWIDDLED ") + (shape.twiddled() ? "1" : "0") + "\n";
    text += std::string("#define FFT_TWIDDLE_INDEX ") + (shape.int_twiddle_indices ? "int" : "rtcg_index_t") + "\n";
    text += std::string("#define FFT_STEPPED_FIRST ") + (shape.stepped_first_edge ? "1" : "0") + "\n";
    text += std::string("#define FFT_STEPPED_LAST ") + (shape.stepped_last_edge ? "1" : "0") + "\n";
    text += std::string("#define FFT_UNROLLED_FIRST_ROUNDS ") + (shape.unrolled_first_rounds ? "1" : "0") + "\n";
    // The first local pass reads global memory and, without FFT_UNTANGLE, the last one (the first
    // too where it is the only one) writes it; the passes between go through local memory.
    // A transform of one point has no radix: a pass of radix 1 copies it.
    const std::vector<std::size_t> radices = shape.radices.empty() ? std::vector<std::size_t>{1} : shape.radices;
    const bool last_from_local = radices.size() > 1 && !shape.untangle;
    const std::size_t middle_end = radices.size() - (last_from_local ? 1 : 0);
    text += "#define FFT_P_FIRST " + std::to_string(radices.front()) + "\n";
    text += "#define FFT_DFT_FIRST fft_dft_" + std::to_string(radices.front()) + "\n";
    text += "#define FFT_TWIDDLE_SPLIT " + std::to_string(twiddle_split(radices.front())) + "\n";
    text += std::string("#define FFT_ONE_PASS ") + (radices.size() == 1 ? "1" : "0") + "\n";
    text += std::string("#define FFT_LOCAL_ROWS ") + (pass_local_bytes(shape, 1) > 0 ? "1" : "0") + "\n";
    text += std::string("#define FFT_LAST_FROM_LOCAL ") + (last_from_local ? "1" : "0") + "\n";
    text += "#define FFT_P_LAST " + std::to_string(radices.back()) + "\n";
    text += "#define FFT_DFT_LAST fft_dft_" + std::to_string(radices.back()) + "\n";
    const std::vector<TwiddledLocalPass> twiddled = twiddled_local_passes(shape);
    text += "#define FFT_LAST_TWIDDLES " + std::to_string(last_from_local ? twiddled.back().offset : 0) + "\n";
    text += "#define FFT_MIDDLE_PASSES(points, t, table, sign)";
    std::set<std::size_t> middle;
    for (std::size_t k = 0; k + 1 < middle_end; ++k) {
        const TwiddledLocalPass& pass = twiddled[k];
        text += " fft_local_pass_" + std::to_string(pass.radix) + "(points, " + std::to_string(pass.ns) +
                ", t, table + " + std::to_string(pass.offset) + ", sign);";
        middle.insert(pass.radix);
    }
    text += "\n";
    text += device::thread::complex;
    text += device::thread::butterflies;
    text += odd_dfts(real, radices);
    text += device::block::local_pass;
    for (const std::size_t p : middle) text += "FFT_DEFINE_LOCAL_PASS(" + std::to_string(p) + ")\n";
    text += device::block::pass_rows;
    text += device::kernel::pass;
    return text;
}

std::string real_source(const codegen::DType& real) {
    std::string text = configuration(real);
    text += device::thread::complex;
    text += device::kernel::real;
    return text;
}

std::string bluestein_source(const codegen::DType& real) {
    std::string text = configuration(real);
    text += device::thread::complex;
    text += device::kernel::bluestein;
    return text;
}

} // namespace rtcg::detail::fft
